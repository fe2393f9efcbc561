// Functions, macros and kernel launches from C++/HIP trees.
#include <gtest/gtest.h>

#include "tests/cpp/analysis/syntax_test_support.h"

namespace atom::testing {
namespace {

constexpr const char* kHip =
    "#include <hip/hip_runtime.h>\n"                                          // 1
    "#define BLOCK 256\n"                                                     // 2
    "#define CEIL_DIV(a, b) \\\n"                                             // 3
    "  (((a) + (b) - 1) / (b))\n"                                             // 4
    "namespace aiter {\n"                                                     // 5
    "template <typename T, int N>\n"                                          // 6
    "__global__ void __launch_bounds__(256)\n"                                // 7
    "scale_kernel(T* __restrict__ out, const T* __restrict__ in, int n) {\n"  // 8
    "  __shared__ T tile[BLOCK];\n"                                           // 9
    "  out[threadIdx.x] = in[threadIdx.x];\n"                                 // 10
    "}\n"                                                                     // 11
    "__device__ __forceinline__ float twice(float x) { return 2 * x; }\n"     // 12
    "struct Op {\n"                                                           // 13
    "  __host__ __device__ int size() const { return 1; }\n"                  // 14
    "};\n"                                                                    // 15
    "void launch(float* o, const float* i, int n, hipStream_t s) {\n"         // 16
    "  scale_kernel<float, 4><<<CEIL_DIV(n, BLOCK), BLOCK, 0, s>>>(o, i, n);\n"  // 17
    "  hipLaunchKernelGGL(HIP_KERNEL_NAME(scale_kernel<float, 4>),\n"        // 18
    "                     dim3(1), dim3(BLOCK), 0, s, o, i, n);\n"           // 19
    "}\n"                                                                     // 20
    "}  // namespace aiter\n"                                                 // 21
    "int Op2::count(int a) { return a; }\n";                                  // 22

TEST(CppFunctions, KernelsDeviceHostFlagsAndQualifiedNames) {
  const auto file = cpp_file(kHip);
  EXPECT_EQ(file.error_count(), 0u);
  const auto& functions = file.cpp().functions;
  ASSERT_EQ(functions.size(), 5u);

  const ast::CppFunction& kernel = functions[0];
  EXPECT_EQ(kernel.name, "scale_kernel");
  EXPECT_EQ(kernel.qualified, "aiter::scale_kernel");
  EXPECT_TRUE(kernel.is_kernel);
  EXPECT_TRUE(kernel.is_template);
  EXPECT_FALSE(kernel.is_device);
  EXPECT_EQ(kernel.qualifiers, (std::vector<std::string>{"__global__", "__launch_bounds__(256)"}));
  EXPECT_EQ(kernel.parameters, "(T* __restrict__ out, const T* __restrict__ in, int n)");
  EXPECT_EQ(kernel.header_line, 8);
  EXPECT_EQ(kernel.range.first, 6);
  EXPECT_EQ(kernel.range.last, 11);
  EXPECT_EQ(kernel.body.first, 8);

  const ast::CppFunction& twice = functions[1];
  EXPECT_EQ(twice.qualified, "aiter::twice");
  EXPECT_TRUE(twice.is_device);
  EXPECT_FALSE(twice.is_kernel);
  EXPECT_EQ(twice.range.first, 12);

  const ast::CppFunction& size = functions[2];
  EXPECT_EQ(size.qualified, "aiter::Op::size");
  EXPECT_TRUE(size.is_host);
  EXPECT_TRUE(size.is_device);

  EXPECT_EQ(functions[3].qualified, "aiter::launch");
  EXPECT_TRUE(functions[3].qualifiers.empty());
  EXPECT_EQ(functions[4].name, "count");
  EXPECT_EQ(functions[4].qualified, "Op2::count");
}

TEST(CppMacros, ObjectAndFunctionLikeDefines) {
  const auto file = cpp_file(kHip);
  ASSERT_EQ(file.cpp().macros.size(), 2u);
  EXPECT_EQ(file.cpp().macros[0].name, "BLOCK");
  EXPECT_FALSE(file.cpp().macros[0].function_like);
  EXPECT_EQ(file.cpp().macros[0].value, "256");
  EXPECT_EQ(file.cpp().macros[0].line, 2);
  const ast::CppMacro& ceil = file.cpp().macros[1];
  EXPECT_EQ(ceil.name, "CEIL_DIV");
  EXPECT_TRUE(ceil.function_like);
  EXPECT_EQ(ceil.parameters, "(a, b)");
  EXPECT_EQ(ceil.range.first, 3);
  EXPECT_EQ(ceil.range.last, 4);
}

TEST(CppLaunches, TripleChevronAndHipLaunchKernelGGL) {
  const auto file = cpp_file(kHip);
  ASSERT_EQ(file.cpp().launches.size(), 2u);
  const ast::CppLaunch& chevron = file.cpp().launches[0];
  EXPECT_EQ(chevron.form, ast::CppLaunchForm::TripleChevron);
  EXPECT_EQ(chevron.kernel, "scale_kernel");
  EXPECT_EQ(chevron.config, "CEIL_DIV(n, BLOCK), BLOCK, 0, s");
  EXPECT_EQ(chevron.arguments, (std::vector<std::string>{"o", "i", "n"}));
  EXPECT_EQ(chevron.function, "aiter::launch");
  EXPECT_EQ(chevron.line, 17);
  const ast::CppLaunch& hip = file.cpp().launches[1];
  EXPECT_EQ(hip.form, ast::CppLaunchForm::HipLaunchKernelGGL);
  EXPECT_EQ(hip.kernel, "scale_kernel");
  EXPECT_EQ(hip.config, "dim3(1), dim3(BLOCK), 0, s");
  EXPECT_EQ(hip.arguments, (std::vector<std::string>{"o", "i", "n"}));
  EXPECT_EQ(hip.line, 18);
  EXPECT_EQ(ast::function_at(file.cpp(), 19)->qualified, "aiter::launch");
}

TEST(FileSyntaxes, GrammarByPath) {
  EXPECT_EQ(ast::grammar_for_path("atom/model_engine/runner.py"), syntax::Grammar::Python);
  EXPECT_EQ(ast::grammar_for_path("csrc/kernels/cache_kernels.cu"), syntax::Grammar::Cpp);
  EXPECT_EQ(ast::grammar_for_path("csrc/include/x.cuh"), syntax::Grammar::Cpp);
  EXPECT_EQ(ast::grammar_for_path("a/b.hpp"), syntax::Grammar::Cpp);
  EXPECT_EQ(ast::grammar_for_path("README.md"), std::nullopt);
  EXPECT_EQ(ast::grammar_for_path("setup.cfg"), std::nullopt);
}

TEST(FileSyntaxes, AFragmentKeepsOnlyWhatItShowsOnFileLines) {
  // One side of a hunk that starts inside an if inside a method and climbs out of both.
  const std::string hunk =
      "            if not ok:\n"         // 40
      "                return None\n"    // 41
      "        result = self.run(x)\n"   // 42
      "        return result\n"          // 43
      "\n"                               // 44
      "    @torch.no_grad()\n"           // 45
      "    def warmup(self, n=3):\n"     // 46
      "        self.ready = True\n";     // 47
  const ast::FileSyntax fragment = ast::parse_fragment(syntax::Grammar::Python, hunk, 40);
  EXPECT_TRUE(fragment.fragment);
  EXPECT_EQ(fragment.error_count(), 0u);
  EXPECT_EQ(fragment.first_line, 40);
  EXPECT_EQ(fragment.last_line, 47);
  ASSERT_EQ(fragment.python().if_chains.size(), 1u);
  EXPECT_EQ(fragment.python().if_chains[0].range.first, 40);
  EXPECT_TRUE(fragment.python().if_chains[0].branches[0].terminates);
  EXPECT_EQ(only_binding(fragment.python(), "result").line, 42);
  ASSERT_EQ(fragment.python().functions.size(), 1u);
  const ast::PyFunction& warmup = fragment.python().functions[0];
  EXPECT_EQ(warmup.name, "warmup");
  EXPECT_EQ(warmup.range.first, 45);
  EXPECT_EQ(warmup.header_line, 46);
  EXPECT_EQ(warmup.parameters[1].default_text, "3");
  EXPECT_EQ(only_binding(fragment.python(), "self.ready").line, 47);
  for (const ast::PyBinding& binding : fragment.python().bindings) EXPECT_GE(binding.line, 40) << binding.name;
}

}  // namespace
}  // namespace atom::testing
