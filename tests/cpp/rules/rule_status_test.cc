// The rule status table: the embedded one (core/rules/rule_status.json, written by
// scripts/precision --write) names every registered rule and nothing else; parsing is forgiving
// and a rule the table does not name is preview.
#include <gtest/gtest.h>

#include <set>

#include "core/rules/registry.h"
#include "core/rules/rule_status.h"

namespace atom {
namespace {

TEST(RuleStatusTable, EmbeddedTableNamesEveryRegisteredRuleAndNothingElse) {
  std::set<std::string> registered;
  for (const Rule* rule : all_rules()) registered.insert(rule->meta().id);
  const std::vector<std::string> named = RuleStatusTable::embedded().rule_ids();
  EXPECT_EQ(std::set<std::string>(named.begin(), named.end()), registered)
      << "run scripts/precision --write after adding or removing a rule";
  EXPECT_GT(RuleStatusTable::embedded().min_labels, 0);
  EXPECT_GT(RuleStatusTable::embedded().min_precision, 0.5);
}

TEST(RuleStatusTable, EmbeddedStableRulesMetTheBar) {
  const RuleStatusTable& table = RuleStatusTable::embedded();
  for (const std::string& id : table.rule_ids()) {
    const RuleStatusEntry& entry = table.entry(id);
    SCOPED_TRACE(id);
    EXPECT_EQ(entry.labels, entry.tp + entry.low + entry.fp);
    EXPECT_EQ(entry.precision.has_value(), entry.labels > 0);
    if (entry.status == RuleStatus::Stable) {
      EXPECT_GE(entry.labels, table.min_labels);
      EXPECT_GE(*entry.precision, table.min_precision);
    }
  }
}

TEST(RuleStatusTable, ParsesEntries) {
  const RuleStatusTable table = RuleStatusTable::parse(R"({"min_labels": 8, "min_precision": 0.9,
    "labels_through": "2026-12-01", "rules": {
      "B1": {"status": "stable", "precision": 0.9, "labels": 10, "tp": 9, "low": 1, "fp": 0, "labeled_through": "2026-12-01"},
      "C3": {"status": "preview", "precision": 0.5, "labels": 2, "tp": 1, "low": 0, "fp": 1, "labeled_through": "2026-11-30"}}})");
  EXPECT_EQ(table.min_labels, 8);
  EXPECT_DOUBLE_EQ(table.min_precision, 0.9);
  EXPECT_EQ(table.labels_through, "2026-12-01");
  EXPECT_TRUE(table.is_stable("B1"));
  EXPECT_EQ(table.entry("B1").tp, 9);
  EXPECT_EQ(table.entry("B1").low, 1);
  EXPECT_FALSE(table.is_stable("C3"));
  EXPECT_EQ(table.entry("C3").fp, 1);
  EXPECT_EQ(table.entry("C3").labeled_through, "2026-11-30");
  EXPECT_EQ(table.rule_ids(), (std::vector<std::string>{"B1", "C3"}));
}

TEST(RuleStatusTable, AnOffRuleIsNeitherStableNorRunUntilEveryRuleIsOn) {
  const RuleStatusTable table = RuleStatusTable::parse(R"({"min_labels_to_turn_off": 5, "turn_off_below": 0.5,
    "rules": {"C3": {"status": "off", "precision": 0.1, "labels": 10, "tp": 1, "low": 4, "fp": 5},
              "P1": {"status": "stable", "precision": 0.95, "labels": 20, "tp": 19, "low": 1, "fp": 0}}})");
  EXPECT_EQ(table.min_labels_to_turn_off, 5);
  EXPECT_DOUBLE_EQ(table.turn_off_below, 0.5);
  EXPECT_TRUE(table.is_off("C3"));
  EXPECT_FALSE(table.is_stable("C3"));
  EXPECT_STREQ(to_string(table.entry("C3").status), "off");
  const RuleStatusTable every_rule = table.with_every_rule_on();
  EXPECT_FALSE(every_rule.is_off("C3"));
  EXPECT_FALSE(every_rule.is_stable("C3"));
  EXPECT_EQ(every_rule.entry("C3").labels, 10);  // the measurements stay, only the switch moves
  EXPECT_TRUE(every_rule.is_stable("P1"));
}

TEST(RuleStatusTable, UnnamedRulesAndUnknownStatusesArePreview) {
  const RuleStatusTable table = RuleStatusTable::parse(R"({"rules": {"B1": {"status": "beta"}}})");
  EXPECT_FALSE(table.is_stable("B1"));
  EXPECT_FALSE(table.is_stable("ZZ9"));
  EXPECT_FALSE(table.entry("ZZ9").precision.has_value());
  EXPECT_EQ(table.entry("ZZ9").labels, 0);
}

TEST(RuleStatusTable, MalformedTextGivesAnEmptyTableAndAnError) {
  for (const char* text : {"", "[1]", "{\"rules\": []}", "{not json"}) {
    std::string error;
    const RuleStatusTable table = RuleStatusTable::parse(text, &error);
    EXPECT_FALSE(error.empty()) << text;
    EXPECT_TRUE(table.rule_ids().empty()) << text;
  }
}


TEST(RuleStatusTable, FindingsWorthRaisingToMoveARuleOnByTheTablesBars) {
  const RuleStatusTable table = RuleStatusTable::parse(R"({"min_labels": 8, "min_precision": 0.9,
      "min_labels_to_turn_off": 5, "turn_off_below": 0.5, "rules": {}})");
  const auto entry = [](RuleStatus status, int tp, int low, int fp, bool kept_off = false) {
    RuleStatusEntry made;
    made.status = status;
    made.labels = tp + low + fp;
    made.tp = tp, made.low = low, made.fp = fp;
    made.kept_off = kept_off;
    return made;
  };
  // (36 + 18) / (42 + 18) = 0.9 exactly: the bar is met, not missed by floating point.
  EXPECT_EQ(table.worth_raising_to_move(entry(RuleStatus::Preview, 36, 4, 2)), 18);
  EXPECT_EQ(table.worth_raising_to_move(entry(RuleStatus::Preview, 0, 0, 0)), 8) << "eight in a row, with no label yet";
  EXPECT_EQ(table.worth_raising_to_move(entry(RuleStatus::Preview, 6, 0, 0)), 2) << "precise, but too few labels";
  EXPECT_EQ(table.worth_raising_to_move(entry(RuleStatus::Off, 8, 8, 2)), 2) << "10 of 20 is back to preview";
  EXPECT_EQ(table.worth_raising_to_move(entry(RuleStatus::Off, 0, 0, 2, true)), 3) << "kept off: five fresh labels first";
  EXPECT_EQ(table.worth_raising_to_move(entry(RuleStatus::Stable, 9, 0, 0)), std::nullopt);
  const RuleStatusTable perfect = RuleStatusTable::parse(R"({"min_labels": 8, "min_precision": 1.0, "rules": {}})");
  EXPECT_EQ(perfect.worth_raising_to_move(entry(RuleStatus::Preview, 8, 1, 0)), std::nullopt) << "no run of TPs reaches 100%";
  EXPECT_EQ(RuleStatusTable().worth_raising_to_move(entry(RuleStatus::Preview, 1, 0, 1)), std::nullopt)
      << "a table without bars has nothing to reach";
}

}  // namespace
}  // namespace atom
