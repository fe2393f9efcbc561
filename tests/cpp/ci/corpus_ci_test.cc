// Over every corpus diff, through the whole engine (red gate, folding, places): each finding sits
// on a line the diff shows — where a CI annotation or an inline comment can be anchored — and the
// SARIF a CI upload receives is consistent with the findings. Skips when ../shared is absent.
#include <map>
#include <set>
#include <tuple>

#include <nlohmann/json.hpp>

#include "core/diff/parse_diff.h"
#include "core/engine/review.h"
#include "core/model/pr_meta.h"
#include "core/report/render.h"
#include "tests/cpp/ci/ci_test_support.h"

namespace atom::ci_test {
namespace {

struct CorpusReview {
  fs::path diff_path;
  ParsedDiff diff;
  ReviewResult result;
};

// Each corpus diff reviewed once for every test of this file.
const std::vector<CorpusReview>& corpus_reviews() {
  static const std::vector<CorpusReview> reviews = [] {
    std::vector<CorpusReview> all;
    for (const fs::path& path : corpus_diffs()) {
      const std::string bytes = read_file(path);
      PrMeta meta;
      nlohmann::json given = nlohmann::json::object();
      if (fs::exists(meta_beside(path))) {
        const std::string text = read_file(meta_beside(path));
        MetaParseResult parsed = parse_pr_meta(text);
        EXPECT_EQ(parsed.error, "") << meta_beside(path);
        meta = parsed.meta;
        given = nlohmann::json::parse(text, nullptr, false);
      }
      all.push_back({path, parse_diff(bytes), run_review(bytes, meta, given)});
    }
    return all;
  }();
  return reviews;
}

using ShownLine = std::tuple<std::string, Side, int>;  // path, side, line number on that side

// New side: added and context lines; old side: removed lines (contract.md, finding "line").
std::set<ShownLine> shown_lines(const ParsedDiff& diff) {
  std::set<ShownLine> shown;
  for (const FileDiff& file : diff.files)
    for (const Hunk& hunk : file.hunks)
      for (const DiffLine& line : hunk.lines) {
        if (line.kind == LineKind::Removed) shown.insert({file.path(), Side::Old, line.old_line});
        else shown.insert({file.path(), Side::New, line.new_line});
      }
  return shown;
}

// "atom/a%20b.py" → "atom/a b.py"
std::string percent_decoded(const std::string& uri) {
  std::string out;
  for (size_t i = 0; i < uri.size(); ++i) {
    if (uri[i] == '%' && i + 2 < uri.size()) {
      out.push_back(static_cast<char>(std::stoi(uri.substr(i + 1, 2), nullptr, 16)));
      i += 2;
    } else {
      out.push_back(uri[i]);
    }
  }
  return out;
}

TEST(CorpusCi, FindingsSitOnlyOnLinesTheDiffShows) {
  if (corpus_diffs().empty()) GTEST_SKIP() << corpus_dir() << " not present";
  size_t line_findings = 0;
  for (const CorpusReview& review : corpus_reviews()) {
    const std::set<ShownLine> shown = shown_lines(review.diff);
    std::set<std::string> paths;
    for (const FileDiff& file : review.diff.files) paths.insert(file.path());
    for (const Finding& finding : review.result.findings) {
      const std::string where = review.diff_path.filename().string() + ": " + finding.rule + " at " +
                                finding.path + ":" + std::to_string(finding.line);
      if (finding.path.empty()) {
        EXPECT_EQ(finding.line, 0) << where << ": a PR-level finding has no line";
        continue;
      }
      EXPECT_TRUE(paths.count(finding.path)) << where << ": not a file of the diff";
      if (finding.line <= 0) continue;
      ++line_findings;
      EXPECT_TRUE(shown.count({finding.path, finding.side, finding.line}))
          << where << " (" << to_string(finding.side) << ") is not a line the diff shows";
    }
  }
  EXPECT_GT(line_findings, 0u) << "no finding with a line in the whole corpus: the check proved nothing";
}

TEST(CorpusCi, SarifMatchesTheFindingsOfEachDiff) {
  if (corpus_diffs().empty()) GTEST_SKIP() << corpus_dir() << " not present";
  for (const CorpusReview& review : corpus_reviews()) {
    const std::string name = review.diff_path.filename().string();
    const nlohmann::json sarif = to_sarif(review.result);
    ASSERT_EQ(sarif["version"], "2.1.0") << name;
    ASSERT_EQ(sarif["runs"].size(), 1u) << name;
    const nlohmann::json& run = sarif["runs"][0];
    EXPECT_EQ(run["properties"]["verdict"], to_string(review.result.verdict)) << name;
    const nlohmann::json& rules = run["tool"]["driver"]["rules"];
    const nlohmann::json& results = run["results"];
    ASSERT_EQ(results.size(), review.result.findings.size()) << name;

    std::set<std::string> changed_paths, fingerprints;
    for (const FileSummary& file : review.result.files) changed_paths.insert(file.path);
    for (size_t i = 0; i < results.size(); ++i) {
      const nlohmann::json& sarif_result = results[i];
      const Finding& finding = review.result.findings[i];
      const std::string where = name + ": result " + std::to_string(i) + " (" + finding.rule + ")";
      EXPECT_EQ(sarif_result["ruleId"], finding.rule) << where;
      const size_t index = sarif_result.value("ruleIndex", rules.size());
      ASSERT_LT(index, rules.size()) << where << ": ruleIndex missing or out of range";
      EXPECT_EQ(rules[index]["id"], finding.rule) << where;
      EXPECT_TRUE(fingerprints.insert(sarif_result["partialFingerprints"]["atomReviewFinding/v1"].get<std::string>()).second)
          << where << ": fingerprint repeated";
      ASSERT_EQ(sarif_result["locations"].size(), 1u) << where;
      const nlohmann::json& location = sarif_result["locations"][0]["physicalLocation"];
      const std::string path = percent_decoded(location["artifactLocation"]["uri"].get<std::string>());
      const int start_line = location["region"]["startLine"].get<int>();
      EXPECT_TRUE(changed_paths.count(path)) << where << ": " << path << " is not a changed file";
      EXPECT_GE(start_line, 1) << where;
      if (finding.path.empty()) {
        EXPECT_EQ(sarif_result["properties"]["scope"], "pr") << where;
      } else {
        EXPECT_EQ(path, finding.path) << where;
        if (finding.line > 0 && finding.side == Side::New) {
          EXPECT_EQ(start_line, finding.line) << where;
        } else if (finding.line > 0) {
          EXPECT_EQ(sarif_result["properties"]["oldLine"], finding.line) << where;
        }
      }
    }
  }
}

}  // namespace
}  // namespace atom::ci_test
