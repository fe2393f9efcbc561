// `batch` is a faster way to run `review --format json` over many diffs, nothing else: each JSONL
// row equals the per-diff run's JSON (the row's extra "input" aside).
#include <sstream>

#include <nlohmann/json.hpp>

#include "tests/cpp/ci/ci_test_support.h"

namespace atom::ci_test {
namespace {

class BatchEquivalence : public CiTest {
 protected:
  void expect_batch_equals_single_runs(const std::vector<fs::path>& diffs) {
    ASSERT_FALSE(diffs.empty());
    std::string list;
    for (const fs::path& diff : diffs) list += " " + shell_quoted(diff);
    const CliRun batch = invoke("batch --jobs 2" + list);
    ASSERT_EQ(batch.exit_code, 0) << batch.err;

    std::istringstream lines(batch.out);
    std::vector<nlohmann::json> rows;
    for (std::string line; std::getline(lines, line);) rows.push_back(nlohmann::json::parse(line, nullptr, false));
    ASSERT_EQ(rows.size(), diffs.size() + 1) << "one row per diff, then the summary";
    ASSERT_TRUE(rows.back().contains("summary"));

    for (size_t i = 0; i < diffs.size(); ++i) {
      nlohmann::json row = rows[i];
      ASSERT_EQ(row["input"], diffs[i].string()) << "rows follow the sorted paths";
      row.erase("input");
      const std::string meta = fs::exists(meta_beside(diffs[i])) ? "--meta " + shell_quoted(meta_beside(diffs[i])) + " " : "";
      const CliRun single = invoke("review --format json " + meta + shell_quoted(diffs[i]));
      if (single.exit_code == 2) {
        ASSERT_TRUE(row.contains("error")) << diffs[i];
        EXPECT_EQ("atom-review: " + row["error"].get<std::string>() + "\n", single.err) << diffs[i];
        continue;
      }
      ASSERT_EQ(single.exit_code, 0) << diffs[i] << ": " << single.err;
      EXPECT_EQ(row, nlohmann::json::parse(single.out)) << diffs[i];
    }
  }
};

TEST_F(BatchEquivalence, RuleFixturesWithTheirMetas) {
  std::vector<fs::path> diffs = diffs_in(fs::path(ATOM_SOURCE_DIR) / "tests/rules");
  // A diff that cannot be reviewed is reported in its row with the error `review` prints.
  diffs.push_back(write("zz-not-a-diff.diff", "release notes\n"));
  std::sort(diffs.begin(), diffs.end());
  expect_batch_equals_single_runs(diffs);
}

TEST_F(BatchEquivalence, CorpusSample) {
  const std::vector<fs::path> all = corpus_diffs();
  if (all.empty()) GTEST_SKIP() << corpus_dir() << " not present";
  std::vector<fs::path> sample = every_nth(all, 25);
  std::sort(sample.begin(), sample.end());
  expect_batch_equals_single_runs(sample);
}

}  // namespace
}  // namespace atom::ci_test
