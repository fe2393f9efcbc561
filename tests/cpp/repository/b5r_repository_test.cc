// B5r on its fixture repositories (tests/rules/B5r/<case>.diff with <case>.repo/, the repository at
// the PR's head; <case>.base/ and make-diffs regenerate the diff): the whole review, as
// `review --repo <case>.repo/` runs it, at the lines and with the words' fields.
#include <algorithm>
#include <filesystem>
#include <tuple>

#include <gtest/gtest.h>

#include "tests/cpp/repository/repository_review.h"

namespace atom {
namespace {

namespace fs = std::filesystem;

const fs::path kFixtures = fs::path(ATOM_SOURCE_DIR) / "tests/rules/B5r";

ReviewResult review_case(const std::string& name, bool with_repository = true) {
  PrMeta meta;
  meta.repo = "example/pkg";
  meta.title = "Rename a helper";
  meta.all_rules = true;  // B5r is measured off (core/rules/rule_status.json): run it as --all-rules does
  return testing::review_with_repository_dir(kFixtures / (name + ".diff"), kFixtures / (name + ".repo"), meta,
                                             with_repository);
}

std::vector<Finding> b5r_findings(const ReviewResult& result) {
  std::vector<Finding> found;
  std::copy_if(result.findings.begin(), result.findings.end(), std::back_inserter(found),
               [](const Finding& finding) { return finding.rule == "B5r"; });
  return found;
}

TEST(B5rRepository, RenamedFunctionStillUsedElsewhere) {
  const std::vector<Finding> found = b5r_findings(review_case("fires_renamed_function"));
  ASSERT_EQ(found.size(), 1u);
  const Finding& finding = found.front();
  EXPECT_EQ(finding.message_id, "name-still-used");
  EXPECT_EQ(finding.path, "pkg/ops.py");
  EXPECT_EQ(finding.line, 4);  // `def old_fn(` at the base
  EXPECT_EQ(finding.side, Side::Old);
  EXPECT_EQ(finding.fields.at("name"), "old_fn");
  EXPECT_EQ(finding.fields.at("module"), "pkg.ops");
  // Production first: pkg/user.py's `ops.old_fn(`; then the benchmark (through pkg's star
  // re-export) and the test. The guarded import in pkg/guarded.py is none of them.
  EXPECT_EQ(finding.fields.at("user"), "`pkg/user.py:5`");
  EXPECT_EQ(finding.fields.at("more"), "2");
}

TEST(B5rRepository, AnAliasKeepsTheOldNameWorking) {
  EXPECT_TRUE(b5r_findings(review_case("silent_renamed_with_alias")).empty());
}

TEST(B5rRepository, DeletedModuleAndNewImportsThatResolveToNothing) {
  const std::vector<Finding> found = b5r_findings(review_case("fires_module_deleted"));
  ASSERT_EQ(found.size(), 2u);
  const auto by_message = [&](const std::string& id) {
    return std::find_if(found.begin(), found.end(), [&](const Finding& f) { return f.message_id == id; });
  };
  const auto deleted = by_message("module-still-imported");
  ASSERT_NE(deleted, found.end());
  EXPECT_EQ(deleted->path, "pkg/legacy.py");
  EXPECT_EQ(deleted->line, 0);
  EXPECT_EQ(deleted->fields.at("user"), "`tools/run.py:1`");
  const auto added = by_message("new-import-unresolved");
  ASSERT_NE(added, found.end());
  EXPECT_EQ(added->path, "pkg/caller.py");
  EXPECT_EQ(added->line, 2);
  EXPECT_EQ(added->side, Side::New);
  EXPECT_EQ(added->fields.at("name"), "kernel_v2");
  // `from torch import something_new` is outside the repository; broken_before.py was broken at the base.
}

TEST(B5rRepository, AModuleAttributeUseOfARemovedName) {
  const std::vector<Finding> found = b5r_findings(review_case("fires_attribute_use"));
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found.front().fields.at("name"), "LEGACY_BLOCK");
  EXPECT_EQ(found.front().fields.at("user"), "`app/model.py:6`");
  EXPECT_EQ(found.front().path, "app/utils/config.py");
  EXPECT_EQ(found.front().line, 2);
  // envs.APP_DEBUG goes through the module's __getattr__: not reported.
}

TEST(B5rRepository, CallsThatNoLongerFitChangedParameters) {
  std::vector<Finding> found = b5r_findings(review_case("fires_call_parameters"));
  std::sort(found.begin(), found.end(), [](const Finding& a, const Finding& b) {
    return std::tie(a.path, a.line) < std::tie(b.path, b.line);
  });
  ASSERT_EQ(found.size(), 3u);
  // A new call the PR wrote, with a keyword `fused` never took.
  EXPECT_EQ(found[0].path, "pkg/helpers.py");
  EXPECT_EQ(found[0].line, 5);
  EXPECT_EQ(found[0].message_id, "new-call-does-not-fit");
  EXPECT_EQ(found[0].fields.at("mismatch"), "passes `factor=`");
  // `mask` is gone: the production caller first, then the test.
  EXPECT_EQ(found[1].path, "pkg/ops.py");
  EXPECT_EQ(found[1].line, 4);
  EXPECT_EQ(found[1].side, Side::New);
  EXPECT_EQ(found[1].message_id, "call-no-longer-fits");
  EXPECT_EQ(found[1].fields.at("name"), "fused");
  EXPECT_EQ(found[1].fields.at("user"), "`pkg/user.py:6`");
  EXPECT_EQ(found[1].fields.at("mismatch"), "passes `mask=`");
  EXPECT_EQ(found[1].fields.at("more"), "1");
  // A new required keyword-only parameter.
  EXPECT_EQ(found[2].line, 8);
  EXPECT_EQ(found[2].fields.at("name"), "gemm");
  EXPECT_EQ(found[2].fields.at("mismatch"), "does not pass `out_dtype`");
  // `flexible` takes **options; `cached` is decorated: neither is judged.
}

TEST(B5rRepository, SilentWithoutTheRepository) {
  for (const char* name : {"fires_renamed_function", "fires_module_deleted", "fires_attribute_use"})
    EXPECT_TRUE(b5r_findings(review_case(name, /*with_repository=*/false)).empty()) << name;
}

TEST(B5rRepository, TheResultSaysWhatTheReviewRead) {
  const ReviewResult result = review_case("fires_renamed_function");
  ASSERT_TRUE(result.repository.has_value());
  EXPECT_EQ(result.repository->files, 6u);
  EXPECT_FALSE(review_case("fires_renamed_function", false).repository.has_value());
}

}  // namespace
}  // namespace atom
