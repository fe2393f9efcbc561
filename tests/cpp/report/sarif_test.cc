#include <set>

#include <gtest/gtest.h>

#include "core/report/render.h"
#include "core/report/sarif_limits.h"
#include "core/report/stable_hash.h"
#include "tests/cpp/report/report_test_support.h"
#include "tests/cpp/support/measured_rule.h"
#include "tests/cpp/support/rule_status_scope.h"

namespace atom {
namespace {

using nlohmann::json;
using testing::basic_result;
using testing::finding_of;

const Rule& first_rule() { return *all_rules().front(); }

TEST(Sarif, RunHasToolDriverWithTheWholeCatalogue) {
  ASSERT_FALSE(all_rules().empty());
  const json sarif = to_sarif(basic_result());
  EXPECT_EQ(sarif["version"], "2.1.0");
  ASSERT_EQ(sarif["runs"].size(), 1u);
  const json& driver = sarif["runs"][0]["tool"]["driver"];
  EXPECT_EQ(driver["name"], "atom-review");
  EXPECT_TRUE(driver["semanticVersion"].is_string());
  ASSERT_EQ(driver["rules"].size(), all_rules().size());
  for (size_t i = 0; i < all_rules().size(); ++i) {
    const json& rule = driver["rules"][i];
    EXPECT_EQ(rule["id"], all_rules()[i]->meta().id);
    for (const char* key : {"name", "shortDescription", "fullDescription", "help", "defaultConfiguration"})
      EXPECT_TRUE(rule.contains(key)) << key;
    EXPECT_TRUE(rule["help"]["markdown"].is_string());
    EXPECT_TRUE(rule["help"]["text"].is_string());
    const std::string level = rule["defaultConfiguration"]["level"];
    EXPECT_TRUE(level == "error" || level == "warning" || level == "note");
  }
  EXPECT_EQ(sarif["runs"][0]["results"], json::array());
}

// GitHub sorts code-scanning alerts by a rule's `precision`: ours comes from the hand labels.
TEST(Sarif, RulePrecisionFollowsTheHandLabels) {
  RuleStatusTable table;
  table.min_labels_to_turn_off = 5;
  using testing::measured_rule;
  table.set("P1", measured_rule(RuleStatus::Stable, 9, 1, 0));
  table.set("A2", measured_rule(RuleStatus::Preview, 6, 1, 1));   // 75%
  table.set("HK5", measured_rule(RuleStatus::Preview, 3, 2, 1));  // 50%
  table.set("D1", measured_rule(RuleStatus::Preview, 4, 0, 0));   // too few labels to say
  table.set("B5", measured_rule(RuleStatus::Off, 1, 3, 3));
  const testing::RuleStatusScope scope(table);
  const json sarif = to_sarif(basic_result());
  std::map<std::string, json> by_id;
  for (const json& rule : sarif["runs"][0]["tool"]["driver"]["rules"]) by_id[rule["id"].get<std::string>()] = rule["properties"];
  EXPECT_EQ(by_id["P1"]["precision"], "very-high");
  EXPECT_EQ(by_id["P1"]["status"], "stable");
  EXPECT_EQ(by_id["A2"]["precision"], "high");
  EXPECT_EQ(by_id["HK5"]["precision"], "medium");
  EXPECT_EQ(by_id["D1"]["precision"], "low");
  EXPECT_EQ(by_id["B5"]["precision"], "low");
  EXPECT_EQ(by_id["B5"]["labels"], json({{"tp", 1}, {"low", 3}, {"fp", 3}}));
  EXPECT_EQ(by_id["F1"]["precision"], "low") << "no labels";
}

TEST(Sarif, ResultsHaveLevelMessageLocationAndRuleIndex) {
  ReviewResult result = basic_result();
  result.findings = {finding_of(first_rule(), Severity::Red, "atom/model_ops/moe.py", 42),
                     finding_of(first_rule(), Severity::Warn, "atom/model_ops/moe.py", 43, Tag::Inferred),
                     finding_of(first_rule(), Severity::Note, "atom/model_ops/moe.py", 44)};
  const json sarif = to_sarif(result);
  const json& results = sarif["runs"][0]["results"];
  ASSERT_EQ(results.size(), 3u);
  EXPECT_EQ(results[0]["level"], "error");
  EXPECT_EQ(results[1]["level"], "warning");
  EXPECT_EQ(results[2]["level"], "note");
  const size_t index = results[0]["ruleIndex"];
  EXPECT_EQ(sarif["runs"][0]["tool"]["driver"]["rules"][index]["id"], results[0]["ruleId"]);
  const json& location = results[0]["locations"][0]["physicalLocation"];
  EXPECT_EQ(location["artifactLocation"]["uri"], "atom/model_ops/moe.py");
  EXPECT_EQ(location["region"]["startLine"], 42);
  const std::string text = results[0]["message"]["text"];
  EXPECT_NE(text.find("Author must "), std::string::npos);
  EXPECT_NE(results[1]["message"]["text"].get<std::string>().find("Reviewer should ask "), std::string::npos);
}

TEST(Sarif, PreviewFindingsAreNotesMarkedPreview) {
  ReviewResult result = basic_result();
  result.findings = {finding_of(first_rule(), Severity::Note, "atom/model_ops/moe.py", 42)};
  result.findings[0].fields = {{"preview", "1"}, {"rule_severity", "warn"}};
  const json sarif = to_sarif(result);
  const json& sarif_result = sarif["runs"][0]["results"][0];
  EXPECT_EQ(sarif_result["level"], "note");
  EXPECT_EQ(sarif_result["properties"]["preview"], true);
  EXPECT_EQ(sarif_result["properties"]["ruleSeverity"], "warn");
  EXPECT_EQ(sarif_result["message"]["text"].get<std::string>().rfind("worth a look: ", 0), 0u);
}

TEST(Sarif, PrAndFileLevelFindingsGoToLineOneWithScope) {
  ReviewResult result = basic_result();
  result.files[0].status = FileStatus::Deleted;  // a deleted file cannot carry the PR-level anchor
  result.findings = {finding_of(first_rule(), Severity::Warn, "", 0),
                     finding_of(first_rule(), Severity::Warn, "atom/models/qwen3.py", 0)};
  const json results = to_sarif(result)["runs"][0]["results"];
  EXPECT_EQ(results[0]["properties"]["scope"], "pr");
  EXPECT_EQ(results[0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"], "atom/model_ops/moe.py");
  EXPECT_EQ(results[0]["locations"][0]["physicalLocation"]["region"]["startLine"], 1);
  EXPECT_EQ(results[1]["properties"]["scope"], "file");
  EXPECT_EQ(results[1]["locations"][0]["physicalLocation"]["region"]["startLine"], 1);
}

TEST(Sarif, RemovedLineFindingIsPlacedOnItsNewSideAnchor) {
  ReviewResult result = basic_result();
  result.files[1].removed_line_anchors = {{30, 33}};
  result.findings = {finding_of(first_rule(), Severity::Warn, "atom/model_ops/moe.py", 30)};
  result.findings[0].side = Side::Old;
  const json sarif_result = to_sarif(result)["runs"][0]["results"][0];
  EXPECT_EQ(sarif_result["locations"][0]["physicalLocation"]["region"]["startLine"], 33);
  EXPECT_EQ(sarif_result["properties"]["side"], "old");
  EXPECT_EQ(sarif_result["properties"]["oldLine"], 30);
}

TEST(Sarif, FingerprintsSurviveLineShiftsAndDifferBetweenFindings) {
  ReviewResult result = basic_result();
  Finding finding = finding_of(first_rule(), Severity::Warn, "atom/model_ops/moe.py", 42);
  finding.place = "FusedMoE.forward";
  finding.fields = {{"var", "out"}, {"line_no", "42"}};
  Finding shifted = finding;
  shifted.line = 57;
  shifted.fields["line_no"] = "57";
  Finding other = finding;
  other.fields["var"] = "scale";
  result.findings = {finding};
  const json a = to_sarif(result)["runs"][0]["results"][0]["partialFingerprints"];
  result.findings = {shifted};
  const json b = to_sarif(result)["runs"][0]["results"][0]["partialFingerprints"];
  result.findings = {other, finding, finding};
  const json results = to_sarif(result)["runs"][0]["results"];
  EXPECT_EQ(a, b);
  EXPECT_NE(results[0]["partialFingerprints"], a);
  EXPECT_EQ(results[1]["partialFingerprints"], a);
  EXPECT_NE(results[2]["partialFingerprints"], a);  // a second identical finding gets its own occurrence
}

TEST(Sarif, FingerprintsIgnoreLineNumbersInsideFields) {
  ReviewResult result = basic_result();
  Finding finding = finding_of(first_rule(), Severity::Warn, "atom/model_ops/moe.py", 42);
  finding.fields = {{"still_at", "atom/models/deepseek_v4.py:120"}};
  Finding moved_caller = finding;
  moved_caller.fields["still_at"] = "atom/models/deepseek_v4.py:133";
  Finding other_file = finding;
  other_file.fields["still_at"] = "atom/models/deepseek_v3.py:120";
  const auto fingerprint_of = [&](const Finding& alone) {  // one per run: a repeat gets its own occurrence
    result.findings = {alone};
    return to_sarif(result)["runs"][0]["results"][0]["partialFingerprints"]["atomReviewFinding/v1"];
  };
  EXPECT_EQ(fingerprint_of(moved_caller), fingerprint_of(finding));
  EXPECT_NE(fingerprint_of(other_file), fingerprint_of(finding));
}

TEST(Sarif, PathsArePercentEncodedUris) {
  ReviewResult result = basic_result();
  result.findings = {finding_of(first_rule(), Severity::Warn, "docs/my file\xC3\xA9.py", 2)};
  EXPECT_EQ(to_sarif(result)["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
            "docs/my%20file%C3%A9.py");
}

TEST(Sarif, VersionControlProvenanceWhenRepoAndHeadAreKnown) {
  ReviewResult result = basic_result();
  EXPECT_FALSE(to_sarif(result)["runs"][0].contains("versionControlProvenance"));
  result.meta.head_sha = "abc123";
  const json vcp = to_sarif(result)["runs"][0]["versionControlProvenance"][0];
  EXPECT_EQ(vcp["repositoryUri"], "https://github.com/ROCm/ATOM");
  EXPECT_EQ(vcp["revisionId"], "abc123");
}

TEST(SarifLimits, CutsByCountAndBySizeDeterministically) {
  std::vector<json> results;
  for (int i = 0; i < 50; ++i) results.push_back({{"ruleId", "X"}, {"message", {{"text", std::string(100, 'a')}}}});
  json by_count = {{"runs", {json::object()}}};
  fit_results_within_limits(by_count, results, SarifLimits{.max_results = 10, .max_bytes = 1000000});
  EXPECT_EQ(by_count["runs"][0]["results"].size(), 10u);
  EXPECT_EQ(by_count["runs"][0]["properties"]["truncated"], true);
  EXPECT_EQ(by_count["runs"][0]["properties"]["resultsTotal"], 50);
  EXPECT_EQ(by_count["runs"][0]["properties"]["resultsKept"], 10);

  json by_size = {{"runs", {json::object()}}};
  fit_results_within_limits(by_size, results, SarifLimits{.max_results = 25000, .max_bytes = 2000});
  const size_t kept = by_size["runs"][0]["results"].size();
  EXPECT_GT(kept, 0u);
  EXPECT_LT(kept, 50u);
  EXPECT_LE(dump_json(by_size).size(), 2000u);

  json untouched = {{"runs", {json::object()}}};
  fit_results_within_limits(untouched, results, SarifLimits{});
  EXPECT_EQ(untouched["runs"][0]["results"].size(), 50u);
  EXPECT_FALSE(untouched["runs"][0].contains("properties"));
}

TEST(StableHash, KnownFnv1aValues) {
  EXPECT_EQ(to_hex16(fnv1a64("")), "cbf29ce484222325");
  EXPECT_EQ(to_hex16(fnv1a64("a")), "af63dc4c8601ec8c");
}

}  // namespace
}  // namespace atom
