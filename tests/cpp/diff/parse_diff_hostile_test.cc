// Malformed and hostile input: every case ends with a clear error naming the diff line, keeps
// the files parsed before it, and never crashes, hangs or goes quadratic.
#include <chrono>

#include "tests/cpp/diff/diff_test_support.h"

namespace atom {
namespace {

using diff_test::read_fixture;

const std::string kGoodFile =
    "diff --git a/good.py b/good.py\n"  // 1
    "--- a/good.py\n"                   // 2
    "+++ b/good.py\n"                   // 3
    "@@ -1 +1 @@\n"                     // 4
    "-a\n"                              // 5
    "+b\n";                             // 6

void expect_single_error(const ParsedDiff& diff, const std::string& code, int line) {
  ASSERT_EQ(diff.errors.size(), 1u);
  EXPECT_EQ(diff.errors[0].code, code);
  EXPECT_EQ(diff.errors[0].line, line);
  EXPECT_FALSE(diff.errors[0].message.empty());
}

TEST(ParseDiffHostile, HunkCutShortByTheNextFileIsRecordedAndParsingGoesOn) {
  const std::string text =
      "diff --git a/short.py b/short.py\n"  // 1
      "--- a/short.py\n"                    // 2
      "+++ b/short.py\n"                    // 3
      "@@ -1,5 +1,5 @@\n"                   // 4: announces five lines, has two
      " a\n"                                // 5
      "-b\n"                                // 6
      + kGoodFile;                          // 7..
  ParsedDiff diff = parse_diff(text);
  expect_single_error(diff, "truncated-hunk", 7);
  ASSERT_EQ(diff.files.size(), 2u);
  EXPECT_EQ(diff.files[0].deletions, 1);
  EXPECT_EQ(diff.files[1].path(), "good.py");
  EXPECT_EQ(diff.files[1].additions, 1);
}

TEST(ParseDiffHostile, HunkCutShortByTheNextHunk) {
  const std::string text =
      "diff --git a/h.py b/h.py\n"
      "--- a/h.py\n"
      "+++ b/h.py\n"
      "@@ -1,3 +1,3 @@\n"
      " a\n"
      "@@ -9 +9 @@\n"  // 6
      "-x\n"
      "+y\n";
  ParsedDiff diff = parse_diff(text);
  expect_single_error(diff, "truncated-hunk", 6);
  ASSERT_EQ(diff.files.size(), 1u);
  ASSERT_EQ(diff.files[0].hunks.size(), 2u);
  EXPECT_EQ(diff.files[0].hunks[1].lines[1].new_line, 9);
}

TEST(ParseDiffHostile, InputEndingInsideAHunk) {
  ParsedDiff diff = parse_diff(kGoodFile + "diff --git a/t.py b/t.py\n--- a/t.py\n+++ b/t.py\n"
                                           "@@ -1,4 +1,4 @@\n a\n");
  expect_single_error(diff, "truncated-hunk", 11);
  ASSERT_EQ(diff.files.size(), 2u);
  EXPECT_EQ(diff.files[1].hunks[0].lines.size(), 1u);
}

TEST(ParseDiffHostile, HunkLongerThanItsHeaderStopsAtTheFirstExtraLine) {
  const std::string text = kGoodFile +
                           "+extra\n"  // 7: the hunk at line 4 announced one added line only
                           "diff --git a/later.py b/later.py\n"
                           "--- a/later.py\n"
                           "+++ b/later.py\n"
                           "@@ -1 +1 @@\n"
                           "-a\n"
                           "+b\n";
  ParsedDiff diff = parse_diff(text);
  expect_single_error(diff, "malformed-hunk", 7);
  EXPECT_NE(diff.errors[0].message.find("line 4"), std::string::npos);
  ASSERT_EQ(diff.files.size(), 1u);
  EXPECT_EQ(diff.files[0].additions, 1);
}

TEST(ParseDiffHostile, LineOfTheWrongKindForTheRemainingCounts) {
  const std::string text =
      "diff --git a/k.py b/k.py\n"
      "--- a/k.py\n"
      "+++ b/k.py\n"
      "@@ -1 +1 @@\n"
      "-a\n"
      "-b\n";  // 6: no old lines left
  ParsedDiff diff = parse_diff(text);
  expect_single_error(diff, "malformed-hunk", 6);
  ASSERT_EQ(diff.files.size(), 1u);
}

TEST(ParseDiffHostile, GarbageInsideAHunk) {
  const std::string text = kGoodFile +
                           "diff --git a/g.py b/g.py\n"
                           "--- a/g.py\n"
                           "+++ b/g.py\n"
                           "@@ -1,2 +1,2 @@\n"
                           " a\n"
                           "<<<<<<< HEAD\n";  // 12
  ParsedDiff diff = parse_diff(text);
  expect_single_error(diff, "malformed-hunk", 12);
  EXPECT_EQ(diff.files.size(), 2u);
}

TEST(ParseDiffHostile, GarbageBetweenFiles) {
  ParsedDiff diff = parse_diff(kGoodFile + "this is not part of any diff\n" + kGoodFile);
  expect_single_error(diff, "unexpected-line", 7);
  EXPECT_EQ(diff.files.size(), 1u);
}

TEST(ParseDiffHostile, GarbageInAFileHeader) {
  ParsedDiff diff = parse_diff(kGoodFile + "diff --git a/x b/x\nwhat is this\n");
  expect_single_error(diff, "malformed-header", 8);
  EXPECT_EQ(diff.files.size(), 2u);
}

TEST(ParseDiffHostile, FileSectionWithoutAnyPath) {
  ParsedDiff diff = parse_diff("diff --git \nindex 1111111..2222222\n" + kGoodFile);
  expect_single_error(diff, "malformed-header", 1);
  ASSERT_EQ(diff.files.size(), 2u);
  EXPECT_EQ(diff.files[1].path(), "good.py");
}

TEST(ParseDiffHostile, UnreadableHunkHeaders) {
  for (const char* header : {"@@ -a,b +c,d @@", "@@ -1,2 +3,4", "@@ -99999999999 +1 @@",
                             "@@ -1,2 3,4 @@", "@@ +1 -1 @@"}) {
    SCOPED_TRACE(header);
    ParsedDiff diff = parse_diff(kGoodFile + "@@ -3 +3 @@\n a\n" + header + "\n+x\n");
    expect_single_error(diff, "malformed-hunk-header", 9);
    EXPECT_EQ(diff.files.size(), 1u);
  }
}

TEST(ParseDiffHostile, CombinedDiffSectionIsSkippedWithAnError) {
  const std::string text =
      "diff --cc merged.py\n"
      "index 1111111,2222222..3333333\n"
      "--- a/merged.py\n"
      "+++ b/merged.py\n"
      "@@@ -1,1 -1,1 +1,1 @@@\n"
      "- a\n"
      " -b\n"
      "++c\n" +
      kGoodFile;
  ParsedDiff diff = parse_diff(text);
  expect_single_error(diff, "combined-diff", 1);
  ASSERT_EQ(diff.files.size(), 1u);
  EXPECT_EQ(diff.files[0].path(), "good.py");
}

TEST(ParseDiffHostile, NotADiff) {
  ParsedDiff diff = parse_diff("Dear reviewer,\nplease look at my change.\n+1 from me\n");
  EXPECT_FALSE(diff.looks_like_diff);
  expect_single_error(diff, "not-a-diff", 1);
  EXPECT_TRUE(diff.files.empty());
}

// `git show` of a commit that changes no file: a diff with no files, not an error.
TEST(ParseDiffHostile, CommitHeaderWithoutFiles) {
  ParsedDiff diff = parse_diff(
      "commit 4444444444444444444444444444444444444444\nAuthor: Dev <d@e.x>\n\n    Empty\n");
  EXPECT_TRUE(diff.looks_like_diff);
  EXPECT_TRUE(diff.errors.empty());
  EXPECT_TRUE(diff.files.empty());
  ASSERT_EQ(diff.commits.size(), 1u);
  EXPECT_EQ(diff.commits[0].subject, "Empty");
}

TEST(ParseDiffHostile, EmptyAndBlankInputAreNotErrors) {
  for (const std::string& text : {std::string(), std::string("\n\n  \r\n")}) {
    ParsedDiff diff = parse_diff(text);
    EXPECT_TRUE(diff.files.empty());
    EXPECT_TRUE(diff.errors.empty());
    EXPECT_FALSE(diff.looks_like_diff);
    EXPECT_EQ(diff.bytes, text.size());
  }
}

TEST(ParseDiffHostile, TenMegabyteSingleLine) {
  const std::string huge(10 * 1024 * 1024, 'x');
  auto start = std::chrono::steady_clock::now();
  ParsedDiff diff = parse_diff("diff --git a/big.js b/big.js\n--- a/big.js\n+++ b/big.js\n"
                               "@@ -1 +1 @@\n-" + huge + "\n+" + huge + "\n");
  ParsedDiff garbage = parse_diff(huge);
  auto elapsed = std::chrono::steady_clock::now() - start;
  EXPECT_TRUE(diff.errors.empty());
  ASSERT_EQ(diff.files.size(), 1u);
  EXPECT_EQ(diff.files[0].hunks[0].lines[1].text.size(), huge.size());
  expect_single_error(garbage, "not-a-diff", 1);
  EXPECT_LT(std::chrono::duration_cast<std::chrono::milliseconds>(elapsed).count(), 2000);
}

TEST(ParseDiffHostile, HundredThousandLinesParseInLinearTime) {
  std::string text = "diff --git a/gen.py b/gen.py\n--- a/gen.py\n+++ b/gen.py\n";
  const int kHunks = 20000;  // 5 lines each → 100k hunk lines
  for (int h = 0; h < kHunks; ++h) {
    int start = h * 10 + 1;
    text += "@@ -" + std::to_string(start) + ",3 +" + std::to_string(start) + ",3 @@\n";
    text += " keep\n-old line\n+new line\n keep\n";
  }
  auto begin = std::chrono::steady_clock::now();
  ParsedDiff diff = parse_diff(text);
  auto elapsed = std::chrono::steady_clock::now() - begin;
  EXPECT_TRUE(diff.errors.empty());
  ASSERT_EQ(diff.files.size(), 1u);
  EXPECT_EQ(diff.files[0].additions, kHunks);
  EXPECT_EQ(diff.files[0].deletions, kHunks);
  EXPECT_EQ(diff.files[0].hunks.back().lines.back().diff_line, 3 + kHunks * 5);
  EXPECT_LT(std::chrono::duration_cast<std::chrono::milliseconds>(elapsed).count(), 2000);
}

// A hunk header announcing a billion lines must not make the parser wait for them.
TEST(ParseDiffHostile, HugeAnnouncedCountsEndAtTheInput) {
  ParsedDiff diff = parse_diff("--- a/x\n+++ b/x\n@@ -1,1000000000 +1,1000000000 @@\n a\n");
  expect_single_error(diff, "truncated-hunk", 4);
  ASSERT_EQ(diff.files.size(), 1u);
}

// Every prefix of a real multi-commit patch, and deterministic random byte damage: no crash,
// every error names a line that exists.
TEST(ParseDiffHostile, TruncatedAndDamagedInputNeverCrashes) {
  const std::string patch = read_fixture("format_patch_two_commits.patch");
  auto line_count = [](const std::string& text) {
    int lines = 0;
    for (char c : text) lines += c == '\n';
    return lines + (text.empty() || text.back() == '\n' ? 0 : 1);
  };
  auto check = [&](const std::string& text) {
    ParsedDiff diff = parse_diff(text);
    int lines = std::max(1, line_count(text));
    for (const ParseError& error : diff.errors) {
      EXPECT_GE(error.line, 1) << error.code;
      EXPECT_LE(error.line, lines) << error.code;
    }
  };
  for (size_t length = 0; length <= patch.size(); ++length) check(patch.substr(0, length));
  unsigned state = 12345;
  auto next_random = [&state]() { return state = state * 1103515245u + 12345u; };
  for (int round = 0; round < 2000; ++round) {
    std::string damaged = patch;
    for (int flips = 0; flips < 4; ++flips) {
      damaged[next_random() % damaged.size()] = static_cast<char>(next_random() >> 16);
    }
    check(damaged);
  }
}

}  // namespace
}  // namespace atom
