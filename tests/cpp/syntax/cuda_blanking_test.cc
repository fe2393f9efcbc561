#include "core/syntax/cuda_blanking.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "core/syntax/syntax_tree.h"

namespace atom::syntax {
namespace {

constexpr const char* kKernelSource =
    "template <typename T>\n"
    "__global__ __launch_bounds__(256) void scale(T* __restrict__ out, const T* in, int n) {\n"
    "  __shared__ float tile[256];\n"
    "  out[threadIdx.x] = in[threadIdx.x];\n"
    "}\n"
    "\n"
    "void run(float* o, const float* i, int n, hipStream_t stream) {\n"
    "  scale<float><<<dim3((n + 255) / 256), dim3(256),\n"
    "                 0, stream>>>(o, i, n);\n"
    "  std::vector<std::vector<int>> nested;  // >> here is no launch\n"
    "  const char* s = \"__global__ <<<x>>>\";\n"
    "}\n";

size_t count_lines(std::string_view text) { return static_cast<size_t>(std::count(text.begin(), text.end(), '\n')); }

TEST(CudaBlanking, KeepsLengthAndLineBreaks) {
  const BlankedCuda blanked = blank_cuda_extensions(kKernelSource);
  const std::string_view source = kKernelSource;
  ASSERT_EQ(blanked.text.size(), source.size());
  EXPECT_EQ(count_lines(blanked.text), count_lines(source));
  for (size_t i = 0; i < source.size(); ++i)
    if (source[i] == '\n') EXPECT_EQ(blanked.text[i], '\n') << "offset " << i;
  EXPECT_EQ(blanked.text.find("__global__"), blanked.text.find("\"__global__") + 1);  // only the string's copy
  EXPECT_EQ(blanked.text.find("__launch_bounds__"), std::string::npos);
  EXPECT_EQ(blanked.text.find("__restrict__"), std::string::npos);
  EXPECT_EQ(blanked.text.find("__shared__"), std::string::npos);
  EXPECT_NE(blanked.text.find("std::vector<std::vector<int>> nested"), std::string::npos);
}

TEST(CudaBlanking, RemembersQualifiersAndLaunches) {
  const BlankedCuda blanked = blank_cuda_extensions(kKernelSource);
  std::vector<std::string> words;
  for (const CudaQualifier& qualifier : blanked.marks.qualifiers) words.push_back(qualifier.word);
  EXPECT_EQ(words, (std::vector<std::string>{"__global__", "__launch_bounds__", "__restrict__", "__shared__"}));
  EXPECT_EQ(blanked.marks.qualifiers[1].text, "__launch_bounds__(256)");
  ASSERT_EQ(blanked.marks.launches.size(), 1u);
  const CudaLaunch& launch = blanked.marks.launches[0];
  EXPECT_EQ(launch.kernel, "scale");
  EXPECT_EQ(launch.config, "dim3((n + 255) / 256), dim3(256),\n                 0, stream");
  EXPECT_EQ(std::string_view(kKernelSource).substr(launch.kernel_byte, 5), "scale");
}

TEST(CudaBlanking, AClusterDimsAttributeIsBlankedWithItsArguments) {
  constexpr const char* kClusterKernel =
      "template <int SplitK>\n"
      "__global__ void\n"
      "    __cluster_dims__(SplitK, 2, 1)\n"
      "    gemm_kernel(float* out) {\n"
      "  out[0] = 1.0f;\n"
      "}\n";
  const BlankedCuda blanked = blank_cuda_extensions(kClusterKernel);
  ASSERT_EQ(blanked.marks.qualifiers.size(), 2u);
  EXPECT_EQ(blanked.marks.qualifiers[1].text, "__cluster_dims__(SplitK, 2, 1)");
  EXPECT_EQ(blanked.text.find("SplitK, 2"), std::string::npos);
  EXPECT_EQ(parse_cpp(kClusterKernel).error_count(), 0u);
}

TEST(CudaBlanking, TheBlankedKernelParsesClean) {
  const SyntaxTree tree = parse_cpp(kKernelSource);
  EXPECT_EQ(tree.error_count(), 0u);
  EXPECT_EQ(tree.missing_count(), 0u);
  EXPECT_EQ(tree.text(), kKernelSource);  // node text is the original, not the blanked copy
  EXPECT_EQ(tree.cuda().launches.size(), 1u);
  EXPECT_EQ(tree.line_count(), static_cast<int>(count_lines(kKernelSource)));
}

TEST(CudaBlanking, WithoutBlankingTheGrammarStumbles) {
  TSParser* parser = ts_parser_new();
  ts_parser_set_language(parser, language(Grammar::Cpp));
  const std::string_view source = kKernelSource;
  TSTree* raw = ts_parser_parse_string(parser, nullptr, source.data(), static_cast<uint32_t>(source.size()));
  EXPECT_TRUE(ts_node_has_error(ts_tree_root_node(raw)));
  ts_tree_delete(raw);
  ts_parser_delete(parser);
}

TEST(CudaBlanking, UnclosedLaunchAndCommentsAreLeftAlone) {
  const std::string source = "// __global__ in a comment\nk<<<grid, block\n/* __device__ */ int x;\n";
  const BlankedCuda blanked = blank_cuda_extensions(source);
  EXPECT_EQ(blanked.text, source);
  EXPECT_TRUE(blanked.marks.qualifiers.empty());
  EXPECT_TRUE(blanked.marks.launches.empty());
}

}  // namespace
}  // namespace atom::syntax
