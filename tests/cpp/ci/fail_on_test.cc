// `--fail-on red|warn`, the CI gate: exit 1 exactly when the printed result holds a finding at or
// above the threshold, the output unchanged by the gate, dismissed findings never gating.
#include <nlohmann/json.hpp>

#include "tests/cpp/ci/ci_test_support.h"

namespace atom::ci_test {
namespace {

struct SeverityCounts {
  int red = 0, warn = 0, note = 0;
};

SeverityCounts count_severities(const nlohmann::json& result) {
  SeverityCounts counts;
  for (const auto& finding : result["findings"]) {
    const std::string severity = finding["severity"];
    if (severity == "red") ++counts.red;
    else if (severity == "warn") ++counts.warn;
    else ++counts.note;
  }
  return counts;
}

std::string meta_option(const fs::path& diff) {
  return fs::exists(meta_beside(diff)) ? "--meta " + shell_quoted(meta_beside(diff)) + " " : "";
}

// The gate is about severities, so these tests give every rule the stable status (its own
// severity): with the measured statuses most rules are preview and report notes only.
class FailOn : public CiTest {};

// Every rule fixture in the repository: the gate against the counts of the JSON it printed.
TEST_F(FailOn, ExitOneExactlyWhenAFindingReachesTheThreshold) {
  const std::vector<fs::path> fixtures = diffs_in(fs::path(ATOM_SOURCE_DIR) / "tests/rules");
  ASSERT_FALSE(fixtures.empty());
  int gated_red = 0, gated_warn_only = 0, clean_or_notes = 0;
  for (const fs::path& diff : fixtures) {
    const std::string common = "review --format json " + rule_status_option("stable") + meta_option(diff);
    const CliRun plain = invoke(common + shell_quoted(diff));
    const CliRun red = invoke(common + "--fail-on red " + shell_quoted(diff));
    const CliRun warn = invoke(common + "--fail-on warn " + shell_quoted(diff));
    ASSERT_EQ(plain.exit_code, 0) << diff << ": " << plain.err;
    EXPECT_EQ(red.out, plain.out) << diff << ": the gate changed the output";
    EXPECT_EQ(warn.out, plain.out) << diff << ": the gate changed the output";
    EXPECT_EQ(red.err, "") << diff;
    const SeverityCounts counts = count_severities(nlohmann::json::parse(plain.out));
    EXPECT_EQ(red.exit_code, counts.red > 0 ? 1 : 0) << diff;
    EXPECT_EQ(warn.exit_code, counts.red + counts.warn > 0 ? 1 : 0) << diff;
    if (counts.red > 0) ++gated_red;
    else if (counts.warn > 0) ++gated_warn_only;
    else ++clean_or_notes;
  }
  // Each branch of the gate was exercised, or the test above proved less than it claims.
  EXPECT_GT(gated_red, 0);
  EXPECT_GT(gated_warn_only, 0);
  EXPECT_GT(clean_or_notes, 0);
}

// A red finding dismissed in the meta leaves the verdict and the gate.
TEST_F(FailOn, DismissedFindingsDoNotTripTheGate) {
  for (const fs::path& diff : diffs_in(fs::path(ATOM_SOURCE_DIR) / "tests/rules")) {
    nlohmann::json meta = fs::exists(meta_beside(diff)) ? nlohmann::json::parse(read_file(meta_beside(diff)))
                                                        : nlohmann::json::object();
    const std::string stable = rule_status_option("stable");
    const CliRun first = invoke("review --format json " + stable + "--meta " + shell_quoted(write("meta.json", meta.dump())) + " " + shell_quoted(diff));
    ASSERT_EQ(first.exit_code, 0) << first.err;
    const nlohmann::json result = nlohmann::json::parse(first.out);
    if (count_severities(result).red == 0) continue;

    nlohmann::json dismissed = nlohmann::json::array();
    for (const auto& finding : result["findings"])
      if (finding["severity"] == "red")
        dismissed.push_back({{"rule", finding["rule"]}, {"path", finding["path"]}, {"line", finding["line"]},
                             {"reason", "accepted in review"}});
    meta["dismissed"] = dismissed;
    const std::string meta_path = write("dismissed.json", meta.dump());
    const CliRun gated = invoke("review --format json --fail-on red " + stable + "--meta " + shell_quoted(meta_path) + " " + shell_quoted(diff));
    EXPECT_EQ(gated.exit_code, 0) << diff << ": " << gated.err;
    const nlohmann::json after = nlohmann::json::parse(gated.out, nullptr, false);
    EXPECT_EQ(count_severities(after).red, 0) << diff;
    EXPECT_EQ(after["dismissed"].size(), dismissed.size()) << diff;
    return;
  }
  FAIL() << "no rule fixture gives a red finding";
}

// With the measured statuses a preview rule's red is a note, so it never trips the gate.
TEST_F(FailOn, PreviewRulesNeverTripTheGate) {
  const std::string preview = rule_status_option("preview");
  int reds_demoted = 0;
  for (const fs::path& diff : diffs_in(fs::path(ATOM_SOURCE_DIR) / "tests/rules")) {
    const CliRun gated = invoke("review --format json --fail-on warn " + preview + meta_option(diff) + shell_quoted(diff));
    ASSERT_EQ(gated.exit_code, 0) << diff << ": " << gated.err;
    const nlohmann::json result = nlohmann::json::parse(gated.out);
    EXPECT_EQ(result["verdict"], "lgtm") << diff;
    for (const auto& finding : result["findings"]) {
      EXPECT_EQ(finding["severity"], "note") << diff;
      EXPECT_EQ(finding["preview"], true) << diff;
      if (finding["rule_severity"] == "red") ++reds_demoted;
    }
  }
  EXPECT_GT(reds_demoted, 0) << "no fixture gave a red to demote: the test proved less than it claims";
}

TEST_F(FailOn, MalformedRuleStatusIsTwo) {
  EXPECT_EQ(invoke("review --rule-status " + write("bad.json", "[1]") + " " + write("x.diff", "")).exit_code, 2);
  const CliRun missing = invoke("review --rule-status " + (dir_ / "missing.json").string() + " -");
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_NE(missing.err.find("missing.json"), std::string::npos) << missing.err;
}

// Unusable input is 2 even with the gate: CI must tell "broken input" from "findings".
TEST_F(FailOn, UnusableInputIsTwoNotOne) {
  const std::string text = write("notes.txt", "not a diff\n");
  EXPECT_EQ(invoke("review --fail-on warn " + text).exit_code, 2);
  EXPECT_EQ(invoke("review --fail-on red " + (dir_ / "missing.diff").string()).exit_code, 2);
}

}  // namespace
}  // namespace atom::ci_test
