// The pack loader (core/packs/pack_loader.h): valid packs load whole; each kind of error is
// reported at its JSON Pointer with its exact message, and a pack with any error is not used.
#include "core/packs/pack_loader.h"

#include <gtest/gtest.h>

#include "core/engine/pack_input.h"

namespace atom {
namespace {

std::vector<std::string> errors_of(const std::string& text, const PackLimits& limits = PackLimits()) {
  static const std::vector<std::string> known = {"D1b", "HK4", "HK7"};
  const PackLoad load = load_pack(text, &known, limits);
  EXPECT_EQ(load.pack.has_value(), load.errors.empty());
  std::vector<std::string> lines;
  for (const PackError& error : load.errors) lines.push_back(pack_error_line(error));
  return lines;
}

// A pack with one custom rule whose entry `rule_json` is spliced in.
std::string with_custom_rule(const std::string& rule_json) {
  return R"({"name": "P", "repos": ["o/r"], "custom_rules": [)" + rule_json + "]}";
}

const char* kGoodRule = R"J("id": "X-print", "pattern": "\\bprint\\((\\w+)", "severity": "warn",
    "problem": "print of {1}", "impact": "log noise", "action": "use the logger")J";

TEST(PackLoader, FullPackLoads) {
  const PackLoad load = load_pack(R"J({
    "$schema": "./pack.schema.json", "name": "Kernels", "version": "3", "description": "d",
    "repos": ["ROCm/*", "me/kernels"],
    "tiers": [{"match": "csrc/**", "tier": 1, "reason": "every kernel", "blast_radius": "all",
               "failure_mode": "crash", "high_visibility": true}],
    "knowledge": {"stack_modules": ["torch", "numpy"],
                  "custom_op_decorators": [{"name": "torch.library.custom_op"}, {"name": "mark", "only_with": "is_custom=True", "body_is_fake": true,
                                                             "unregistered_lists": ["NONE_WRAPPED_OP"]}]},
    "rules": {"D1b": {"enabled": false}, "HK4": {"severity": "note"}},
    "custom_rules": [{"id": "X-print", "pattern": "\\bprint\\((?P<what>\\w+)", "lines": ["added", "context"],
                      "paths": ["**/*.py"], "severity": "red", "problem": "print of {what}", "impact": "noise",
                      "action": "drop it", "red_trigger": "{match} in {path}"}]})J");
  ASSERT_TRUE(load.pack) << (load.errors.empty() ? "" : pack_error_line(load.errors[0]));
  const Pack& pack = *load.pack;
  EXPECT_EQ(pack.name, "Kernels");
  EXPECT_EQ(pack.version, "3");
  EXPECT_TRUE(pack.applies_to("rocm/aiter"));
  EXPECT_TRUE(pack.applies_to("ME/Kernels"));
  EXPECT_FALSE(pack.applies_to("me/other"));
  EXPECT_EQ(pack.tiers.pack_name(), "Kernels");
  EXPECT_EQ(pack.tiers.classify("csrc/a/b.cu").tier, 1);
  EXPECT_TRUE(pack.tiers.classify("csrc/a/b.cu").high_visibility);
  EXPECT_EQ(pack.knowledge.stack_modules, (std::vector<std::string>{"torch", "numpy"}));
  ASSERT_TRUE(pack.knowledge.custom_op_decorator_pattern);
  std::string name;
  EXPECT_TRUE(RE2::PartialMatch("  @torch.library.custom_op(\"a::b\")", *pack.knowledge.custom_op_decorator_pattern, &name));
  EXPECT_EQ(name, "torch.library.custom_op");
  EXPECT_EQ(pack.knowledge.custom_op_decorators[1].only_with, "is_custom=True");
  EXPECT_FALSE(pack.knowledge.custom_op_decorators[0].body_is_fake);
  EXPECT_TRUE(pack.knowledge.custom_op_decorators[1].body_is_fake);
  EXPECT_TRUE(pack.knowledge.custom_op_decorators[0].unregistered_lists.empty());
  EXPECT_EQ(pack.knowledge.custom_op_decorators[1].unregistered_lists, std::vector<std::string>{"NONE_WRAPPED_OP"});
  EXPECT_EQ(pack.rule_enabled("D1b"), std::optional<bool>(false));
  EXPECT_EQ(pack.rule_enabled("HK4"), std::nullopt) << "a severity alone leaves the choice to the rule's status";
  EXPECT_EQ(pack.rule_overrides.at("HK4").severity, PackSeverity::Note);
  const PatternRule* rule = pack.custom_rule("X-print");
  ASSERT_NE(rule, nullptr);
  EXPECT_TRUE(rule->lines.added && rule->lines.context && !rule->lines.removed);
  EXPECT_EQ(rule->severity, PackSeverity::Red);
  EXPECT_EQ(rule->red_trigger, "{match} in {path}");
}

TEST(PackLoader, MinimalPackHasNoTierTableName) {
  const PackLoad load = load_pack(R"({"name": "Bare", "repos": ["o/r"]})");
  ASSERT_TRUE(load.pack);
  EXPECT_EQ(load.pack->tiers.pack_name(), "");
  EXPECT_TRUE(load.pack->tiers.empty());
  EXPECT_FALSE(load.pack->knowledge.custom_op_decorator_pattern);
}

TEST(PackLoader, NotJson) { EXPECT_EQ(errors_of("{not json"), std::vector<std::string>{"not valid JSON"}); }

TEST(PackLoader, TooLarge) {
  PackLimits limits;
  limits.max_bytes = 10;
  EXPECT_EQ(errors_of(R"({"name": "P", "repos": []})", limits),
            std::vector<std::string>{"the pack is 26 bytes, more than the 10 allowed"});
}

TEST(PackLoader, NotAnObject) { EXPECT_EQ(errors_of("[1]"), std::vector<std::string>{"must be an object"}); }

TEST(PackLoader, MissingRequiredKey) {
  EXPECT_EQ(errors_of(R"({"repos": ["o/r"]})"), std::vector<std::string>{"missing required key \"name\""});
  EXPECT_EQ(errors_of(R"({"name": "P", "repos": [], "tiers": [{"match": "a", "tier": 1}]})"),
            std::vector<std::string>{"/tiers/0: missing required key \"reason\""});
}

TEST(PackLoader, UnknownKey) {
  EXPECT_EQ(errors_of(R"({"name": "P", "repos": [], "tier": []})"),
            std::vector<std::string>{"/tier: unknown key; expected one of: $schema, name, version, description, repos, "
                                     "tiers, knowledge, rules, custom_rules"});
}

TEST(PackLoader, UnknownKeyEscapedInThePointer) {
  EXPECT_EQ(errors_of(R"({"name": "P", "repos": [], "knowledge": {"a/b~c": 1}})"),
            std::vector<std::string>{"/knowledge/a~1b~0c: unknown key; expected one of: stack_modules, custom_op_decorators, "
                                     "leftover_files, production_models, model_magic_numbers"});
}

TEST(PackLoader, WrongTypes) {
  EXPECT_EQ(errors_of(R"({"name": 3, "repos": {}})"),
            (std::vector<std::string>{"/name: must be a string", "/repos: must be an array"}));
  EXPECT_EQ(errors_of(R"({"name": "P", "repos": [], "rules": {"D1b": {"enabled": "no"}}})"),
            std::vector<std::string>{"/rules/D1b/enabled: must be true or false"});
  EXPECT_EQ(errors_of(R"({"name": "P", "repos": [], "rules": []})"), std::vector<std::string>{"/rules: must be an object"});
}

TEST(PackLoader, EmptyString) {
  EXPECT_EQ(errors_of(R"({"name": "", "repos": []})"), std::vector<std::string>{"/name: must not be empty"});
}

TEST(PackLoader, StringTooLong) {
  PackLimits limits;
  limits.max_string_bytes = 4;
  EXPECT_EQ(errors_of(R"({"name": "Kernels", "repos": []})", limits),
            std::vector<std::string>{"/name: is 7 bytes, more than the 4 allowed"});
}

TEST(PackLoader, TooManyEntries) {
  PackLimits limits;
  limits.max_entries = 1;
  EXPECT_EQ(errors_of(R"({"name": "P", "repos": ["a/b", "c/d"]})", limits),
            std::vector<std::string>{"/repos: has 2 entries, more than the 1 allowed"});
}

TEST(PackLoader, TooManyCustomRules) {
  PackLimits limits;
  limits.max_custom_rules = 1;
  const std::string rule = std::string("{") + kGoodRule + "}";
  EXPECT_EQ(errors_of(R"({"name": "P", "repos": [], "custom_rules": [)" + rule + "," + rule + "]}", limits),
            std::vector<std::string>{"/custom_rules: has 2 entries, more than the 1 allowed"});
}

TEST(PackLoader, BadRepo) {
  EXPECT_EQ(errors_of(R"({"name": "P", "repos": ["ROCm"]})"),
            std::vector<std::string>{"/repos/0: must be OWNER/REPO (either part may use * as a glob)"});
}

TEST(PackLoader, BadTier) {
  EXPECT_EQ(errors_of(R"({"name": "P", "repos": [], "tiers": [{"match": "a", "tier": 4, "reason": "r"}]})"),
            std::vector<std::string>{"/tiers/0/tier: must be 1, 2 or 3"});
}

TEST(PackLoader, BadSeverity) {
  EXPECT_EQ(errors_of(R"({"name": "P", "repos": [], "rules": {"HK4": {"severity": "error"}}})"),
            std::vector<std::string>{"/rules/HK4/severity: must be \"note\", \"warn\" or \"red\""});
}

TEST(PackLoader, UnknownRuleOverride) {
  EXPECT_EQ(errors_of(R"({"name": "P", "repos": [], "rules": {"D99": {"enabled": false}}})"),
            std::vector<std::string>{"/rules/D99: \"D99\" is not a rule of this engine (atom-review rules lists them)"});
}

TEST(PackLoader, BadStackModule) {
  EXPECT_EQ(errors_of(R"({"name": "P", "repos": [], "knowledge": {"stack_modules": ["torch.nn"]}})"),
            std::vector<std::string>{"/knowledge/stack_modules/0: must be a top-level Python package name"});
}

TEST(PackLoader, BadDecorator) {
  EXPECT_EQ(errors_of(R"({"name": "P", "repos": [], "knowledge": {"custom_op_decorators": [
                           {"name": "@op"}, {"name": "op", "only_with": "is_custom"}]}})"),
            (std::vector<std::string>{"/knowledge/custom_op_decorators/0/name: must be a dotted Python name",
                                      "/knowledge/custom_op_decorators/1/only_with: must be NAME=VALUE, e.g. is_custom=True"}));
}

TEST(PackLoader, BadBodyIsFake) {
  EXPECT_EQ(errors_of(R"({"name": "P", "repos": [], "knowledge": {"custom_op_decorators": [
                           {"name": "op", "body_is_fake": "yes"}]}})"),
            std::vector<std::string>{"/knowledge/custom_op_decorators/0/body_is_fake: must be true or false"});
}

TEST(PackLoader, BadUnregisteredLists) {
  EXPECT_EQ(errors_of(R"({"name": "P", "repos": [], "knowledge": {"custom_op_decorators": [
                           {"name": "op", "unregistered_lists": ["utils.NONE_WRAPPED_OP", 3]}, {"name": "op2", "unregistered_lists": "X"}]}})"),
            (std::vector<std::string>{"/knowledge/custom_op_decorators/0/unregistered_lists/0: must be a Python variable name",
                                      "/knowledge/custom_op_decorators/0/unregistered_lists/1: must be a string",
                                      "/knowledge/custom_op_decorators/1/unregistered_lists: must be an array"}));
}

TEST(PackLoader, PatternRe2Rejects) {
  EXPECT_EQ(errors_of(with_custom_rule(R"({"id": "X1", "pattern": "print(", "severity": "warn",
                                           "problem": "p", "impact": "i", "action": "a"})")),
            std::vector<std::string>{"/custom_rules/0/pattern: RE2 rejects it: missing ): print("});
}

TEST(PackLoader, PatternBackreferenceIsNotRe2) {
  EXPECT_EQ(errors_of(with_custom_rule(R"({"id": "X1", "pattern": "(a)\\1", "severity": "warn",
                                           "problem": "p", "impact": "i", "action": "a"})")),
            std::vector<std::string>{"/custom_rules/0/pattern: RE2 rejects it: invalid escape sequence: \\1"});
}

TEST(PackLoader, PatternRepetitionTooLarge) {
  EXPECT_EQ(errors_of(with_custom_rule(R"({"id": "X1", "pattern": "((a{100}){100}){100}", "severity": "warn",
                                           "problem": "p", "impact": "i", "action": "a"})")),
            std::vector<std::string>{"/custom_rules/0/pattern: RE2 rejects it: invalid repetition size: {100}"});
}

TEST(PackLoader, PatternOverMaxMem) {
  const std::string rule = with_custom_rule(R"({"id": "X1", "pattern": "\\pL{1000}", "severity": "warn",
                                                "problem": "p", "impact": "i", "action": "a"})");
  EXPECT_EQ(errors_of(rule), std::vector<std::string>{"/custom_rules/0/pattern: RE2 rejects it: pattern too large - compile failed"});
  PackLimits roomy;
  roomy.pattern_max_mem = int64_t(64) << 20;
  EXPECT_EQ(errors_of(rule, roomy), std::vector<std::string>{});   // the budget, not the syntax, refused it
}

TEST(PackLoader, PatternTooLong) {
  EXPECT_EQ(errors_of(with_custom_rule(R"({"id": "X1", "pattern": ")" + std::string(1001, 'a') +
                                       R"(", "severity": "warn", "problem": "p", "impact": "i", "action": "a"})")),
            std::vector<std::string>{"/custom_rules/0/pattern: is 1001 bytes, more than the 1000 allowed"});
}

TEST(PackLoader, PlaceholderFilledByNothing) {
  EXPECT_EQ(errors_of(with_custom_rule(R"J({"id": "X1", "pattern": "(a)", "severity": "warn",
                                           "problem": "{2} and {who}", "impact": "i", "action": "a"})J")),
            (std::vector<std::string>{
                "/custom_rules/0/problem: {2} is filled by nothing: use {match}, {path}, a group number (the pattern has 1) or a group's name",
                "/custom_rules/0/problem: {who} is filled by nothing: use {match}, {path}, a group number (the pattern has 1) or a group's name"}));
}

TEST(PackLoader, RedNeedsATrigger) {
  EXPECT_EQ(errors_of(with_custom_rule(R"({"id": "X1", "pattern": "a", "severity": "red",
                                           "problem": "p", "impact": "i", "action": "a"})")),
            std::vector<std::string>{
                "/custom_rules/0: severity \"red\" needs a \"red_trigger\" (a finding is red only when its trigger is filled)"});
}

TEST(PackLoader, BadLines) {
  EXPECT_EQ(errors_of(with_custom_rule(std::string("{") + kGoodRule + R"(, "lines": ["added", "new"]})")),
            std::vector<std::string>{"/custom_rules/0/lines/1: must be \"added\", \"removed\" or \"context\""});
  EXPECT_EQ(errors_of(with_custom_rule(std::string("{") + kGoodRule + R"(, "lines": []})")),
            std::vector<std::string>{"/custom_rules/0/lines: must not be empty"});
}

TEST(PackLoader, BadCustomId) {
  EXPECT_EQ(errors_of(with_custom_rule(R"({"id": "1x", "pattern": "a", "severity": "warn", "problem": "p",
                                           "impact": "i", "action": "a"})")),
            std::vector<std::string>{"/custom_rules/0/id: must be a letter, then letters, digits, '_', '.' or '-' (at most 40)"});
}

TEST(PackLoader, CustomIdTakesABuiltInOne) {
  EXPECT_EQ(errors_of(with_custom_rule(R"({"id": "HK4", "pattern": "a", "severity": "warn", "problem": "p",
                                           "impact": "i", "action": "a"})")),
            std::vector<std::string>{"/custom_rules/0/id: \"HK4\" is a built-in rule's id"});
}

TEST(PackLoader, CustomIdUsedTwice) {
  const std::string rule = std::string("{") + kGoodRule + "}";
  EXPECT_EQ(errors_of(with_custom_rule(rule + "," + rule)),
            std::vector<std::string>{"/custom_rules/1/id: \"X-print\" is already the id of /custom_rules/0"});
}

TEST(PackLoader, EveryErrorIsReportedAndThePackIsNotUsed) {
  const PackLoad load = load_pack(R"({"name": "", "repos": ["x"], "tiers": [{"match": "a", "tier": 0, "reason": "r"}]})");
  EXPECT_FALSE(load.pack);
  EXPECT_EQ(load.errors.size(), 3u);
}

TEST(PackLoader, ValidateJsonShape) {
  EXPECT_EQ(validate_pack_to_json_text(R"({"name": "P", "repos": ["o/r"]})"), R"({"errors":[],"ok":true})");
  EXPECT_EQ(validate_pack_to_json_text(R"({"name": "P", "repos": ["o"]})"),
            R"J({"errors":[{"message":"must be OWNER/REPO (either part may use * as a glob)","path":"/repos/0"}],"ok":false})J");
}

}  // namespace
}  // namespace atom

namespace atom {
namespace {

TEST(PackLoader, BadKnowledgePatterns) {
  EXPECT_EQ(errors_of(R"({"name": "P", "repos": [], "knowledge": {"leftover_files": [{"kind": "k", "pattern": "*.log"}],
                          "production_models": ["qwen", "(kimi"]}})"),
            (std::vector<std::string>{"/knowledge/leftover_files/0/pattern: RE2 rejects it: no argument for repetition operator: *",
                                      "/knowledge/production_models/1: RE2 rejects it: missing ): (kimi"}));
}

TEST(PackLoader, ModelMagicNumbers) {
  const PackLoad load = load_pack(R"J({"name": "P", "repos": [], "knowledge": {"model_magic_numbers": [
                                      {"value": "4096", "stands_for": "hidden_size (Llama 3 8B)"}]}})J");
  ASSERT_TRUE(load.pack);
  ASSERT_EQ(load.pack->knowledge.model_magic_numbers.size(), 1u);
  EXPECT_EQ(load.pack->knowledge.model_magic_numbers[0].value, "4096");
  EXPECT_EQ(load.pack->knowledge.model_magic_numbers[0].stands_for, "hidden_size (Llama 3 8B)");
}

TEST(PackLoader, BadModelMagicNumber) {
  EXPECT_EQ(errors_of(R"({"name": "P", "repos": [], "knowledge": {"model_magic_numbers": [
                           {"value": "0x1000", "stands_for": "hidden"}, {"value": "7"}]}})"),
            (std::vector<std::string>{
                "/knowledge/model_magic_numbers/0/value: must be a whole number of 2 to 12 digits, as a string (\"576\")",
                "/knowledge/model_magic_numbers/1: missing required key \"stands_for\""}));
}

TEST(PackLoader, ProductionModelsMakeOneCaseInsensitivePattern) {
  const PackLoad load = load_pack(R"({"name": "P", "repos": [], "knowledge": {"production_models": ["gpt-?oss", "\\bqwen"]}})");
  ASSERT_TRUE(load.pack);
  const RE2& models = *load.pack->knowledge.production_model_pattern;
  EXPECT_TRUE(RE2::PartialMatch("bench on GPT-OSS 120b", models));
  EXPECT_TRUE(RE2::PartialMatch("Qwen3 at tp8", models));
  EXPECT_FALSE(RE2::PartialMatch("myqwen", models));
}

}  // namespace
}  // namespace atom
