#include <gtest/gtest.h>

#include "core/report/card_parts.h"
#include "core/summary/summary_parts.h"
#include "core/rules/registry.h"
#include "tests/cpp/summary/summary_test_support.h"

namespace atom {
namespace {

using testing::one_hunk_diff;
using testing::summarize_diff;

const std::string kPlainDiff = one_hunk_diff("atom/model_ops/x.py", " a = 1\n+b = 2\n");

TEST(AiSignals, AttributionTemplateAndModuleLevelSysPathMakeElevatedRisk) {
  const auto s = summarize_diff(one_hunk_diff("atom/tools/run.py", "+import sys\n+sys.path.insert(0, \"..\")\n"),
                                "Add tool",
                                "Adds a tool because we need it.\n\n## Test Plan\n<!-- Explain testing -->\n\n## Test Result\n\n"
                                "Co-Authored-By: Claude <noreply@anthropic.com>\n");
  ASSERT_NE(s->signal("ai_attribution"), nullptr);
  ASSERT_NE(s->signal("template_text_left"), nullptr);
  EXPECT_EQ(s->signal("template_text_left")->evidence, "\"Test Plan\" left as template text");
  ASSERT_NE(s->signal("module_level_sys_path"), nullptr);
  EXPECT_EQ(s->signal("module_level_sys_path")->evidence, "atom/tools/run.py:11");
  EXPECT_TRUE(s->result.elevated_ai_risk);
}

TEST(AiSignals, FilledTemplateAndIndentedSysPathAreNotSigns) {
  const auto s = summarize_diff(one_hunk_diff("atom/tools/run.py", " def main():\n+    sys.path.insert(0, \"..\")\n"), "Add tool",
                                "Adds a tool because we need it.\n\n## Test Plan\npytest tests/\n## Test Result\nall pass\n");
  EXPECT_EQ(s->signal("template_text_left"), nullptr);
  EXPECT_EQ(s->signal("module_level_sys_path"), nullptr);
  EXPECT_FALSE(s->result.elevated_ai_risk);
}

TEST(AiSignals, WhatNotWhyAndFixWithoutRootCause) {
  EXPECT_NE(summarize_diff(kPlainDiff, "Enable fusion", "Enable ar+norm+quant fusion.")->signal("what_not_why"), nullptr);
  EXPECT_EQ(summarize_diff(kPlainDiff, "Enable fusion", "Enable it because it avoids a copy.")->signal("what_not_why"), nullptr);
  EXPECT_EQ(summarize_diff(kPlainDiff, "Enable fusion", std::nullopt)->signal("what_not_why"), nullptr);

  const auto fix = summarize_diff(kPlainDiff, "Fix decode crash", "Change the index.");
  EXPECT_NE(fix->signal("fix_without_root_cause"), nullptr);
  EXPECT_EQ(fix->signal("what_not_why"), nullptr);  // a fix's missing WHY is its missing root cause, counted once
  EXPECT_EQ(summarize_diff(kPlainDiff, "Fix decode crash", "The offset was wrong for pos >= 1.")->signal("fix_without_root_cause"),
            nullptr);
}

TEST(AiSignals, RoundPerfNumbersAndScreenshotsOnly) {
  EXPECT_NE(summarize_diff(kPlainDiff, "Faster MoE", "2.0x faster, 1.5x on decode.")->signal("round_perf_numbers"), nullptr);
  EXPECT_EQ(summarize_diff(kPlainDiff, "Faster MoE", "1.37x faster, 2.0x on decode.")->signal("round_perf_numbers"), nullptr);
  EXPECT_NE(summarize_diff(kPlainDiff, "Faster MoE", "Results:\n![perf](https://x/y.png)\n")->signal("perf_screenshots_only"), nullptr);
  EXPECT_EQ(summarize_diff(kPlainDiff, "Faster MoE", "![perf](https://x/y.png)\nDecode 12.5 ms -> 9.1 ms\n")
                ->signal("perf_screenshots_only"),
            nullptr);
}

TEST(AiSignals, ToyTestShapes) {
  const auto toy = summarize_diff(one_hunk_diff("tests/test_moe.py", "+@pytest.mark.parametrize(\"m\", [1, 16, 128])\n"), "t");
  ASSERT_NE(toy->signal("toy_test_shapes"), nullptr);
  EXPECT_EQ(toy->signal("toy_test_shapes")->evidence, "largest test size 128 (tests/test_moe.py:10)");
  EXPECT_EQ(summarize_diff(one_hunk_diff("tests/test_moe.py", "+    num_tokens = 8192\n"), "t")->signal("toy_test_shapes"), nullptr);
}

TEST(AiSignals, SignsFromFindingsOfOtherChecks) {
  Finding gated;
  gated.rule = "B1";
  gated.path = "atom/a.py";
  gated.line = 4;
  const auto s = summarize_diff(kPlainDiff, "t", "because", {gated});
  ASSERT_NE(s->signal("silent_gated_param"), nullptr);
  EXPECT_EQ(s->signal("silent_gated_param")->evidence, "a finding at atom/a.py:4");
}

TEST(AiSignals, StructuralFindingAloneRaisesTheRisk) {
  const Rule* structural = nullptr;
  for (const Rule* rule : all_rules())
    if (rule->meta().category == "AI") structural = rule;
  if (structural == nullptr) GTEST_SKIP() << "no rule of category AI is registered";
  Finding finding;
  finding.rule = structural->meta().id;
  EXPECT_TRUE(summarize_diff(kPlainDiff, "t", "because", {finding})->result.elevated_ai_risk);
  EXPECT_FALSE(summarize_diff(kPlainDiff, "t", "because")->result.elevated_ai_risk);
}

TEST(AiSignals, EverySignIdHasCardWords) {
  for (const std::string& id : ai_signal_ids()) EXPECT_NE(ai_sign_words(id).find(' '), std::string::npos) << id;
  for (const std::string& id : ai_signal_ids()) EXPECT_NE(ai_sign_words(id), [&] {
      std::string spelled = id;
      for (char& c : spelled) if (c == '_') c = ' ';
      return spelled;
    }()) << id << " has no words of its own";
}

TEST(Summary, AttachesRemovedLineAnchorsAndIsDeterministic) {
  const std::string diff = one_hunk_diff("atom/model_ops/moe.py", " a\n-b\n+c\n");
  const auto first = summarize_diff(diff, "Fix", "because");
  const auto second = summarize_diff(diff, "Fix", "because");
  EXPECT_EQ(first->result.files[0].removed_line_anchors.at(11), 11);
  ASSERT_EQ(first->result.questions.size(), second->result.questions.size());
  for (size_t i = 0; i < first->result.questions.size(); ++i)
    EXPECT_EQ(first->result.questions[i].answer, second->result.questions[i].answer);
  EXPECT_EQ(first->result.prompts, second->result.prompts);
}

}  // namespace
}  // namespace atom
