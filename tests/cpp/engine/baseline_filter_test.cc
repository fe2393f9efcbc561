// The differential filter: a head finding off the PR's changed lines goes when the base run makes
// the same one (rule, message, path, anchor text, fields up to free-standing numbers); findings on
// new or deleted lines, and PR- or file-level findings, always stay.
#include "core/packs/builtin_packs.h"
#include "core/engine/baseline_filter.h"

#include <gtest/gtest.h>

#include "core/diff/widen_to_whole_files.h"
#include "core/engine/review.h"
#include "core/rules/rule_line_patterns.h"
#include "tests/cpp/analysis/analysis_test_support.h"
#include "tests/cpp/support/rule_status_scope.h"

namespace atom::testing {
namespace {

// Head: line 10 "ctx = old_thing()" unchanged, line 11 added, line 12 moved from elsewhere (the
// removed old line 11), line 13 unchanged.
const std::string kDiff = one_hunk_diff("atom/model_ops/linear.py",
                                        "     ctx = old_thing()\n"
                                        "-    moved = keep(x)\n"
                                        "+    fresh = new_thing()\n"
                                        "+    if flag:\n"
                                        "+        moved = keep(x)\n"
                                        "     tail = done()\n");

struct Models {
  std::unique_ptr<BuiltModel> head;
  ParsedDiff base_diff;
  std::vector<FileSource> base_sources;
  ReviewModel base;
};

Models models_for(const std::string& diff_text) {
  Models models;
  models.head = build_model(diff_text);
  models.base_diff = base_as_unchanged_diff(models.head->model, models.base_sources);
  models.base = build_review_model(models.base_diff, models.head->meta, models.head->tiers, rule_line_patterns(), models.base_sources);
  return models;
}

Finding finding_at(int line, Side side = Side::New, std::map<std::string, std::string> fields = {}) {
  Finding finding;
  finding.rule = "T1";
  finding.message_id = "m";
  finding.path = "atom/model_ops/linear.py";
  finding.line = line;
  finding.side = side;
  finding.fields = std::move(fields);
  return finding;
}

std::vector<int> lines_of(const std::vector<Finding>& findings) {
  std::vector<int> lines;
  for (const Finding& finding : findings) lines.push_back(finding.line);
  return lines;
}

TEST(BaseAsUnchangedDiff, HunksModeShowsEachHunksOldSideAsContext) {
  const Models models = models_for(kDiff);
  ASSERT_EQ(models.base_diff.files.size(), 1u);
  const FileDiff& file = models.base_diff.files[0];
  EXPECT_EQ(file.path(), "atom/model_ops/linear.py");
  ASSERT_EQ(file.hunks.size(), 1u);
  std::string shown;
  for (const DiffLine& line : file.hunks[0].lines) {
    EXPECT_EQ(line.kind, LineKind::Context);
    shown += std::to_string(line.new_line) + ":" + line.text + "|";
  }
  EXPECT_EQ(shown, "10:    ctx = old_thing()|11:    moved = keep(x)|12:    tail = done()|");
}

TEST(BaseAsUnchangedDiff, WholeModeShowsTheWholeBaseFile) {
  ParsedDiff diff = parse_diff(one_hunk_diff("m.py", " a\n-b\n+B\n", "", 1, 1));
  std::vector<ParseError> notes;
  const std::vector<FileSource> sources = widen_to_whole_files(diff, {{"m.py", "a\nB\nc\n"}}, notes);
  PrMeta meta;
  const TierTable tiers = builtin_pack_for_repo("").tiers;
  const ReviewModel head = build_review_model(diff, meta, tiers, rule_line_patterns(), sources);
  std::vector<FileSource> base_sources;
  const ParsedDiff base = base_as_unchanged_diff(head, base_sources);
  ASSERT_EQ(base.files.at(0).hunks.size(), 1u);
  EXPECT_EQ(base.files[0].hunks[0].lines.size(), 3u);
  EXPECT_EQ(base.files[0].hunks[0].lines[1].text, "b");
  EXPECT_EQ(base_sources.at(0).source, ReviewSource::Whole);
  EXPECT_EQ(base_sources[0].head_text, "a\nb\nc\n");
}

TEST(DropFindingsTheBaseHas, DropsOnlyWhatTheBaseAlreadyHadOffTheChangedLines) {
  const Models models = models_for(kDiff);
  // Head: 10 unchanged, 11 new, 13 moved, 14 unchanged but the base has no such finding.
  std::vector<Finding> head = {finding_at(10, Side::New, {{"where", "line 10"}}), finding_at(11), finding_at(13),
                               finding_at(14, Side::New, {{"what", "tail"}})};
  // Base (numbered on the base side): the same text at 10, 11 ("moved = keep(x)"), 12 with another field value.
  const std::vector<Finding> base = {finding_at(10, Side::New, {{"where", "line 9"}}), finding_at(11),
                                     finding_at(12, Side::New, {{"what", "head"}})};
  // Line 11 of the head is new code: kept although the base has a finding at its own line 11.
  drop_findings_the_base_has(models.head->model, head, models.base, base);
  EXPECT_EQ(lines_of(head), (std::vector<int>{11, 14}));
}

TEST(DropFindingsTheBaseHas, DeletedLinesAndPrLevelFindingsStay) {
  const std::string diff = one_hunk_diff("atom/model_ops/linear.py",
                                         "     ctx = old_thing()\n"
                                         "-    gone = drop(x)\n"
                                         "     tail = done()\n");
  const Models models = models_for(diff);
  Finding pr_level = finding_at(0);
  pr_level.path.clear();
  std::vector<Finding> head = {finding_at(11, Side::Old), pr_level, finding_at(0)};
  const std::vector<Finding> base = {finding_at(11), pr_level, finding_at(0)};
  drop_findings_the_base_has(models.head->model, head, models.base, base);
  EXPECT_EQ(head.size(), 3u);
}

TEST(DropFindingsTheBaseHas, EachBaseFindingCancelsOneHeadFinding) {
  const std::string diff = one_hunk_diff("atom/model_ops/linear.py",
                                         "     x = f()\n"
                                         "+    y = 1\n"
                                         "     x = f()\n");
  const Models models = models_for(diff);
  std::vector<Finding> head = {finding_at(10), finding_at(12)};
  const std::vector<Finding> base = {finding_at(10)};
  drop_findings_the_base_has(models.head->model, head, models.base, base);
  EXPECT_EQ(head.size(), 1u);
}

// End to end: with the checkout, a TODO the file already had stays out of the review, a new one is in.
TEST(RunReviewWithBaseline, WholeFileReviewReportsOnlyWhatThePrAdded) {
  const atom::testing::RuleStatusScope hk4_runs(atom::testing::RuleStatusScope::with_preview("HK4"));
  const std::string path = "atom/model_engine/scheduler.py";
  const std::string head_text =
      "class Scheduler:\n"
      "    def step(self):\n"
      "        # TODO: drop the old queue\n"
      "        self.run()\n"
      "        # TODO: batch the frees\n"
      "        self.free()\n";
  const std::string diff = one_hunk_diff(path, "         self.run()\n+        # TODO: batch the frees\n         self.free()\n", "", 4, 4);
  PrMeta meta;
  meta.repo = "ROCm/ATOM";
  meta.title = "Scheduler";
  meta.body = "";
  const ReviewResult result = run_review(diff, meta, nlohmann::json::object(), builtin_pack_for_repo(meta.repo), {{path, head_text}});
  ASSERT_EQ(result.files.size(), 1u);
  EXPECT_EQ(result.files[0].source, ReviewSource::Whole);
  EXPECT_EQ(result.files[0].source_reason, "");
  std::vector<int> todo_lines;
  for (const Finding& finding : result.findings)
    if (finding.rule == "HK4") todo_lines.push_back(finding.line);
  EXPECT_EQ(todo_lines, std::vector<int>{5});
}

}  // namespace
}  // namespace atom::testing
