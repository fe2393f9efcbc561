#include <gtest/gtest.h>

#include "tests/cpp/summary/summary_test_support.h"

namespace atom {
namespace {

using testing::one_hunk_diff;
using testing::summarize_diff;

TEST(PrTypes, PerformanceFromTheTitleWordWithEvidence) {
  const auto s = summarize_diff(one_hunk_diff("atom/models/qwen3.py", " a = 1\n+b = 2\n"), "Optimize MoE decode");
  ASSERT_NE(s->type("performance"), nullptr);
  EXPECT_EQ(s->type("performance")->evidence, Evidence{"title: \"Optimize\""});
}

TEST(PrTypes, DocsOnlyChangeHasNoType) {
  const auto s = summarize_diff(one_hunk_diff("README.md", " intro\n+more words\n"), "Update README", "Adds words.");
  EXPECT_TRUE(s->result.pr_types.empty()) << s->result.pr_types.front().id;
}

TEST(PrTypes, AiterImportAndKernelCall) {
  const auto s = summarize_diff(one_hunk_diff("atom/model_ops/moe.py",
                                              "+from aiter import fused_moe\n"
                                              " def forward(self, x):\n"
                                              "+    out = aiter.fused_moe(x, self.w, q_scale=self.s)\n"
                                              "     return out\n"),
                                "Use aiter fused moe");
  ASSERT_NE(s->type("aiter_op"), nullptr);
  EXPECT_EQ(s->type("aiter_op")->evidence.text, "atom/model_ops/moe.py:10");
  ASSERT_NE(s->type("kernel_call"), nullptr);
  EXPECT_EQ(s->type("kernel_call")->evidence.text, "atom/model_ops/moe.py:12");
}

TEST(PrTypes, SignatureChangeAndRename) {
  const auto changed = summarize_diff(one_hunk_diff("atom/model_ops/linear.py",
                                                    "-    def forward(self, x):\n"
                                                    "+    def forward(self, x, scale=None):\n"
                                                    "         return x\n"),
                                      "t");
  ASSERT_NE(changed->type("api_signature"), nullptr);
  EXPECT_EQ(changed->type("api_signature")->evidence.text, "atom/model_ops/linear.py:10");

  const auto same = summarize_diff(one_hunk_diff("atom/model_ops/linear.py",
                                                 "     def forward(self, x):\n"
                                                 "-        return x\n"
                                                 "+        return x * 2\n"),
                                   "t");
  EXPECT_EQ(same->type("api_signature"), nullptr);
}

TEST(PrTypes, BranchAssignmentAndDispatch) {
  const auto s = summarize_diff(one_hunk_diff("atom/model_ops/attention_mla.py",
                                              " def run(x, dtype):\n"
                                              "+    if dtype == torch.bfloat16:\n"
                                              "+        out = kernel_a(x)\n"
                                              "+    elif dtype == torch.float16:\n"
                                              "+        out = kernel_b(x)\n"
                                              "     return out\n"),
                                "t");
  ASSERT_NE(s->type("branch_assignment"), nullptr);
  EXPECT_EQ(s->type("branch_assignment")->evidence.text, "atom/model_ops/attention_mla.py:11");
  ASSERT_NE(s->type("dispatch"), nullptr);
  EXPECT_EQ(s->type("dispatch")->evidence.text, "atom/model_ops/attention_mla.py:11");
}

TEST(PrTypes, InvariantRemovalButNotAMovedAssert) {
  const auto removed = summarize_diff(one_hunk_diff("atom/model_ops/moe.py",
                                                    " def f(n):\n"
                                                    "-    buf = torch.zeros(n)\n"
                                                    "+    buf = torch.empty(n)\n"),
                                      "t");
  ASSERT_NE(removed->type("invariant_removal"), nullptr);
  EXPECT_EQ(removed->type("invariant_removal")->evidence, (Evidence{"atom/model_ops/moe.py:11 (removed)", "atom/model_ops/moe.py", 11, Side::Old}));

  const auto moved = summarize_diff(one_hunk_diff("atom/model_ops/moe.py",
                                                  " def f(n):\n"
                                                  "-    assert n > 0\n"
                                                  "     m = n + 1\n"
                                                  "+    assert n > 0\n"),
                                    "t");
  EXPECT_EQ(moved->type("invariant_removal"), nullptr);
}

TEST(PrTypes, PathBasedTypes) {
  const auto s = summarize_diff(one_hunk_diff("atom/plugin/vllm/model_wrapper.py", " a\n+b\n") +
                                    one_hunk_diff("atom/models/qwen3.py", " a\n+b\n") +
                                    one_hunk_diff("atom/config.py", " a\n+b\n"),
                                "t");
  ASSERT_NE(s->type("plugin_interface"), nullptr);
  EXPECT_EQ(s->type("plugin_interface")->evidence.text, "atom/plugin/vllm/model_wrapper.py");
  ASSERT_NE(s->type("model_integration"), nullptr);
  EXPECT_EQ(s->type("model_integration")->evidence.text, "atom/models/qwen3.py");
  ASSERT_NE(s->type("config_tuning"), nullptr);
  EXPECT_EQ(s->type("config_tuning")->evidence, (Evidence{"atom/config.py", "atom/config.py", 0}));
}

TEST(PrTypes, BugFixFromTitleOrLinkedIssue) {
  EXPECT_NE(summarize_diff(one_hunk_diff("a.py", "+x\n"), "Fix crash in decode")->type("bug_fix"), nullptr);
  const auto linked = summarize_diff(one_hunk_diff("a.py", "+x\n"), "Decode tweak", "Closes #123");
  ASSERT_NE(linked->type("bug_fix"), nullptr);
  EXPECT_EQ(linked->type("bug_fix")->evidence.text, "description: \"Closes #123\"");
}

TEST(PrTypes, StreamsCustomOpsIndexMathWeightsCudagraphQuant) {
  const auto s = summarize_diff(one_hunk_diff("atom/model_ops/misc.py",
                                              " def f(self, x):\n"
                                              "+    side = torch.cuda.Stream()\n"
                                              "+    w_preshuffled = shuffle_weight(self.w)\n"
                                              "+    off = token_id * stride_t\n"
                                              "+    q = per_token_quant_fp8(x)\n"
                                              "+    g = torch.cuda.CUDAGraph()\n") +
                                    one_hunk_diff("atom/model_ops/ops.py", "+@torch.library.custom_op(\"atom::f\", mutates_args=())\n"),
                                "t");
  for (const char* id : {"async_stream", "weight_transform", "index_arithmetic", "fp8_quant", "cudagraph", "custom_op"})
    EXPECT_NE(s->type(id), nullptr) << id;
  EXPECT_EQ(s->type("custom_op")->evidence.text, "atom/model_ops/ops.py:10");
}

TEST(PrTypes, RoutingFlagFromConstexprAndArchCondition) {
  const auto constexpr_flag = summarize_diff(one_hunk_diff("atom/model_ops/k.py", "+    SKIP_CHECK: tl.constexpr,\n"), "t");
  EXPECT_NE(constexpr_flag->type("routing_flag"), nullptr);
  const auto arch = summarize_diff(one_hunk_diff("atom/model_ops/k.py", "+    if arch == \"gfx950\":\n+        x = 1\n"), "t");
  ASSERT_NE(arch->type("routing_flag"), nullptr);
  EXPECT_EQ(arch->type("routing_flag")->evidence.text, "atom/model_ops/k.py:10");
}

TEST(PrTypes, TestFilesDoNotMakeTypes) {
  const auto s = summarize_diff(one_hunk_diff("tests/test_moe.py", "+from aiter import fused_moe\n+y = aiter.fused_moe(x)\n"), "t");
  EXPECT_EQ(s->type("aiter_op"), nullptr);
  EXPECT_EQ(s->type("kernel_call"), nullptr);
}

TEST(PrTypes, MovedCodeIsNoSign) {
  // The import and the call only move (into a function, into a branch): the PR adds no aiter use.
  const auto moved = summarize_diff(one_hunk_diff("atom/model_ops/moe.py",
                                                  "-from aiter import fused_moe\n"
                                                  "-out = aiter.fused_moe(x, w)\n"
                                                  " def forward(self, x):\n"
                                                  "+    from aiter import fused_moe\n"
                                                  "+    out = aiter.fused_moe(x, w)\n"
                                                  "     return out\n"),
                                    "Tidy moe");
  EXPECT_EQ(moved->type("aiter_op"), nullptr) << moved->type("aiter_op")->evidence.text;
  EXPECT_EQ(moved->type("kernel_call"), nullptr);
}

TEST(PrTypes, DocsAndConfigLinesAreNoCodeSign) {
  const auto config = summarize_diff(one_hunk_diff(".github/benchmark/models_accuracy.json",
                                                   "   {\n"
                                                   "+    \"model\": \"DeepSeek-R1-FP8\", \"args\": \"--cuda-graph --quant fp8\"\n"),
                                     "Add a model to the nightly list");
  EXPECT_EQ(config->type("fp8_quant"), nullptr) << config->type("fp8_quant")->evidence.text;
  EXPECT_EQ(config->type("cudagraph"), nullptr);
  // The title still names the kind of change.
  const auto titled = summarize_diff(one_hunk_diff("recipes/DeepSeek-R1.md", " # Run\n+Use --quant fp8.\n"), "Document FP8 serving");
  ASSERT_NE(titled->type("fp8_quant"), nullptr);
  EXPECT_EQ(titled->type("fp8_quant")->evidence.text, "title: \"FP8\"");
}

}  // namespace
}  // namespace atom
