// Exit status 2 for input that cannot be used — one line on standard error naming the file (and,
// for a diff, the line), nothing on standard output — as a CI log needs it.
#include "tests/cpp/ci/ci_test_support.h"

namespace atom::ci_test {
namespace {

const char* kSmallDiff =
    "diff --git a/atom/models/llama.py b/atom/models/llama.py\n"
    "--- a/atom/models/llama.py\n"
    "+++ b/atom/models/llama.py\n"
    "@@ -1,2 +1,3 @@\n"
    " import torch\n"
    "+x = 2\n"
    " y = 1\n";

class ExitCodes : public CiTest {
 protected:
  // Exit 2, empty stdout, and exactly one stderr line that starts with `prefix`.
  void expect_unusable(const std::string& args, const std::string& prefix) {
    const CliRun run = invoke(args);
    EXPECT_EQ(run.exit_code, 2) << args;
    EXPECT_EQ(run.out, "") << args;
    EXPECT_EQ(count_lines(run.err), 1u) << args << ": " << run.err;
    EXPECT_EQ(run.err.rfind("atom-review: " + prefix, 0), 0u) << args << ": " << run.err;
  }
};

TEST_F(ExitCodes, UnreadableDiff) {
  const std::string missing = (dir_ / "missing.diff").string();
  expect_unusable("review " + missing, missing + ": cannot read");
  expect_unusable("review " + dir_.string(), dir_.string() + ": is a directory");
}

TEST_F(ExitCodes, NotADiffNamesFileAndLine) {
  const std::string text = write("notes.md", "# Release notes\n\nNothing here is a diff.\n");
  expect_unusable("review " + text, text + ":1: ");
  expect_unusable("review - < " + text, "<stdin>:1: ");
  const std::string blank = write("blank.diff", "\n \n");
  expect_unusable("review " + blank, blank + ":1: empty input");
}

TEST_F(ExitCodes, MalformedMetaNamesTheMetaFile) {
  const std::string diff = write("small.diff", kSmallDiff);
  const std::string syntax = write("syntax.json", "{\"number\": 1,");
  expect_unusable("review --meta " + syntax + " " + diff, syntax + ": ");
  const std::string not_object = write("array.json", "[1, 2]");
  expect_unusable("review --meta " + not_object + " " + diff, not_object + ": ");
  const std::string wrong_type = write("typed.json", "{\"labels\": \"bug\"}");
  expect_unusable("review --meta " + wrong_type + " " + diff, wrong_type + ": ");
  const std::string missing = (dir_ / "none.json").string();
  expect_unusable("review --meta " + missing + " " + diff, missing + ": cannot read");
}

TEST_F(ExitCodes, MalformedPackNamesThePackFile) {
  const std::string diff = write("small.diff", kSmallDiff);
  const std::string syntax = write("pack.json", "{\"tiers\": [");
  expect_unusable("review --pack " + syntax + " " + diff, syntax + ": not valid JSON");
  const std::string bad_tier =
      write("tier.json", R"({"name": "P", "repos": [], "tiers": [{"match": "atom/**", "tier": 4, "reason": "r"}]})");
  expect_unusable("review --pack " + bad_tier + " " + diff, bad_tier + ": /tiers/0/tier: must be 1, 2 or 3");
  const std::string two_errors = write("two.json", R"({"name": "", "repos": ["x"]})");
  expect_unusable("review --pack " + two_errors + " " + diff,
                  two_errors + ": /name: must not be empty (and 1 more: atom-review pack check " + two_errors + ")");
  expect_unusable("review --pack - - < " + diff, "--pack and the diff cannot both be standard input");
}

TEST_F(ExitCodes, UsableDiffIsZeroWithNothingOnStandardError) {
  const CliRun run = invoke("review " + write("small.diff", kSmallDiff));
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_EQ(run.err, "");
  EXPECT_FALSE(run.out.empty());
}

}  // namespace
}  // namespace atom::ci_test
