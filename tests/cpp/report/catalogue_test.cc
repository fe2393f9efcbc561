#include <gtest/gtest.h>

#include "core/report/catalogue.h"
#include "core/rules/registry.h"
#include "tests/cpp/support/measured_rule.h"

namespace atom {
namespace {

TEST(Catalogue, MarkdownDocumentsEveryRule) {
  ASSERT_FALSE(all_rules().empty());
  const std::string markdown = catalogue_markdown();
  EXPECT_EQ(markdown.rfind("# atom-review rules\n", 0), 0u);
  for (const Rule* rule : all_rules()) {
    const RuleMeta& meta = rule->meta();
    EXPECT_NE(markdown.find("### " + meta.id + " — " + meta.slug + "\n"), std::string::npos) << meta.id;
    EXPECT_NE(markdown.find("## " + category_title(meta.category) + "\n"), std::string::npos) << meta.category;
    if (!meta.what.empty()) EXPECT_NE(markdown.find(meta.what), std::string::npos) << meta.id;
  }
}

TEST(Catalogue, JsonListsRulesInCatalogueOrderWithTheirMessages) {
  const nlohmann::json rules = catalogue_json();
  ASSERT_EQ(rules.size(), all_rules().size());
  for (size_t i = 0; i < rules.size(); ++i) {
    const RuleMeta& meta = all_rules()[i]->meta();
    EXPECT_EQ(rules[i]["id"], meta.id);
    EXPECT_EQ(rules[i]["slug"], meta.slug);
    EXPECT_EQ(rules[i]["default_severity"], to_string(meta.default_severity));
    EXPECT_EQ(rules[i]["messages"].size(), meta.messages.size());
    for (const char* key : {"category", "category_title", "summary", "what", "why", "example", "must_not_fire", "source"})
      EXPECT_TRUE(rules[i][key].is_string()) << key;
  }
}

TEST(Catalogue, StatusLineGivesPrecisionAndCounts) {
  RuleStatusTable table;
  RuleStatusEntry stable;
  stable.status = RuleStatus::Stable;
  stable.precision = 11.0 / 12.0;
  stable.labels = 12;
  stable.tp = 11;
  stable.low = 1;
  stable.labeled_through = "2026-12-01";
  table.set("B1", stable);
  RuleStatusEntry measured;
  measured.precision = 0.5;
  measured.labels = 2;
  measured.tp = 1;
  measured.fp = 1;
  table.set("C3", measured);
  EXPECT_EQ(rule_status_markdown("B1", table),
            "Status: stable — precision 92% on 12 hand labels (TP 11, LOW 1, FP 0; labeled through 2026-12-01).");
  EXPECT_EQ(rule_status_markdown("C3", table),
            "Status: preview — precision 50% on 2 hand labels (TP 1, LOW 0, FP 1), so its findings are notes (worth a look).");
  EXPECT_EQ(rule_status_markdown("D1", table),
            "Status: preview — no hand labels since its last change, so its findings are notes (worth a look).");
}

TEST(Catalogue, StatusTableHasARowPerRuleAndTheCounts) {
  RuleStatusTable table;
  table.set("B1", testing::measured_rule(RuleStatus::Stable, 11, 1, 0));
  table.set("A1", testing::measured_rule(RuleStatus::Off, 0, 0, 7));
  table.labels_through = "2026-12-06";
  const std::string markdown = status_table_markdown(table);
  const std::string expected_counts = "1 stable, " + std::to_string(all_rules().size() - 2) + " preview, 1 off; labels through 2026-12-06.";
  EXPECT_EQ(markdown.rfind("## Status at a glance\n\n" + expected_counts + "\n", 0), 0u) << markdown.substr(0, 200);
  EXPECT_NE(markdown.find("| B1 | gated-off-parameter | stable | 92% | 12 | 11 / 1 / 0 |\n"), std::string::npos);
  EXPECT_NE(markdown.find("| A1 | sibling-variant-not-fixed | off | 0% | 7 | 0 / 0 / 7 |\n"), std::string::npos);
  EXPECT_NE(markdown.find("| D1 | "), std::string::npos);
  EXPECT_NE(markdown.find(" | preview | — | 0 | 0 / 0 / 0 |\n"), std::string::npos) << "no labels: no precision";
  size_t rows = 0;
  for (size_t at = markdown.find("\n| "); at != std::string::npos; at = markdown.find("\n| ", at + 1)) ++rows;
  EXPECT_EQ(rows, all_rules().size() + 1) << "a header and a row per rule";
  EXPECT_NE(catalogue_markdown().find("## Status at a glance\n"), std::string::npos);
}

TEST(Catalogue, AnOffRuleKeptOffAfterAChangeSaysSo) {
  RuleStatusTable table = RuleStatusTable::parse(R"({"min_labels": 8, "min_precision": 0.9, "min_labels_to_turn_off": 5,
      "turn_off_below": 0.5, "rules": {
      "B5": {"status": "off", "precision": null, "labels": 0, "tp": 0, "low": 0, "fp": 0, "kept_off": true},
      "C3": {"status": "preview", "precision": null, "labels": 0, "tp": 0, "low": 0, "fp": 0, "kept_off": true}}})");
  EXPECT_TRUE(table.entry("B5").kept_off);
  EXPECT_FALSE(table.entry("C3").kept_off) << "only an off rule is kept off";
  EXPECT_EQ(rule_status_markdown("B5", table),
            "Status: off — its earlier code's hand labels turned it off, and its new code has 0 fresh labels (at least 5 "
            "judge it again), so it does not run (`--all-rules` runs it, as notes). Back to preview after 5 more "
            "labelled findings worth raising in a row.");
}

TEST(Catalogue, HelpMarkdownHasSeverityAndSections) {
  RuleMeta meta;
  meta.id = "X1";
  meta.slug = "example-rule";
  meta.category = "B";
  meta.default_severity = Severity::Red;
  meta.summary = "One line.";
  meta.what = "Fires on x.";
  meta.must_not_fire = "When y.";
  const std::string help = rule_help_markdown(meta);
  EXPECT_NE(help.find("Default severity: red. Category: Silent bypass."), std::string::npos);
  EXPECT_NE(help.find("**What it does**\n\nFires on x."), std::string::npos);
  EXPECT_NE(help.find("**Must not fire when**\n\nWhen y."), std::string::npos);
  EXPECT_EQ(help.find("**Example**"), std::string::npos);  // empty sections are left out
}

}  // namespace
}  // namespace atom
