// `review --pack` with a pack that turns a rule off and adds a custom rule, and `pack check`.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "tests/cpp/ci/ci_test_support.h"

namespace {

using atom::ci_test::CliRun;

class PackCli : public atom::ci_test::CiTest {};

const char* kTodoDiff =
    "diff --git a/atom/models/llama.py b/atom/models/llama.py\n"
    "--- a/atom/models/llama.py\n"
    "+++ b/atom/models/llama.py\n"
    "@@ -1,2 +1,4 @@\n"
    " import torch\n"
    "+# TODO: remove this workaround\n"
    "+print(x)\n"
    " x = 1\n";

const char* kPack = R"J({
  "name": "Mine", "repos": ["ROCm/ATOM"],
  "rules": {"HK4": {"enabled": false}},
  "custom_rules": [{"id": "X-print", "pattern": "^\\s*print\\((\\w+)\\)", "paths": ["atom/**"],
                    "severity": "warn", "problem": "print of `{1}` left in {path}",
                    "impact": "every forward pass writes to stdout", "action": "use the logger or drop it"}]
})J";

std::vector<std::string> rules_of(const nlohmann::json& result) {
  std::vector<std::string> rules;
  for (const auto& finding : result["findings"]) rules.push_back(finding["rule"]);
  return rules;
}

TEST_F(PackCli, PackTurnsARuleOffAndAddsACustomRule) {
  const std::string diff = write("todo.diff", kTodoDiff);
  const std::string status = rule_status_option("stable");
  const CliRun before = invoke("review --format json " + status + diff);
  ASSERT_EQ(before.exit_code, 0) << before.err;
  const std::vector<std::string> before_rules = rules_of(nlohmann::json::parse(before.out));
  EXPECT_NE(std::find(before_rules.begin(), before_rules.end(), "HK4"), before_rules.end());
  EXPECT_EQ(std::find(before_rules.begin(), before_rules.end(), "X-print"), before_rules.end());

  const std::string pack = write("pack.json", kPack);
  const CliRun with = invoke("review --format json --pack " + pack + " " + status + diff);
  ASSERT_EQ(with.exit_code, 0) << with.err;
  const nlohmann::json result = nlohmann::json::parse(with.out);
  const std::vector<std::string> rules = rules_of(result);
  EXPECT_EQ(std::find(rules.begin(), rules.end(), "HK4"), rules.end());
  nlohmann::json custom;
  for (const auto& finding : result["findings"])
    if (finding["rule"] == "X-print") custom = finding;
  ASSERT_FALSE(custom.is_null()) << with.out;
  EXPECT_EQ(custom["severity"], "warn");
  EXPECT_EQ(custom["line"], 3);
  EXPECT_EQ(custom["problem"], "print of `x` left in atom/models/llama.py");
  EXPECT_EQ(custom["impact"], "every forward pass writes to stdout");
  EXPECT_EQ(custom["action"], "Author must use the logger or drop it");
  EXPECT_EQ(result["verdict"], "needs_work");

  const CliRun card = invoke("review --pack " + pack + " " + status + diff);
  ASSERT_EQ(card.exit_code, 0) << card.err;
  EXPECT_NE(card.out.find("print of `x` left in"), std::string::npos) << card.out;
}

TEST_F(PackCli, InvalidPackStopsTheReview) {
  const std::string diff = write("todo.diff", kTodoDiff);
  const std::string pack = write("bad.json", R"({"name": "P", "repos": ["o/r"], "rules": {"D99": {}}})");
  const CliRun run = invoke("review --pack " + pack + " " + diff);
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.out, "");
  EXPECT_EQ(run.err, "atom-review: " + pack + ": /rules/D99: \"D99\" is not a rule of this engine (atom-review rules lists them)\n");
  const std::string two = write("two.json", R"({"name": "P", "repos": ["o"], "rules": {"D99": {}}})");
  const CliRun first_of_two = invoke("review --pack " + two + " " + diff);
  EXPECT_EQ(first_of_two.exit_code, 2);
  EXPECT_EQ(first_of_two.err, "atom-review: " + two + ": /repos/0: must be OWNER/REPO (either part may use * as a glob) (and 1 more: atom-review pack check " + two + ")\n");
}

TEST_F(PackCli, PackCheckSaysOk) {
  const CliRun run = invoke("pack check " + write("pack.json", kPack));
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out, "ok\n");
  const CliRun builtin = invoke("pack check '" + std::string(ATOM_SOURCE_DIR) + "/core/packs/atom.json'");
  EXPECT_EQ(builtin.exit_code, 0) << builtin.out;
  EXPECT_EQ(builtin.out, "ok\n");
}

TEST_F(PackCli, PackCheckPrintsEveryError) {
  const std::string pack = write("bad.json", R"({"name": "P", "repos": ["o"], "custom_rules": [
      {"id": "X1", "pattern": "print(", "severity": "warn", "problem": "p", "impact": "i", "action": "a"}]})");
  const CliRun run = invoke("pack check " + pack);
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.out, pack + ": /repos/0: must be OWNER/REPO (either part may use * as a glob)\n" + pack +
                         ": /custom_rules/0/pattern: RE2 rejects it: missing ): print(\n");
}

TEST_F(PackCli, PackCheckNeedsAFile) {
  const CliRun run = invoke("pack check");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.err, "atom-review: usage: atom-review pack check PACK.json\n");
  const CliRun missing = invoke("pack check '" + (dir_ / "nope.json").string() + "'");
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_NE(missing.err.find("nope.json"), std::string::npos);
}

}  // namespace
