#include <gtest/gtest.h>

#include "tests/cpp/summary/summary_test_support.h"

namespace atom {
namespace {

using testing::contains;
using testing::one_hunk_diff;
using testing::summarize_diff;

bool any_item(const ChecklistEntry& entry, const std::string& part) {
  for (const auto& item : entry.items)
    if (contains(item, part)) return true;
  return false;
}

TEST(Checklist, Tier1FileGetsFunctionsCallersTestAndCudagraphQuestions) {
  const auto s = summarize_diff(one_hunk_diff("atom/model_engine/model_runner.py",
                                              "     def capture_cudagraph(self, bs):\n"
                                              "+        x = 1\n",
                                              "class ModelRunner:"),
                                "t");
  const ChecklistEntry* entry = s->checklist_for("atom/model_engine/model_runner.py");
  ASSERT_NE(entry, nullptr);
  EXPECT_TRUE(any_item(*entry, "Functions changed: `ModelRunner.capture_cudagraph`"));
  EXPECT_TRUE(any_item(*entry, "grep -rn 'capture_cudagraph(' atom/models/ atom/model_engine/"));
  EXPECT_TRUE(any_item(*entry, "integration test"));
  EXPECT_TRUE(any_item(*entry, "The PR changes no test file."));
  EXPECT_TRUE(any_item(*entry, "what breaks"));
  EXPECT_TRUE(any_item(*entry, "cudagraph-captured region"));
}

TEST(Checklist, DeepseekV2AsksAboutOverrides) {
  const auto s = summarize_diff(one_hunk_diff("atom/models/deepseek_v2.py",
                                              "     def forward(self, x):\n"
                                              "+        x = x + 1\n",
                                              "class DeepseekV2MLAAttention(nn.Module):"),
                                "Kimi-only fix");
  const ChecklistEntry* entry = s->checklist_for("atom/models/deepseek_v2.py");
  ASSERT_NE(entry, nullptr);
  EXPECT_TRUE(any_item(*entry, "grep -rn 'def forward' atom/models/"));
  EXPECT_TRUE(any_item(*entry, "DSv2, DSv3, DSv3-0324 and Kimi"));
  EXPECT_FALSE(any_item(*entry, "cudagraph-captured region"));
}

TEST(Checklist, Tier2FileGetsFamiliesShapesAndDtypePaths) {
  const auto s = summarize_diff(one_hunk_diff("atom/model_ops/moe.py", " def f(x):\n+    y = to_fp8(x)\n"), "t");
  const ChecklistEntry* entry = s->checklist_for("atom/model_ops/moe.py");
  ASSERT_NE(entry, nullptr);
  EXPECT_TRUE(any_item(*entry, "Which model families use this op (All MoE models)?"));
  EXPECT_TRUE(any_item(*entry, "TP=4, TP=8, single-token decode, prefill ISL ≥ 4096"));
  EXPECT_TRUE(any_item(*entry, "mention FP8 only"));
}

TEST(Checklist, PrLevelEntryFollowsPrTypesAndTier3FilesGetNone) {
  const auto s = summarize_diff(one_hunk_diff("atom/models/qwen3.py", " a\n+b = 1\n"), "Optimize qwen3");
  ASSERT_FALSE(s->result.checklist.empty());
  EXPECT_EQ(s->result.checklist[0].path, "");
  EXPECT_TRUE(contains(s->result.checklist[0].items[0], "Performance"));
  EXPECT_EQ(s->checklist_for("atom/models/qwen3.py"), nullptr);
}

TEST(Checklist, Tier1BeforeTier2AndBridgesLast) {
  const auto s = summarize_diff(one_hunk_diff("atom/plugin/vllm/a.py", "+x\n") + one_hunk_diff("atom/model_ops/moe.py", "+x\n") +
                                    one_hunk_diff("atom/config.py", "+x\n"),
                                "t");
  std::vector<std::string> paths;
  for (const auto& entry : s->result.checklist)
    if (!entry.path.empty()) paths.push_back(entry.path);
  EXPECT_EQ(paths, (std::vector<std::string>{"atom/config.py", "atom/model_ops/moe.py", "atom/plugin/vllm/a.py"}));
  // The seed's questions are mandatory for Tier 1 and 2; a Tier 3 bridge's and the PR's own are not.
  EXPECT_TRUE(s->checklist_for("atom/config.py")->mandatory);
  EXPECT_TRUE(s->checklist_for("atom/model_ops/moe.py")->mandatory);
  EXPECT_FALSE(s->checklist_for("atom/plugin/vllm/a.py")->mandatory);
}

}  // namespace
}  // namespace atom
