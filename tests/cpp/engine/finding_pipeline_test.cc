#include "core/engine/finding_pipeline.h"
#include "core/packs/pack.h"
#include "core/rules/registry.h"

#include <gtest/gtest.h>

#include <algorithm>
#include "tests/cpp/analysis/analysis_test_support.h"
#include "tests/cpp/support/measured_rule.h"

namespace atom::testing {
namespace {

Finding finding(std::string rule, Severity severity, std::string path, int line, std::string place = "") {
  Finding f;
  f.rule = std::move(rule);
  f.severity = severity;
  f.path = std::move(path);
  f.line = line;
  f.place = std::move(place);
  f.message_id = "m";
  return f;
}

TEST(RedGate, RedWithoutTriggerBecomesWorthCheckingWarn) {
  std::vector<Finding> findings = {finding("D1b", Severity::Red, "a.py", 3), finding("D1b", Severity::Red, "a.py", 4),
                                   finding("B3", Severity::Red, "a.py", 5)};
  findings[1].message_id = "unassigned-branch";
  findings[1].trigger.emplace();
  findings[2].trigger.emplace();  // message "m" has no trigger template
  apply_red_gate(findings);
  EXPECT_EQ(findings[0].severity, Severity::Warn);
  EXPECT_EQ(findings[0].fields.at("worth_checking"), "1");
  EXPECT_EQ(findings[1].severity, Severity::Red);
  EXPECT_EQ(findings[1].fields.count("worth_checking"), 0u);
  EXPECT_EQ(findings[2].severity, Severity::Warn) << "a trigger its message cannot word names nothing";
}

TEST(RedGate, InferredFindingsAreNeverRed) {
  std::vector<Finding> findings = {finding("B5", Severity::Red, "a.py", 3)};
  findings[0].message_id = "param_discard";
  findings[0].trigger.emplace();
  findings[0].tag = Tag::Inferred;
  apply_red_gate(findings);
  EXPECT_EQ(findings[0].severity, Severity::Warn);
}

TEST(RedGate, LeavesWarnAndNoteAlone) {
  std::vector<Finding> findings = {finding("HK4", Severity::Warn, "a.py", 3), finding("HK3", Severity::Note, "", 0)};
  apply_red_gate(findings);
  EXPECT_EQ(findings[0].severity, Severity::Warn);
  EXPECT_EQ(findings[1].severity, Severity::Note);
  EXPECT_TRUE(findings[0].fields.empty());
}

RuleStatusTable table_with_stable(const std::string& rule) {
  RuleStatusTable table;
  RuleStatusEntry stable;
  stable.status = RuleStatus::Stable;
  table.set(rule, stable);
  table.set("C3", RuleStatusEntry{});  // named, preview
  return table;
}

TEST(RuleStatus, PreviewRulesFindingsBecomeMarkedNotes) {
  std::vector<Finding> findings = {finding("B1", Severity::Red, "a.py", 3), finding("C3", Severity::Warn, "a.py", 4),
                                   finding("ZZ9", Severity::Warn, "a.py", 5), finding("HK3", Severity::Note, "", 0)};
  findings[0].trigger.emplace();
  apply_rule_status(findings, table_with_stable("B1"));
  EXPECT_EQ(findings[0].severity, Severity::Red) << "a stable rule keeps its severity";
  EXPECT_EQ(findings[0].fields.count("preview"), 0u);
  EXPECT_EQ(findings[1].severity, Severity::Note);
  EXPECT_EQ(findings[1].fields.at("preview"), "1");
  EXPECT_EQ(findings[1].fields.at("rule_severity"), "warn");
  EXPECT_EQ(findings[2].severity, Severity::Note) << "a rule the table does not name is preview";
  EXPECT_EQ(findings[3].fields.at("rule_severity"), "note");
}

TEST(RuleStatus, APreviewRuleNeverBlocksOrWarns) {
  std::vector<Finding> findings = {finding("C3", Severity::Red, "a.py", 3)};
  findings[0].trigger.emplace();
  apply_rule_status(findings, table_with_stable("B1"));
  apply_red_gate(findings);
  EXPECT_EQ(findings[0].severity, Severity::Note);
  EXPECT_EQ(findings[0].fields.count("worth_checking"), 0u);
  EXPECT_EQ(verdict_for(findings), Verdict::Lgtm);
}

std::vector<std::string> ids_in_force(const Pack& pack, const RuleStatusTable& table) {
  std::vector<std::string> ids;
  for (const Rule* rule : rules_in_force(pack, table)) ids.push_back(rule->meta().id);
  return ids;
}

TEST(RuleStatus, OffRulesAreNotInForce) {
  const RuleStatusTable table = RuleStatusTable::parse(R"({"rules": {"HK4": {"status": "off"}, "P1": {"status": "stable"}}})");
  const std::vector<std::string> ids = ids_in_force(Pack{}, table);
  EXPECT_EQ(std::count(ids.begin(), ids.end(), "HK4"), 0);
  EXPECT_EQ(std::count(ids.begin(), ids.end(), "P1"), 1);
  EXPECT_EQ(ids.size() + 1, all_rules().size());
  EXPECT_EQ(ids_in_force(Pack{}, table.with_every_rule_on()).size(), all_rules().size());
}

// What a reader needs to weigh a rule's findings: the table's counts for each built-in rule with a
// finding, kept or dismissed; a pack's own rule (an id the registry does not know) has none.
TEST(RuleRecords, EachBuiltInRuleWithAFindingKeptOrDismissed) {
  RuleStatusTable table;
  table.set("P1", measured_rule(RuleStatus::Preview, 36, 4, 2, "2026-12-06"));
  const std::vector<Finding> kept = {finding("P1", Severity::Note, "", 0), finding("P1", Severity::Note, "a.py", 3),
                                     finding("ZZ9", Severity::Warn, "a.py", 5)};
  const std::vector<DismissedFinding> dismissed = {{finding("HK4", Severity::Note, "a.py", 7), "not worth it"}};
  const std::map<std::string, RuleStatusEntry> records = rule_records(kept, dismissed, table);
  ASSERT_EQ(records.size(), 2u);
  EXPECT_EQ(records.at("P1").tp, 36);
  EXPECT_EQ(records.at("P1").labels, 42);
  EXPECT_EQ(records.at("P1").labeled_through, "2026-12-06");
  EXPECT_EQ(records.at("HK4").labels, 0) << "a rule the table does not name: preview, no labels";
  EXPECT_EQ(records.at("HK4").status, RuleStatus::Preview);
  EXPECT_TRUE(rule_records({}, {}, table).empty());
}

// A pack's `enabled` is the user's word: it turns an off rule on and a stable rule off.
TEST(RuleStatus, APackDecidesWhereItSaysSomething) {
  const RuleStatusTable table = RuleStatusTable::parse(R"({"rules": {"HK4": {"status": "off"}, "P1": {"status": "stable"}}})");
  Pack pack;
  pack.rule_overrides["HK4"].enabled = true;
  pack.rule_overrides["P1"].enabled = false;
  pack.rule_overrides["B5"].severity = PackSeverity::Note;  // a severity alone changes nothing here
  const std::vector<std::string> ids = ids_in_force(pack, table);
  EXPECT_EQ(std::count(ids.begin(), ids.end(), "HK4"), 1);
  EXPECT_EQ(std::count(ids.begin(), ids.end(), "P1"), 0);
  EXPECT_EQ(std::count(ids.begin(), ids.end(), "B5"), 1);
}

TEST(Folding, OneFindingPerRulePerPlace) {
  std::vector<Finding> findings = {finding("HK4", Severity::Warn, "a.py", 12, "Runner.run"),
                                   finding("HK4", Severity::Warn, "a.py", 10, "Runner.run"),
                                   finding("HK4", Severity::Warn, "a.py", 30, "Runner.stop"),
                                   finding("C3", Severity::Warn, "a.py", 11, "Runner.run"),
                                   finding("HK4", Severity::Warn, "b.py", 10, "Runner.run")};
  fold_by_place(findings);
  ASSERT_EQ(findings.size(), 4u);
  EXPECT_EQ(findings[0].line, 10) << "the lowest line of the place is kept";
  EXPECT_EQ(findings[0].folded, 1);
  EXPECT_EQ(findings[1].place, "Runner.stop");
  EXPECT_EQ(findings[1].folded, 0);
}

TEST(Folding, KeepsTheMostSevereAndCountsEveryOther) {
  std::vector<Finding> findings = {finding("B5", Severity::Warn, "a.py", 5, "f"), finding("B5", Severity::Red, "a.py", 9, "f"),
                                   finding("B5", Severity::Note, "a.py", 1, "f")};
  fold_by_place(findings);
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].severity, Severity::Red);
  EXPECT_EQ(findings[0].line, 9);
  EXPECT_EQ(findings[0].folded, 2);
}

TEST(Places, FromTheLineFunctionOrHunk) {
  const auto built = build_model(one_hunk_diff("atom/a.py", "+def f():\n+    x = 1\n") +
                                 one_hunk_diff("atom/b.py", "+x = 1\n", "", 40, 50));
  std::vector<Finding> findings = {finding("R1", Severity::Warn, "atom/a.py", 11), finding("R1", Severity::Warn, "atom/b.py", 50),
                                   finding("R1", Severity::Warn, "atom/b.py", 0), finding("R1", Severity::Note, "", 0),
                                   finding("R1", Severity::Warn, "atom/a.py", 11, "given")};
  assign_places(built->model, findings);
  EXPECT_EQ(findings[0].place, "f");
  EXPECT_EQ(findings[1].place, "hunk 50");
  EXPECT_EQ(findings[2].place, "file");
  EXPECT_EQ(findings[3].place, "pr");
  EXPECT_EQ(findings[4].place, "given");
}

TEST(Dismissals, MatchRulePathAndLine) {
  std::vector<Finding> findings = {finding("B4", Severity::Warn, "a.py", 98), finding("B4", Severity::Warn, "a.py", 99),
                                   finding("P1", Severity::Warn, "", 0)};
  const std::vector<Dismissal> dismissals = {{"B4", "a.py", 98, "invariant is documented upstream"},
                                             {"P1", "", 0, "numbers in the linked issue"},
                                             {"B4", "b.py", 98, "other file"}};
  const std::vector<DismissedFinding> dismissed = take_dismissed(findings, dismissals);
  ASSERT_EQ(dismissed.size(), 2u);
  EXPECT_EQ(dismissed[0].finding.line, 98);
  EXPECT_EQ(dismissed[0].reason, "invariant is documented upstream");
  EXPECT_EQ(dismissed[1].finding.rule, "P1");
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].line, 99);
}

TEST(Sorting, SeverityThenPathLineRule) {
  std::vector<Finding> findings = {finding("Z", Severity::Note, "a.py", 1), finding("B", Severity::Warn, "b.py", 2),
                                   finding("A", Severity::Warn, "b.py", 2), finding("C", Severity::Warn, "a.py", 7),
                                   finding("P1", Severity::Warn, "", 0), finding("D", Severity::Red, "z.py", 1)};
  sort_findings(findings);
  std::vector<std::string> order;
  for (const Finding& f : findings) order.push_back(f.rule);
  EXPECT_EQ(order, (std::vector<std::string>{"D", "P1", "C", "A", "B", "Z"}));
}

TEST(Verdict, FromTheWorstSeverity) {
  EXPECT_EQ(verdict_for({}), Verdict::Lgtm);
  EXPECT_EQ(verdict_for({finding("a", Severity::Note, "", 0)}), Verdict::Lgtm);
  EXPECT_EQ(verdict_for({finding("a", Severity::Note, "", 0), finding("b", Severity::Warn, "", 0)}), Verdict::NeedsWork);
  EXPECT_EQ(verdict_for({finding("b", Severity::Warn, "", 0), finding("c", Severity::Red, "", 0)}), Verdict::Block);
}

}  // namespace
}  // namespace atom::testing

namespace atom::testing {
namespace {

class FakeRule final : public Rule {
 public:
  FakeRule(std::string id, bool throws) : throws_(throws) { meta_.id = std::move(id); }
  const RuleMeta& meta() const override { return meta_; }
  void check(const ReviewModel&, std::vector<Finding>& out) const override {
    Finding f;
    f.message_id = "m";
    out.push_back(f);  // rule id left empty on purpose
    if (throws_) throw std::runtime_error("broken rule");
  }

 private:
  RuleMeta meta_;
  bool throws_;
};

TEST(RunRules, AThrowingRuleContributesNothingAndTheOthersRun) {
  const auto built = build_model(one_hunk_diff("atom/a.py", "+x = 1\n"));
  const FakeRule broken("X1", true), fine("X2", false);
  const std::vector<Finding> findings = run_rules({&broken, &fine}, built->model);
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].rule, "X2") << "an empty rule id is filled with the rule's own";
}

}  // namespace
}  // namespace atom::testing
