#include "core/packs/builtin_packs.h"
#include "core/engine/review.h"
#include "core/report/review_json.h"

#include <gtest/gtest.h>
#include "core/engine/finding_pipeline.h"
#include "core/report/render.h"
#include "tests/cpp/analysis/analysis_test_support.h"
#include "tests/cpp/support/measured_rule.h"
#include "tests/cpp/support/rule_status_scope.h"

namespace atom::testing {
namespace {

const std::string kDiff = one_hunk_diff("atom/model_engine/model_runner.py",
                                        "     x = 1\n"
                                        "+    # TODO: drop this\n"
                                        "+    # TODO: and this\n"
                                        "-    y = 2\n",
                                        "def run(self):");

PrMeta atom_meta() {
  PrMeta meta;
  meta.repo = "ROCm/ATOM";
  meta.number = 7;
  meta.title = "Tidy the runner";
  meta.body = "Why: simpler.";
  return meta;
}

TEST(RunReview, FilesFindingsFoldingAndVerdict) {
  const atom::testing::RuleStatusScope hk4_runs(atom::testing::RuleStatusScope::with_preview("HK4"));
  const ReviewResult result = run_review(kDiff, atom_meta());
  EXPECT_EQ(result.pack_name, "ATOM");
  EXPECT_EQ(result.bytes, kDiff.size());
  ASSERT_EQ(result.files.size(), 1u);
  EXPECT_EQ(result.files[0].tier.tier, 1);
  EXPECT_EQ(result.files[0].additions, 2);
  EXPECT_EQ(result.files[0].deletions, 1);
  EXPECT_EQ(result.files[0].functions, std::vector<std::string>{"run"});
  const auto todo = std::find_if(result.findings.begin(), result.findings.end(),
                                 [](const Finding& f) { return f.rule == "HK4"; });
  ASSERT_NE(todo, result.findings.end());
  EXPECT_EQ(todo->line, 11);
  EXPECT_EQ(todo->folded, 1) << "two TODOs in one function are one finding";
  EXPECT_EQ(todo->place, "run");
  EXPECT_EQ(todo->severity, RuleStatusTable::active().is_stable("HK4") ? Severity::Warn : Severity::Note)
      << "a preview rule's warning is a note";
  EXPECT_EQ(result.verdict, verdict_for(result.findings));
  EXPECT_TRUE(result.errors.empty());
}

TEST(RunReview, DismissedFindingsLeaveTheVerdict) {
  const atom::testing::RuleStatusScope hk4_runs(atom::testing::RuleStatusScope::with_preview("HK4"));
  PrMeta meta = atom_meta();
  const ReviewResult before = run_review(kDiff, meta);
  ASSERT_FALSE(before.findings.empty()) << "the diff must raise findings to dismiss";
  for (const Finding& f : before.findings) meta.dismissed.push_back({f.rule, f.path, f.line, "not applicable"});
  const ReviewResult after = run_review(kDiff, meta);
  EXPECT_TRUE(after.findings.empty());
  EXPECT_EQ(after.dismissed.size(), before.findings.size());
  EXPECT_EQ(after.verdict, Verdict::Lgtm);
}

TEST(RunReview, AllRulesRunsTheRulesMeasuredOffAsNotesAndKeepsTheirRecords) {
  RuleStatusTable table = RuleStatusTable::active();
  table.set("HK4", measured_rule(RuleStatus::Off, 1, 3, 4, "2026-12-01"));
  const atom::testing::RuleStatusScope hk4_off(table);
  const auto hk4 = [](const ReviewResult& result) {
    return std::find_if(result.findings.begin(), result.findings.end(), [](const Finding& f) { return f.rule == "HK4"; });
  };
  PrMeta meta = atom_meta();
  const ReviewResult as_measured = run_review(kDiff, meta);
  EXPECT_EQ(hk4(as_measured), as_measured.findings.end()) << "an off rule does not run";

  meta.all_rules = true;
  const ReviewResult every_rule = run_review(kDiff, meta);
  const auto todo = hk4(every_rule);
  ASSERT_NE(todo, every_rule.findings.end()) << "all_rules runs it";
  EXPECT_EQ(todo->severity, Severity::Note);
  ASSERT_EQ(every_rule.rule_records.count("HK4"), 1u);
  EXPECT_EQ(every_rule.rule_records.at("HK4").status, RuleStatus::Off) << "its record stays the measured one";
  EXPECT_EQ(every_rule.rule_records.at("HK4").labels, 8);
  EXPECT_TRUE(RuleStatusTable::active().is_off("HK4")) << "one review's choice leaves the process's table alone";

  Pack pack = builtin_pack_for_repo(meta.repo);
  pack.rule_overrides["HK4"].enabled = false;
  const ReviewResult pack_says_off = run_review(kDiff, meta, nlohmann::json::object(), pack);
  EXPECT_EQ(hk4(pack_says_off), pack_says_off.findings.end()) << "a pack that turns a rule off still decides";
}

TEST(RunReview, ParserErrorsAreKept) {
  const ReviewResult result = run_review(kDiff + "@@ -1,3 +1,3 @@\n+only one line\n", atom_meta());
  EXPECT_FALSE(result.errors.empty());
  EXPECT_EQ(result.files.size(), 1u);
}

TEST(RunReview, EmptyAndGarbageInputNeverCrash) {
  EXPECT_TRUE(run_review("", PrMeta{}).findings.empty());
  const std::string garbage("\0\xff@@ -x +y @@\n+++\n---\ndiff --git\n", 30);
  const ReviewResult result = run_review(garbage, PrMeta{});
  EXPECT_EQ(result.verdict, Verdict::Lgtm);
}

TEST(ReviewToJsonText, IsDeterministicAndEchoesTheMeta) {
  const atom::testing::RuleStatusScope hk4_runs(atom::testing::RuleStatusScope::with_preview("HK4"));
  const std::string meta = R"({"repo": "ROCm/ATOM", "number": 7, "title": "Tidy", "body": "b", "extra": [1, 2]})";
  const std::string first = review_to_json_text(kDiff, meta);
  EXPECT_EQ(first, review_to_json_text(kDiff, meta));
  const nlohmann::json parsed = nlohmann::json::parse(first);
  EXPECT_EQ(parsed["pr"]["extra"], nlohmann::json::array({1, 2}));
  EXPECT_FALSE(parsed["findings"].empty());
}

TEST(ReviewToJsonText, BadMetaIsAnErrorNotAThrow) {
  const nlohmann::json parsed = nlohmann::json::parse(review_to_json_text(kDiff, "{\"repo\": "));
  ASSERT_TRUE(parsed["errors"].is_array());
  ASSERT_FALSE(parsed["errors"].empty());
  EXPECT_EQ(parsed["errors"][0]["code"], "bad-meta");
  EXPECT_TRUE(parsed["findings"].empty());
}

TEST(ReviewToJsonText, EmptyMetaIsFine) {
  const nlohmann::json parsed = nlohmann::json::parse(review_to_json_text(kDiff, ""));
  EXPECT_TRUE(parsed["errors"].empty());
}

// kDiff's file as it stands at the head: nine lines above the hunk, then the hunk's new side.
std::string head_of_kdiff() {
  std::string text = "class Runner:\n";
  for (int line = 2; line <= 8; ++line) text += "    # line " + std::to_string(line) + "\n";
  return text + "def run(self):\n    x = 1\n    # TODO: drop this\n    # TODO: and this\n";
}

TEST(ReviewToJsonText, WithHeadFilesIsRunReviewWithThem) {
  const std::string meta = R"({"repo": "ROCm/ATOM", "number": 7, "title": "Tidy"})";
  const HeadFiles head{{"atom/model_engine/model_runner.py", head_of_kdiff()}};
  const std::string text = review_to_json_text(kDiff, meta, head);
  const MetaParseResult parsed = parse_pr_meta(meta);
  const ReviewResult expected =
      run_review(kDiff, parsed.meta, nlohmann::json::parse(meta), builtin_pack_for_repo("ROCm/ATOM"), head);
  EXPECT_EQ(text, dump_json(to_result_json(expected), 2));
  EXPECT_TRUE(nlohmann::json::parse(text)["errors"].empty());
}

TEST(ReviewToJsonText, AHeadFileTheDiffNamesButTheHeadLacksIsNoted) {
  const HeadFiles head{{"atom/other.py", "x = 1\n"}};
  const nlohmann::json parsed = nlohmann::json::parse(review_to_json_text(kDiff, "{}", head));
  ASSERT_EQ(parsed["errors"].size(), 1u);
  EXPECT_EQ(parsed["errors"][0]["code"], "repo-file-missing");
  EXPECT_EQ(parsed["findings"], nlohmann::json::parse(review_to_json_text(kDiff, "{}"))["findings"]);
}

}  // namespace
}  // namespace atom::testing
