// Runs the built `atom-review` as a subprocess: exit codes and error lines (contract.md).
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "tests/cpp/ci/ci_test_support.h"

namespace {

namespace fs = std::filesystem;

using atom::ci_test::CliRun;
using atom::ci_test::count_lines;

// Subprocess runs in a fresh temp folder (tests/cpp/ci/ci_test_support.h).
class AtomReviewCli : public atom::ci_test::CiTest {};

// One changed file with a TODO on an added line: HK4 (warn, never red).
const char* kTodoDiff =
    "diff --git a/atom/models/llama.py b/atom/models/llama.py\n"
    "--- a/atom/models/llama.py\n"
    "+++ b/atom/models/llama.py\n"
    "@@ -1,2 +1,3 @@\n"
    " import torch\n"
    "+# TODO: remove this workaround\n"
    " x = 1\n";

TEST_F(AtomReviewCli, VersionAndHelp) {
  CliRun version = invoke("--version");
  EXPECT_EQ(version.exit_code, 0);
  EXPECT_EQ(version.out.rfind("atom-review ", 0), 0u);
  CliRun help = invoke("--help");
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_NE(help.out.find("atom-review review"), std::string::npos);
  EXPECT_EQ(invoke("").exit_code, 2);
  CliRun unknown = invoke("frobnicate");
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_EQ(unknown.err, "atom-review: unknown command 'frobnicate' (see atom-review --help)\n");
}

TEST_F(AtomReviewCli, ReviewRunsAndFailOnDecidesExitOne) {
  const std::string diff = write("todo.diff", kTodoDiff);
  CliRun card = invoke("review " + diff);
  EXPECT_EQ(card.exit_code, 0) << card.err;
  EXPECT_EQ(card.err, "");
  EXPECT_FALSE(card.out.empty());
  CliRun json = invoke("review --format json " + diff);
  ASSERT_EQ(json.exit_code, 0) << json.err;
  const auto result = nlohmann::json::parse(json.out, nullptr, false);
  ASSERT_TRUE(result.is_object());
  EXPECT_EQ(result["schema"], "atom-review/1");
  // The TODO is a warning when its rule is stable (given here: the measured status may be preview).
  const std::string stable = rule_status_option("stable");
  EXPECT_EQ(invoke("review --fail-on warn " + stable + diff).exit_code, 1);
  EXPECT_EQ(invoke("review --fail-on red " + stable + diff).exit_code, 0);
  EXPECT_EQ(invoke("review --fail-on red - < " + diff).exit_code, 0);
  CliRun sarif = invoke("review --format sarif " + diff);
  EXPECT_EQ(sarif.exit_code, 0);
  EXPECT_TRUE(nlohmann::json::parse(sarif.out, nullptr, false).contains("runs"));
}

// The demo PR (./scripts/run) has a verified note, an uninitialised buffer reduced with
// atomic_max: its card must not say LGTM above it.
TEST_F(AtomReviewCli, TheDemoCardSaysNoLgtmOverItsVerifiedNote) {
  const std::string demo = std::string(ATOM_SOURCE_DIR) + "/tests/fixtures/demo/";
  CliRun card = invoke("review --meta " + demo + "demo-pr.meta.json --repo " + demo + "demo-pr-head " + demo +
                       "demo-pr.diff");
  ASSERT_EQ(card.exit_code, 0) << card.err;
  EXPECT_EQ(card.out.find("LGTM"), std::string::npos) << card.out;
  EXPECT_NE(card.out.find("🔎 LOOK FIRST"), std::string::npos) << card.out;
  EXPECT_NE(card.out.find("[verified]"), std::string::npos) << card.out;
}

// A rule its labels turned off does not run; --all-rules runs it again, as a note (review and batch).
TEST_F(AtomReviewCli, AnOffRuleRunsOnlyWithAllRules) {
  const std::string diff = write("todo.diff", kTodoDiff);
  const std::string off = write("off.json", R"({"rules": {"HK4": {"status": "off"}}})");
  auto hk4_notes = [](const std::string& json_text) {
    int count = 0;
    const nlohmann::json result = nlohmann::json::parse(json_text);
    for (const auto& finding : result["findings"])
      if (finding["rule"] == "HK4") {
        ++count;
        EXPECT_EQ(finding["severity"], "note");
      }
    return count;
  };
  const std::string preview = write("preview.json", R"({"rules": {"HK4": {"status": "preview"}}})");
  EXPECT_GT(hk4_notes(invoke("review --format json --rule-status '" + preview + "' " + diff).out), 0)
      << "the fixture must raise HK4";
  EXPECT_EQ(hk4_notes(invoke("review --format json --rule-status '" + off + "' " + diff).out), 0);
  EXPECT_GT(hk4_notes(invoke("review --format json --rule-status '" + off + "' --all-rules " + diff).out), 0);
  const CliRun batch = invoke("batch --all-rules '" + diff + "'");
  ASSERT_EQ(batch.exit_code, 0) << batch.err;
  EXPECT_NE(batch.out.find("\"HK4\""), std::string::npos);
  EXPECT_EQ(invoke("review --all-rules=yes " + diff).err, "atom-review: option --all-rules takes no value\n");
}

TEST_F(AtomReviewCli, ReviewIsDeterministic) {
  const std::string diff = write("todo.diff", kTodoDiff);
  EXPECT_EQ(invoke("review --format json " + diff).out, invoke("review --format json " + diff).out);
}

TEST_F(AtomReviewCli, DiffMalformedAfterSomeFilesStillRuns) {
  const std::string diff = write("partial.diff", std::string(kTodoDiff) +
      "diff --git a/atom/y.py b/atom/y.py\n--- a/atom/y.py\n+++ b/atom/y.py\n@@ -1,5 +1,9 @@\n a\n+b\n");
  CliRun result = invoke("review --format json " + diff);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const auto json = nlohmann::json::parse(result.out, nullptr, false);
  ASSERT_FALSE(json["errors"].empty());
  EXPECT_GT(json["errors"][0]["line"].get<int>(), 0);
}

TEST_F(AtomReviewCli, MissingFileIsExitTwoNamingIt) {
  CliRun missing = invoke("review " + (dir_ / "nope.diff").string());
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_EQ(count_lines(missing.err), 1u);
  EXPECT_NE(missing.err.find("nope.diff"), std::string::npos);
  CliRun directory = invoke("review " + dir_.string());
  EXPECT_EQ(directory.exit_code, 2);
  EXPECT_NE(directory.err.find("is a directory"), std::string::npos);
}

TEST_F(AtomReviewCli, NotADiffIsExitTwoWithFileAndLine) {
  const std::string text = write("notes.txt", "just some notes\nnothing else\n");
  CliRun result = invoke("review " + text);
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_EQ(count_lines(result.err), 1u);
  EXPECT_EQ(result.err.rfind("atom-review: " + text + ":1: ", 0), 0u) << result.err;
  CliRun empty = invoke("review " + write("empty.diff", ""));
  EXPECT_EQ(empty.exit_code, 2);
  EXPECT_NE(empty.err.find("empty.diff:1: empty input"), std::string::npos) << empty.err;
}

TEST_F(AtomReviewCli, MalformedMetaIsExitTwoNamingTheFile) {
  const std::string diff = write("todo.diff", kTodoDiff);
  const std::string meta = write("pr.json", "{\"title\": ");
  CliRun result = invoke("review --meta " + meta + " " + diff);
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_EQ(count_lines(result.err), 1u);
  EXPECT_NE(result.err.find(meta + ": meta JSON: syntax error at byte"), std::string::npos) << result.err;
  const std::string typed = write("typed.json", "{\"number\": \"12\"}");
  EXPECT_EQ(invoke("review --meta " + typed + " " + diff).exit_code, 2);
}

TEST_F(AtomReviewCli, GhShapedMetaReachesTheResult) {
  const std::string diff = write("todo.diff", kTodoDiff);
  const std::string meta = write("pr.json", R"({"number": 1498, "title": "Fix", "body": "why",
      "labels": [{"name": "bug"}], "author": {"login": "alice"}})");
  CliRun result = invoke("review --format json --meta " + meta + " " + diff);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const auto json = nlohmann::json::parse(result.out, nullptr, false);
  EXPECT_EQ(json["pr"]["number"], 1498);
}

TEST_F(AtomReviewCli, BadArgumentsAreExitTwo) {
  const std::string diff = write("todo.diff", kTodoDiff);
  CliRun format = invoke("review --format xml " + diff);
  EXPECT_EQ(format.exit_code, 2);
  EXPECT_EQ(format.err, "atom-review: --format must be one of json|markdown|sarif, not 'xml'\n");
  CliRun option = invoke("review --colour " + diff);
  EXPECT_EQ(option.exit_code, 2);
  EXPECT_NE(option.err.find("unknown option --colour"), std::string::npos);
  EXPECT_EQ(invoke("review --meta").exit_code, 2);
  EXPECT_EQ(invoke("review " + diff + " " + diff).exit_code, 2);
  EXPECT_EQ(invoke("review --fail-on maybe " + diff).exit_code, 2);
  CliRun pack = invoke("review --pack p.json " + diff);  // --pack itself: tests/cpp/ci/pack_option_test.cc
  EXPECT_EQ(pack.exit_code, 2);
  EXPECT_EQ(pack.err.rfind("atom-review: p.json: cannot read", 0), 0u) << pack.err;
  CliRun repo = invoke("review --repo no-such-checkout " + diff);  // --repo itself: tests/cpp/ci/repo_option_test.cc
  EXPECT_EQ(repo.exit_code, 2);
  EXPECT_EQ(repo.err, "atom-review: no-such-checkout: --repo needs a directory (a checkout at the pull request's head)\n");
}

TEST_F(AtomReviewCli, TiersGoldenTable) {
  const std::string log = std::string(ATOM_SHARED_DIR) + "/corpus/atom-gitlog.txt";
  if (!fs::exists(log)) GTEST_SKIP() << log << " not present";
  CliRun table = invoke("tiers --since 2025-01-01 --until 2026-06-23T16:00+08:00 " + log);
  ASSERT_EQ(table.exit_code, 0) << table.err;
  EXPECT_NE(table.out.find("| 1 | `atom/model_engine/model_runner.py` | 158 | 1 |"), std::string::npos);
  EXPECT_NE(table.out.find("| `atom/model_engine/scheduler.py` | 68 | 1 |"), std::string::npos);
  EXPECT_NE(table.out.find("| `atom/model_ops/layernorm.py` | 32 | 2 |"), std::string::npos);
  CliRun json = invoke("tiers --format json --since 2025-01-01 --until 2026-06-23T16:00+08:00 " + log);
  ASSERT_EQ(json.exit_code, 0) << json.err;
  const auto parsed = nlohmann::json::parse(json.out, nullptr, false);
  ASSERT_EQ(parsed["files"].size(), 40u);  // the default --top
  EXPECT_EQ(parsed["until"], "2026-06-23T08:00:00Z");
  EXPECT_EQ(parsed["files"][0]["commits"], 158);
  CliRun top = invoke("tiers --format json --top 3 --since 2025-01-01 --until 2026-06-23T16:00+08:00 " + log);
  EXPECT_EQ(nlohmann::json::parse(top.out, nullptr, false)["files"].size(), 3u);
}

TEST_F(AtomReviewCli, TiersDefaultWindowAndErrors) {
  const std::string log = write("log.txt",
      "commit 1111111111111111111111111111111111111111 2026-03-01T10:00:00Z 2026-03-01T10:00:00Z\n\na.py\n"
      "commit 2222222222222222222222222222222222222222 2024-12-31T10:00:00Z 2024-12-31T10:00:00Z\n\nb.py\n");
  CliRun table = invoke("tiers --format json " + log);
  ASSERT_EQ(table.exit_code, 0) << table.err;
  const auto parsed = nlohmann::json::parse(table.out, nullptr, false);
  EXPECT_EQ(parsed["since"], "2025-01-01T00:00:00Z");
  EXPECT_EQ(parsed["until"], "2026-03-01T10:00:00Z");
  ASSERT_EQ(parsed["files"].size(), 1u);
  EXPECT_EQ(parsed["files"][0]["path"], "a.py");
  EXPECT_EQ(parsed["files"][0]["tier_reason"], "not in the tier table");

  CliRun since = invoke("tiers --since 2025-02-30 " + log);
  EXPECT_EQ(since.exit_code, 2);
  EXPECT_NE(since.err.find("--since must be YYYY-MM-DD"), std::string::npos);
  EXPECT_EQ(invoke("tiers --top 0 " + log).exit_code, 2);
  const std::string bad = write("bad.txt", "commit 1111111111111111111111111111111111111111 x y\n");
  CliRun malformed = invoke("tiers " + bad);
  EXPECT_EQ(malformed.exit_code, 2);
  EXPECT_EQ(malformed.err.rfind("atom-review: " + bad + ":1: expected", 0), 0u) << malformed.err;
}

TEST_F(AtomReviewCli, RulesCatalogue) {
  CliRun markdown = invoke("rules");
  EXPECT_EQ(markdown.exit_code, 0);
  EXPECT_NE(markdown.out.find("HK4"), std::string::npos);
  CliRun json = invoke("rules --format json");
  EXPECT_EQ(json.exit_code, 0);
  EXPECT_FALSE(nlohmann::json::parse(json.out, nullptr, false).is_discarded());
  EXPECT_EQ(invoke("rules --format yaml").exit_code, 2);
}

TEST_F(AtomReviewCli, BatchIsOrderedAndIndependentOfJobs) {
  write("in/b.diff", kTodoDiff);
  write("in/a.diff", kTodoDiff);
  write("in/a.meta.json", R"({"number": 7, "title": "A"})");
  write("in/c.diff", "not a diff\n");
  write("in/readme.txt", "ignored");
  const std::string in = (dir_ / "in").string();
  CliRun one = invoke("batch --jobs 1 " + in);
  ASSERT_EQ(one.exit_code, 0) << one.err;
  CliRun two = invoke("batch --jobs 2 " + in);
  EXPECT_EQ(one.out, two.out);
  std::istringstream lines(one.out);
  std::vector<nlohmann::json> rows;
  for (std::string line; std::getline(lines, line);) rows.push_back(nlohmann::json::parse(line, nullptr, false));
  ASSERT_EQ(rows.size(), 4u);
  EXPECT_EQ(rows[0]["input"], in + "/a.diff");
  EXPECT_EQ(rows[0]["pr"]["number"], 7);
  EXPECT_EQ(rows[1]["input"], in + "/b.diff");
  EXPECT_EQ(rows[2]["input"], in + "/c.diff");
  EXPECT_TRUE(rows[2].contains("error"));
  EXPECT_EQ(rows[3]["summary"]["inputs"], 3);
  EXPECT_EQ(rows[3]["summary"]["failed"], 1);

  write("meta/b.meta.json", R"({"number": 9})");
  CliRun meta_dir = invoke("batch --meta-dir " + (dir_ / "meta").string() + " " + in + "/b.diff");
  ASSERT_EQ(meta_dir.exit_code, 0) << meta_dir.err;
  EXPECT_NE(meta_dir.out.find("\"number\":9"), std::string::npos);
  EXPECT_EQ(invoke("batch").exit_code, 2);
  EXPECT_EQ(invoke("batch " + (dir_ / "missing").string()).exit_code, 2);
  EXPECT_EQ(invoke("batch --jobs x " + in).exit_code, 2);
}

}  // namespace
