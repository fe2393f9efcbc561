#include <set>

#include <gtest/gtest.h>

#include "core/report/render.h"
#include "tests/cpp/report/report_test_support.h"
#include "tests/cpp/support/measured_rule.h"

namespace atom {
namespace {

using nlohmann::json;
using testing::basic_result;
using testing::finding_of;

std::set<std::string> keys_of(const json& object) {
  std::set<std::string> keys;
  for (const auto& item : object.items()) keys.insert(item.key());
  return keys;
}

TEST(ResultJson, HasExactlyTheContractKeys) {
  const json out = to_result_json(basic_result());
  EXPECT_EQ(keys_of(out), (std::set<std::string>{"schema", "pr", "pack", "stats", "files", "pr_types", "questions",
                                                 "checklist", "prompts", "reviewer_prompts", "context", "ci", "findings", "dismissed",
                                                 "rules", "ai_signals", "elevated_ai_risk", "verdict", "verdict_label", "draft",
                                                 "errors", "skipped"}));
  EXPECT_EQ(out["schema"], "atom-review/1");
  EXPECT_EQ(out["pr"]["number"], 1498);
  EXPECT_EQ(out["pack"], "ATOM");
  EXPECT_EQ(out["verdict"], "lgtm");
  EXPECT_EQ(out["verdict_label"], "LGTM");
  EXPECT_EQ(out["stats"], (json{{"files", 3}, {"additions", 16}, {"deletions", 7}, {"bytes", 1234}, {"red", 0}, {"warn", 0},
                                {"notes", 0}, {"files_by_tier", {{"1", 1}, {"2", 1}, {"3", 1}}}, {"top_tier", 1}}));
  EXPECT_TRUE(out["draft"].get<std::string>().rfind("## ATOM PR #1498", 0) == 0);
}

TEST(ResultJson, FilesCarryTierAndStatus) {
  ReviewResult result = basic_result();
  result.files[0].status = FileStatus::Renamed;
  result.files[0].old_path = "atom/model_engine/old_runner.py";
  result.files[0].tier.high_visibility = true;
  const json file = to_result_json(result)["files"][0];
  EXPECT_EQ(file["path"], "atom/model_engine/model_runner.py");
  EXPECT_EQ(file["old_path"], "atom/model_engine/old_runner.py");
  EXPECT_EQ(file["status"], "renamed");
  EXPECT_EQ(file["tier"], 1);
  EXPECT_EQ(file["high_visibility"], true);
  EXPECT_EQ(file["functions"], json::array({"ModelRunner.capture_cudagraph"}));
  EXPECT_TRUE(file.contains("tier_reason"));
  EXPECT_TRUE(file.contains("binary"));
  EXPECT_TRUE(to_result_json(result)["files"][1]["old_path"].is_null());
}

TEST(ResultJson, FindingsHaveWordsAndNullsWhereTheContractSaysSo) {
  ASSERT_FALSE(all_rules().empty());
  const Rule& rule = *all_rules().front();
  ReviewResult result = basic_result();
  result.findings = {finding_of(rule, Severity::Red, "atom/model_ops/moe.py", 42),
                     finding_of(rule, Severity::Warn, "atom/model_ops/moe.py", 0, Tag::Inferred),
                     finding_of(rule, Severity::Note, "", 0)};
  result.findings[0].side = Side::Old;
  result.findings[0].folded = 2;
  result.findings[1].fields["worth_checking"] = "1";
  result.verdict = Verdict::Block;
  const json findings = to_result_json(result)["findings"];
  ASSERT_EQ(findings.size(), 3u);
  for (const auto& f : findings)
    for (const char* key : {"rule", "severity", "path", "line", "side", "tag", "trigger", "problem", "impact", "action"})
      EXPECT_TRUE(f.contains(key)) << key;
  EXPECT_EQ(findings[0]["severity"], "red");
  EXPECT_EQ(findings[0]["line"], 42);
  EXPECT_EQ(findings[0]["side"], "old");
  EXPECT_EQ(findings[0]["folded"], 2);
  EXPECT_TRUE(findings[0]["trigger"].is_string());
  EXPECT_EQ(findings[0]["action"].get<std::string>().rfind("Author must ", 0), 0u);
  EXPECT_TRUE(findings[1]["line"].is_null());
  EXPECT_EQ(findings[1]["path"], "atom/model_ops/moe.py");
  EXPECT_TRUE(findings[1]["trigger"].is_null());
  EXPECT_EQ(findings[1]["worth_checking"], true);
  EXPECT_EQ(findings[1]["action"].get<std::string>().rfind("Reviewer should ask ", 0), 0u);
  EXPECT_TRUE(findings[2]["path"].is_null());
  EXPECT_TRUE(findings[2]["line"].is_null());
  EXPECT_EQ(to_result_json(result)["verdict"], "block");
}

TEST(ResultJson, PreviewFindingsSayWhatTheRuleWouldHaveSaid) {
  ReviewResult result = basic_result();
  result.findings = {finding_of(*all_rules().front(), Severity::Note, "atom/model_ops/moe.py", 42),
                     finding_of(*all_rules().front(), Severity::Note, "atom/model_ops/moe.py", 43)};
  result.findings[0].fields = {{"preview", "1"}, {"rule_severity", "red"}};
  const json findings = to_result_json(result)["findings"];
  EXPECT_EQ(findings[0]["severity"], "note");
  EXPECT_EQ(findings[0]["preview"], true);
  EXPECT_EQ(findings[0]["rule_severity"], "red");
  EXPECT_EQ(findings[0]["problem"].get<std::string>().rfind("worth a look: ", 0), 0u);
  EXPECT_FALSE(findings[1].contains("preview"));
  EXPECT_FALSE(findings[1].contains("rule_severity"));
}

TEST(ResultJson, RulesCarryEachRecordAsCounts) {
  ReviewResult result = basic_result();
  result.rule_records = {{"A2", testing::measured_rule(RuleStatus::Preview, 8, 1, 2, "2026-12-06")},
                         {"HK4", RuleStatusEntry{}}};
  const json rules = to_result_json(result)["rules"];
  EXPECT_EQ(rules["A2"], json({{"status", "preview"}, {"labels", 11}, {"tp", 8}, {"low", 1}, {"fp", 2},
                               {"labeled_through", "2026-12-06"}}));
  EXPECT_EQ(rules["HK4"]["labels"], 0);
  EXPECT_TRUE(rules["HK4"]["labeled_through"].is_null());
  EXPECT_EQ(to_result_json(basic_result())["rules"], json::object());
}

TEST(ResultJson, SummaryPartsDismissedAndErrorsAreEchoed) {
  ReviewResult result = basic_result();
  result.pr_types = {{"performance", {"title: \"Fuse\""}}, {"plugin_interface", {"atom/plugin/a.py", "atom/plugin/a.py"}}};
  result.questions = {{"Q1", "Changed: functions `f`.", {{"a.py:3", "a.py", 3}, {"a.py:9 (removed)", "a.py", 9, Side::Old}, {"title"}}}};
  result.checklist = {{"", {"PR-level item"}}, {"atom/config.py", {"item"}, true}};
  result.prompts = {{"whether x", {"a.py:9 (removed)", "a.py", 9, Side::Old}}};
  result.ai_signals = {{"ai_attribution", "description: \"Co-Authored-By: Claude\""}};
  result.elevated_ai_risk = true;
  Finding dismissed;
  dismissed.rule = "ZZ9";
  dismissed.path = "a.py";
  dismissed.line = 3;
  result.dismissed = {{dismissed, "not applicable"}};
  result.errors = {{"malformed-hunk", "hunk header lies", 17}};
  const json out = to_result_json(result);
  EXPECT_EQ(out["pr_types"][0], (json{{"id", "performance"}, {"evidence", "title: \"Fuse\""}, {"at", nullptr}}));
  EXPECT_EQ(out["pr_types"][1]["at"], (json{{"path", "atom/plugin/a.py"}, {"line", nullptr}, {"side", "new"}}));
  EXPECT_EQ(out["questions"][0]["evidence"], json::array({"a.py:3", "a.py:9 (removed)", "title"}));
  EXPECT_EQ(out["questions"][0]["evidence_at"],
            (json::array({{{"path", "a.py"}, {"line", 3}, {"side", "new"}}, {{"path", "a.py"}, {"line", 9}, {"side", "old"}}, nullptr})));
  EXPECT_TRUE(out["checklist"][0]["path"].is_null());
  EXPECT_EQ(out["checklist"][0]["mandatory"], false);
  EXPECT_EQ(out["checklist"][1]["path"], "atom/config.py");
  EXPECT_EQ(out["checklist"][1]["mandatory"], true);
  EXPECT_EQ(out["prompts"][0], "Reviewer should ask whether x (`a.py:9 (removed)`)");
  EXPECT_EQ(out["reviewer_prompts"][0], (json{{"question", "whether x"}, {"evidence", "a.py:9 (removed)"},
                                              {"at", {{"path", "a.py"}, {"line", 9}, {"side", "old"}}}}));
  EXPECT_EQ(out["ai_signals"][0]["id"], "ai_attribution");
  EXPECT_EQ(out["elevated_ai_risk"], true);
  EXPECT_EQ(out["dismissed"][0]["reason"], "not applicable");
  EXPECT_EQ(out["dismissed"][0]["line"], 3);
  EXPECT_EQ(out["errors"][0], (json{{"code", "malformed-hunk"}, {"message", "hunk header lies"}, {"line", 17}}));
}

TEST(ResultJson, NoPackGivesNullAndMissingMetaGivesEmptyObject) {
  ReviewResult result;
  result.pr_given = nullptr;
  const json out = to_result_json(result);
  EXPECT_TRUE(out["pack"].is_null());
  EXPECT_EQ(out["pr"], json::object());
  EXPECT_EQ(out["stats"]["files"], 0);
  EXPECT_TRUE(out["stats"]["top_tier"].is_null());
}

TEST(ResultJson, StatsCountTheFindingsBySeverityAndTheVerdictHasTheCardsWords) {
  ReviewResult result = basic_result();
  result.files.erase(result.files.begin());  // no Tier 1 file
  const auto finding = [](Severity severity) {
    Finding made;
    made.rule = "ZZ1";
    made.severity = severity;
    return made;
  };
  result.findings = {finding(Severity::Red), finding(Severity::Warn), finding(Severity::Warn), finding(Severity::Note)};
  result.verdict = Verdict::Block;
  const json out = to_result_json(result);
  EXPECT_EQ(out["stats"]["red"], 1);
  EXPECT_EQ(out["stats"]["warn"], 2);
  EXPECT_EQ(out["stats"]["notes"], 1);
  EXPECT_EQ(out["stats"]["top_tier"], 2);
  EXPECT_EQ(out["stats"]["files_by_tier"], (json{{"1", 0}, {"2", 1}, {"3", 1}}));
  EXPECT_EQ(out["verdict_label"], "BLOCK");
  EXPECT_NE(out["draft"].get<std::string>().find("🔴 BLOCK"), std::string::npos) << out["draft"];
  result.verdict = Verdict::NeedsWork;
  EXPECT_EQ(to_result_json(result)["verdict_label"], "NEEDS WORK");
}

TEST(DumpJson, SortsKeysAndReplacesInvalidUtf8) {
  json value = json::object();
  value["zeta"] = 1;
  value["alpha"] = "bad\xFF" "byte";
  value["Mid"] = json::array({3, 1});
  EXPECT_EQ(dump_json(value), "{\"Mid\":[3,1],\"alpha\":\"bad\xEF\xBF\xBD" "byte\",\"zeta\":1}");
  EXPECT_EQ(dump_json(json{{"b", 1}, {"a", 2}}, 2), "{\n  \"a\": 2,\n  \"b\": 1\n}");
}

TEST(DumpJson, ResultIsDeterministic) {
  ReviewResult result = basic_result();
  result.pr_types = {{"bug_fix", {"title: \"fix\""}}};
  EXPECT_EQ(dump_json(to_result_json(result)), dump_json(to_result_json(result)));
}

TEST(ResultJson, SkippedNamesEachLimitTheInputWentOver) {
  ReviewResult result = basic_result();
  EXPECT_EQ(to_result_json(result)["skipped"], json::array());
  result.skipped = {{"files", "", 5000, 3000}, {"file-lines", "a.py", 20001, 20000}};
  EXPECT_EQ(to_result_json(result)["skipped"],
            (json{{{"limit", "files"}, {"path", nullptr}, {"size", 5000}, {"max", 3000}},
                  {{"limit", "file-lines"}, {"path", "a.py"}, {"size", 20001}, {"max", 20000}}}));
}

}  // namespace
}  // namespace atom
