#include <gtest/gtest.h>

#include "core/report/catalogue.h"
#include "core/rules/registry.h"

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
