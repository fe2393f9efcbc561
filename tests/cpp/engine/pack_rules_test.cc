// A pack's custom pattern rules and rule overrides through run_review, and meta.pack through the
// bindings' entry point (review_to_json_text).
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "core/diff/parse_diff.h"
#include "core/engine/pack_input.h"
#include "core/engine/review.h"
#include "core/report/finding_words.h"
#include "core/report/review_json.h"
#include "core/report/render.h"
#include "core/rules/pack_pattern_rules.h"
#include "core/rules/rule_status.h"
#include "core/rules/rule_line_patterns.h"
#include "tests/cpp/support/rule_status_scope.h"

namespace atom {
namespace {

const char* kDiff =
    "diff --git a/atom/x.py b/atom/x.py\n"
    "--- a/atom/x.py\n"
    "+++ b/atom/x.py\n"
    "@@ -1,9 +1,10 @@\n"
    " a = 1\n"
    " b = 2\n"
    " c = 3\n"
    " d = 4  # HACK near\n"
    "-old = 1  # HACK(bob) removed\n"
    "+new = 1  # HACK(alice) added\n"
    "+other = 2  # HACK plain\n"
    " e = 5\n"
    " f = 6\n"
    " ff = 7\n"
    " g = 8  # HACK far\n";

// The one added line "x = 1  # HACK plain": a finding whose trigger cannot be filled.
const char* kPlainDiff =
    "diff --git a/atom/x.py b/atom/x.py\n--- a/atom/x.py\n+++ b/atom/x.py\n"
    "@@ -1,2 +1,3 @@\n a = 1\n+x = 1  # HACK plain\n b = 2\n";

Pack pack_with_rule(const std::string& rule_json, const std::string& rules = "{}") {
  PackLoad load = load_user_pack(R"({"name": "P", "repos": ["o/r"], "rules": )" + rules +
                                 R"(, "custom_rules": [)" + rule_json + "]}");
  EXPECT_TRUE(load.pack) << (load.errors.empty() ? "" : pack_error_line(load.errors[0]));
  return load.pack ? *load.pack : Pack();
}

std::vector<const Finding*> of_rule(const ReviewResult& result, const std::string& rule) {
  std::vector<const Finding*> out;
  for (const Finding& finding : result.findings)
    if (finding.rule == rule) out.push_back(&finding);
  return out;
}

ReviewResult review_with(const Pack& pack, const char* diff = kDiff) {
  PrMeta meta;
  meta.repo = "o/r";
  return run_review(diff, meta, nlohmann::json::object(), pack);
}

// The pack's first custom rule alone on kDiff, before the engine folds findings by place.
std::vector<Finding> pattern_findings(const Pack& pack) {
  const PrMeta meta;
  const ParsedDiff diff = parse_diff(kDiff);
  const ReviewModel model = build_review_model(diff, meta, pack.tiers, rule_line_patterns(), {}, &pack);
  std::vector<Finding> out;
  run_pattern_rule(pack.custom_rules.at(0), model, out);
  return out;
}

const char* kHackRule(const char* lines, const char* severity) {
  static std::string text;
  text = std::string(R"J({"id": "X-hack", "pattern": "HACK(?:\\((\\w+)\\))?", "lines": )J") + lines +
         R"(, "severity": ")" + severity +
         R"(", "problem": "hack by {1}", "impact": "i", "action": "a", "red_trigger": "hack by {1}"})";
  return text.c_str();
}

TEST(PackRules, AddedLinesOnlyByDefault) {
  const auto found = pattern_findings(pack_with_rule(
      R"({"id": "X-hack", "pattern": "HACK", "severity": "warn", "problem": "p", "impact": "i", "action": "a"})"));
  ASSERT_EQ(found.size(), 2u);
  EXPECT_EQ(found[0].line, 5);
  EXPECT_EQ(found[1].line, 6);
  EXPECT_EQ(found[0].side, Side::New);
  EXPECT_EQ(found[0].fields.at("match"), "HACK");
  EXPECT_EQ(found[0].fields.at("path"), "atom/x.py");
}

TEST(PackRules, RemovedAndNearbyContextLines) {
  const auto found = pattern_findings(pack_with_rule(kHackRule(R"(["removed", "context"])", "warn")));
  // The removed line (old side) and `d` just above it; `g` is 4 lines past the last change.
  ASSERT_EQ(found.size(), 2u);
  EXPECT_EQ(found[0].line, 4);
  EXPECT_EQ(found[0].side, Side::New);
  EXPECT_EQ(found[1].line, 5);
  EXPECT_EQ(found[1].side, Side::Old);
  EXPECT_EQ(found[1].fields.at("1"), "bob");
}

TEST(PackRules, RedOnlyWhenTheTriggerIsFilled) {
  const ReviewResult red = review_with(pack_with_rule(kHackRule(R"(["added"])", "red")));
  const auto found = of_rule(red, "X-hack");
  ASSERT_EQ(found.size(), 1u);   // both added lines sit in one place: folded into the red one
  EXPECT_EQ(found[0]->severity, Severity::Red);
  EXPECT_EQ(trigger_words(*found[0]), "hack by alice");
  EXPECT_EQ(found[0]->folded, 1);
  EXPECT_EQ(red.verdict, Verdict::Block);

  const ReviewResult plain = review_with(pack_with_rule(kHackRule(R"(["added"])", "red")), kPlainDiff);
  const auto unfilled = of_rule(plain, "X-hack");
  ASSERT_EQ(unfilled.size(), 1u);
  EXPECT_EQ(unfilled[0]->severity, Severity::Warn);   // the group took no part: no trigger
  EXPECT_FALSE(unfilled[0]->trigger.has_value());
  const nlohmann::json json = to_result_json(plain);
  EXPECT_EQ(json["findings"][0]["worth_checking"], true);
  EXPECT_EQ(json["findings"][0]["problem"], "worth checking: hack by ");
}

TEST(PackRules, PathsLimitTheFiles) {
  const ReviewResult result = review_with(pack_with_rule(
      R"({"id": "X-hack", "pattern": "HACK", "paths": ["csrc/**"], "severity": "warn", "problem": "p", "impact": "i", "action": "a"})"));
  EXPECT_TRUE(of_rule(result, "X-hack").empty());
}

TEST(PackRules, AuthorTextCannotMentionOrLinkInTheCard) {
  const ReviewResult result = review_with(pack_with_rule(
      R"J({"id": "X-hack", "pattern": "HACK", "severity": "warn", "problem": "ping @someone about #77 [here](https://evil.example/x)",
          "impact": "<img src=x> www.evil.example", "action": "ask @team/leads"})J"));
  const std::string card = render_card(result);
  ASSERT_NE(card.find("ping"), std::string::npos) << card;
  for (const char* raw : {"@someone", "#77", "](https://", "https://evil", "www.evil", "@team"})
    EXPECT_EQ(card.find(raw), std::string::npos) << raw << "\n" << card;
  const size_t tag = card.find("<img");
  ASSERT_NE(tag, std::string::npos) << card;
  EXPECT_EQ(card.substr(tag - 1, 5), "\\<img") << card;   // escaped: shown, never parsed as HTML
  EXPECT_EQ(card.find("<img", tag + 1), std::string::npos) << card;
}

TEST(PackRules, SeverityOverrideAndDisabledRule) {
  const char* todo_diff =
      "diff --git a/atom/x.py b/atom/x.py\n--- a/atom/x.py\n+++ b/atom/x.py\n"
      "@@ -1,2 +1,3 @@\n a = 1\n+# TODO: remove this workaround\n b = 2\n";
  const testing::RuleStatusScope hk4_stable(RuleStatusTable::parse(R"({"rules": {"HK4": {"status": "stable"}}})", nullptr));
  PrMeta meta;
  meta.repo = "o/r";
  const auto hk4 = [&](const Pack& pack) {
    const ReviewResult result = run_review(todo_diff, meta, nlohmann::json::object(), pack);
    const auto found = of_rule(result, "HK4");
    return found.empty() ? std::string("none") : std::string(to_string(found[0]->severity));
  };
  const Pack none = pack_with_rule(kHackRule(R"(["added"])", "warn"));
  EXPECT_EQ(hk4(none), "warn");
  EXPECT_EQ(hk4(pack_with_rule(kHackRule(R"(["added"])", "warn"), R"({"HK4": {"severity": "note"}})")), "note");
  EXPECT_EQ(hk4(pack_with_rule(kHackRule(R"(["added"])", "warn"), R"({"HK4": {"enabled": false}})")), "none");
}

TEST(PackRules, MetaPackReplacesTheBuiltInPack) {
  const std::string pack = R"({"name": "P", "repos": ["o/r"], "custom_rules": [{"id": "X-hack", "pattern": "HACK",
      "severity": "warn", "problem": "p", "impact": "i", "action": "a"}]})";
  const std::string meta = R"({"repo": "o/r", "number": 4})";
  const std::string with_pack = R"({"repo": "o/r", "number": 4, "pack": )" + pack + "}";
  const MetaParseResult parsed = parse_pr_meta(meta);
  PackLoad load = load_user_pack(pack);
  ASSERT_TRUE(load.pack);
  EXPECT_EQ(review_to_json_text(kDiff, with_pack),
            dump_json(to_result_json(run_review(kDiff, parsed.meta, nlohmann::json::parse(meta), *load.pack)), 2));
  EXPECT_NE(review_to_json_text(kDiff, with_pack), review_to_json_text(kDiff, meta));
}

TEST(PackRules, InvalidMetaPackIsAClearError) {
  const nlohmann::json result = nlohmann::json::parse(
      review_to_json_text(kDiff, R"({"repo": "o/r", "pack": {"name": "P", "repos": ["o"], "tiers": 3}})"));
  EXPECT_EQ(result["findings"].size(), 0u);
  ASSERT_EQ(result["errors"].size(), 2u);
  EXPECT_EQ(result["errors"][0]["code"], "bad-pack");
  EXPECT_EQ(result["errors"][0]["message"], "meta.pack: /repos/0: must be OWNER/REPO (either part may use * as a glob)");
  EXPECT_EQ(result["errors"][1]["message"], "meta.pack: /tiers: must be an array");
  const nlohmann::json not_object = nlohmann::json::parse(review_to_json_text(kDiff, R"({"pack": "atom"})"));
  EXPECT_EQ(not_object["errors"][0]["message"], "meta.pack: must be an object");
}

// C3's model dimensions are the pack's knowledge: a number the pack lists is reported with what it
// stands for; the same line under a pack that lists another number, or none, is not.
TEST(PackKnowledge, ModelMagicNumbersDecideWhatC3Reports) {
  const char* diff =
      "diff --git a/atom/models/llama.py b/atom/models/llama.py\n--- a/atom/models/llama.py\n+++ b/atom/models/llama.py\n"
      "@@ -1,2 +1,4 @@\n def shard(hidden):\n+    if hidden == 4096:\n+        return 2\n     return 1\n";
  auto review_knowing = [&](const std::string& knowledge) {
    PackLoad load = load_user_pack(R"({"name": "P", "repos": ["o/r"], "rules": {"C3": {"enabled": true}}, "knowledge": )" +
                                   knowledge + "}");
    EXPECT_TRUE(load.pack) << (load.errors.empty() ? "" : pack_error_line(load.errors[0]));
    return review_with(load.pack ? *load.pack : Pack(), diff);
  };
  const ReviewResult listed =
      review_knowing(R"J({"model_magic_numbers": [{"value": "4096", "stands_for": "hidden_size (Llama 3 8B)"}]})J");
  const std::vector<const Finding*> found = of_rule(listed, "C3");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0]->line, 2);
  EXPECT_EQ(found[0]->message_id, "magic_constant");
  EXPECT_NE(render_card(listed).find("The magic constant `4096` stands in for a model dimension: hidden\\_size (Llama 3 8B)"),
            std::string::npos)
      << render_card(listed);
  EXPECT_TRUE(of_rule(review_knowing(R"({"model_magic_numbers": [{"value": "576", "stands_for": "MLA"}]})"), "C3").empty());
  EXPECT_TRUE(of_rule(review_knowing("{}"), "C3").empty());
}

}  // namespace
}  // namespace atom
