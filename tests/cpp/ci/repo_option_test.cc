// `review --repo DIR`: with the checkout at the PR's head the engine sees whole functions, so
// D1b, silent while the function's start is unseen, settles the question either way; paths never
// leave DIR.
#include <nlohmann/json.hpp>

#include "tests/cpp/ci/ci_test_support.h"

namespace atom::ci_test {
namespace {

// pick() at the head: `kernel` gets a default on line 2, far above the new if/elif.
std::string head_with_default(bool with_default) {
  std::string text = "def pick(dtype, x):\n";
  text += with_default ? "    kernel = default_kernel\n" : "    log(dtype)\n";
  for (int i = 3; i <= 11; ++i) text += "    step_" + std::to_string(i) + "(x)\n";
  text += "    if dtype == \"bf16\":\n"
          "        kernel = bf16_kernel\n"
          "    elif dtype == \"fp8\":\n"
          "        kernel = fp8_kernel\n"
          "    return kernel(x)\n";
  return text;
}

// The diff shows only the new chain (lines 12-16 of the head), not the function's start.
const char* kChainDiff =
    "diff --git a/atom/model_ops/pick.py b/atom/model_ops/pick.py\n"
    "--- a/atom/model_ops/pick.py\n"
    "+++ b/atom/model_ops/pick.py\n"
    "@@ -10,3 +10,7 @@ def pick(dtype, x):\n"
    "     step_10(x)\n"
    "     step_11(x)\n"
    "+    if dtype == \"bf16\":\n"
    "+        kernel = bf16_kernel\n"
    "+    elif dtype == \"fp8\":\n"
    "+        kernel = fp8_kernel\n"
    "     return kernel(x)\n";

class RepoOption : public CiTest {
 protected:
  nlohmann::json review(const std::string& extra) {
    const std::string diff = write("chain.diff", kChainDiff);
    // D1b's own severity (red: it reports only what the whole function shows), whatever its measured status.
    const CliRun run = invoke("review --format json " + rule_status_option("stable") + extra + " " + diff);
    EXPECT_EQ(run.exit_code, 0) << run.err;
    return nlohmann::json::parse(run.out, nullptr, false);
  }
  static std::vector<std::string> d1b_severities(const nlohmann::json& result) {
    std::vector<std::string> out;
    for (const auto& finding : result["findings"])
      if (finding["rule"] == "D1b") out.push_back(finding["severity"]);
    return out;
  }
};

TEST_F(RepoOption, WithoutTheCheckoutTheUnseenStartKeepsD1bSilent) {
  EXPECT_TRUE(d1b_severities(review("")).empty());
}

TEST_F(RepoOption, TheCheckoutShowsTheDefaultSoTheFindingGoes) {
  write("head/atom/model_ops/pick.py", head_with_default(true));
  const nlohmann::json result = review("--repo " + (dir_ / "head").string());
  EXPECT_TRUE(d1b_severities(result).empty()) << result.dump(2);
  EXPECT_EQ(result["files"][0]["additions"], 4);
  EXPECT_EQ(result["errors"].size(), 0u);
}

TEST_F(RepoOption, TheCheckoutShowsNoDefaultSoTheFindingIsVerified) {
  write("head/atom/model_ops/pick.py", head_with_default(false));
  const nlohmann::json result = review("--repo " + (dir_ / "head").string());
  EXPECT_EQ(d1b_severities(result), std::vector<std::string>{"red"});
  for (const auto& finding : result["findings"])
    if (finding["rule"] == "D1b") EXPECT_EQ(finding["line"], 16);
}

TEST_F(RepoOption, AStaleOrMissingCheckoutIsNotedAndTheDiffStillReviewed) {
  write("head/README.md", "nothing here\n");
  const nlohmann::json result = review("--repo " + (dir_ / "head").string());
  EXPECT_TRUE(d1b_severities(result).empty()) << "reviewed from the hunks";
  EXPECT_EQ(result["files"][0]["source"], "hunks");
  ASSERT_EQ(result["errors"].size(), 1u);
  EXPECT_EQ(result["errors"][0]["code"], "repo-file-missing");
}

TEST_F(RepoOption, PathsThatLeaveTheCheckoutAreNeverRead) {
  write("secret.py", "print('outside')\n");
  const std::string diff = write("escape.diff",
                                 "diff --git a/../secret.py b/../secret.py\n"
                                 "--- a/../secret.py\n"
                                 "+++ b/../secret.py\n"
                                 "@@ -1,1 +1,1 @@\n"
                                 "-print('inside')\n"
                                 "+print('outside')\n");
  write("head/placeholder.txt", "\n");
  const CliRun run = invoke("review --format json --repo " + (dir_ / "head").string() + " " + diff);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const nlohmann::json result = nlohmann::json::parse(run.out);
  ASSERT_EQ(result["errors"].size(), 1u);
  EXPECT_EQ(result["errors"][0]["code"], "repo-file-missing");
}

}  // namespace
}  // namespace atom::ci_test
