// The rule catalogue is complete: every registered rule is documented, has messages, compiling
// line patterns and both a firing and a silent fixture; ids are unique and listed in order.
#include <algorithm>
#include <set>
#include <gtest/gtest.h>
#include <re2/re2.h>
#include "core/rules/rule_line_patterns.h"
#include "core/report/catalogue.h"
#include "core/rules/registry.h"
#include "tests/cpp/rules/rule_test_support.h"

namespace atom::testing {
namespace {

const std::vector<std::string>& listed_ids() {
  static const std::vector<std::string> ids = {
#define ATOM_RULE(id, factory) #id,
#include "core/rules/rule_list.inc"
#undef ATOM_RULE
  };
  return ids;
}

const std::vector<std::string> kCategoryOrder = {"A", "B", "C", "D", "E", "F", "G", "P", "HK", "AI"};

TEST(RuleCatalogue, RegistryMatchesTheList) {
  ASSERT_EQ(all_rules().size(), listed_ids().size());
  for (size_t i = 0; i < listed_ids().size(); ++i)
    EXPECT_EQ(all_rules()[i]->meta().id, listed_ids()[i]) << "rule_list.inc line names " << listed_ids()[i];
}

TEST(RuleCatalogue, IdsAreUniqueAndFindable) {
  std::set<std::string> seen;
  for (const Rule* rule : all_rules()) {
    EXPECT_TRUE(seen.insert(rule->meta().id).second) << "duplicate id " << rule->meta().id;
    EXPECT_EQ(find_rule(rule->meta().id), rule);
  }
  EXPECT_EQ(find_rule("no-such-rule"), nullptr);
}

TEST(RuleCatalogue, ListedInCategoryOrder) {
  size_t previous = 0;
  for (const Rule* rule : all_rules()) {
    const auto at = std::find(kCategoryOrder.begin(), kCategoryOrder.end(), rule->meta().category);
    ASSERT_NE(at, kCategoryOrder.end()) << rule->meta().id << ": unknown category " << rule->meta().category;
    const size_t position = static_cast<size_t>(at - kCategoryOrder.begin());
    EXPECT_GE(position, previous) << rule->meta().id << " is out of category order in rule_list.inc";
    previous = position;
    EXPECT_EQ(rule->meta().id.rfind(rule->meta().category, 0), 0u)
        << rule->meta().id << " does not start with its category " << rule->meta().category;
  }
}

TEST(RuleCatalogue, EveryRuleIsDocumented) {
  for (const Rule* rule : all_rules()) {
    const RuleMeta& m = rule->meta();
    SCOPED_TRACE(m.id);
    EXPECT_FALSE(m.slug.empty());
    EXPECT_FALSE(m.summary.empty());
    EXPECT_FALSE(m.what.empty());
    EXPECT_FALSE(m.why.empty());
    EXPECT_FALSE(m.example.empty());
    EXPECT_FALSE(m.must_not_fire.empty());
    EXPECT_FALSE(m.source.empty()) << "use \"—\" where rules.md names no source PR";
    EXPECT_EQ(m.summary.find('\n'), std::string::npos) << "summary is one line";
  }
}

TEST(RuleCatalogue, EveryRuleHasCompleteMessages) {
  for (const Rule* rule : all_rules()) {
    const RuleMeta& m = rule->meta();
    SCOPED_TRACE(m.id);
    EXPECT_FALSE(m.messages.empty());
    std::set<std::string> ids;
    for (const MessageTemplate& message : m.messages) {
      EXPECT_TRUE(ids.insert(message.id).second) << "duplicate message id " << message.id;
      EXPECT_FALSE(message.id.empty());
      EXPECT_FALSE(message.problem.empty()) << message.id;
      EXPECT_FALSE(message.impact.empty()) << message.id;
      EXPECT_FALSE(message.action_verified.empty()) << message.id;
      EXPECT_FALSE(message.action_inferred.empty()) << message.id;
    }
  }
}

TEST(RuleCatalogue, EveryRuleHasAStatus) {
  const nlohmann::json rules = catalogue_json();
  const std::string markdown = catalogue_markdown();
  ASSERT_EQ(rules.size(), all_rules().size());
  for (const nlohmann::json& rule : rules) {
    const std::string id = rule["id"].get<std::string>();
    SCOPED_TRACE(id);
    EXPECT_TRUE(rule["status"] == "stable" || rule["status"] == "preview" || rule["status"] == "off") << rule["status"];
    for (const char* count : {"labels", "tp", "low", "fp"}) EXPECT_TRUE(rule[count].is_number_integer()) << count;
    EXPECT_EQ(rule["labels"].get<int>(), rule["tp"].get<int>() + rule["low"].get<int>() + rule["fp"].get<int>());
    EXPECT_EQ(rule["precision"].is_number(), rule["labels"].get<int>() > 0);
    const std::string heading = "### " + id + " — " + rule["slug"].get<std::string>() + "\n\nStatus: " +
                                rule["status"].get<std::string>();
    EXPECT_NE(markdown.find(heading), std::string::npos) << "the markdown states the status under the heading";
  }
}

TEST(RuleCatalogue, EveryLinePatternCompiles) {
  std::set<std::string> keys;
  for (const Rule* rule : all_rules()) {
    for (const auto& [key, pattern] : rule->meta().line_patterns) {
      EXPECT_EQ(key.rfind(rule->meta().id + ".", 0), 0u) << key << ": keys start with the rule id and a dot";
      EXPECT_TRUE(keys.insert(key + "\n" + pattern).second) << key << ": the same pattern twice";
      RE2::Options options;
      options.set_log_errors(false);
      const RE2 re(pattern, options);
      EXPECT_TRUE(re.ok()) << key << ": " << re.error();
    }
  }
  EXPECT_TRUE(rule_line_patterns().errors().empty()) << rule_line_patterns().errors().front();
}

TEST(RuleCatalogue, EveryRuleHasFiringAndSilentFixtures) {
  const std::vector<Fixture> fixtures = all_fixtures();
  for (const Rule* rule : all_rules()) {
    const std::string& id = rule->meta().id;
    auto has = [&](const char* prefix) {
      return std::any_of(fixtures.begin(), fixtures.end(), [&](const Fixture& f) {
        return f.rule == id && f.diff.filename().string().rfind(prefix, 0) == 0;
      });
    };
    EXPECT_TRUE(has("fires")) << "tests/rules/" << id << "/ needs a fires*.diff";
    EXPECT_TRUE(has("silent")) << "tests/rules/" << id << "/ needs a silent*.diff";
  }
}

}  // namespace
}  // namespace atom::testing
