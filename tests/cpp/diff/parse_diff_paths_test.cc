// Paths: git's C quoting, unquoted names with spaces, and where each side's name comes from.
#include "tests/cpp/diff/diff_test_support.h"

namespace atom {
namespace {

TEST(UnquoteGitPath, UnquotedTextIsReturnedAsIs) {
  EXPECT_EQ(unquote_git_path("a/plain.py"), "a/plain.py");
  EXPECT_EQ(unquote_git_path(""), "");
  EXPECT_EQ(unquote_git_path("\""), "\"");
}

TEST(UnquoteGitPath, OctalEscapesBecomeRawBytes) {
  EXPECT_EQ(unquote_git_path("\"a/caf\\303\\251 x.py\""), "a/caf\xc3\xa9 x.py");
  EXPECT_EQ(unquote_git_path("\"\\344\\270\\255.md\""), "\xe4\xb8\xad.md");
}

TEST(UnquoteGitPath, CharacterEscapes) {
  EXPECT_EQ(unquote_git_path("\"tab\\there\""), "tab\there");
  EXPECT_EQ(unquote_git_path("\"line\\nbreak\""), "line\nbreak");
  EXPECT_EQ(unquote_git_path("\"say \\\"hi\\\"\""), "say \"hi\"");
  EXPECT_EQ(unquote_git_path("\"back\\\\slash\""), "back\\slash");
}

TEST(UnquoteGitPath, UnterminatedQuoteKeepsWhatItHas) {
  EXPECT_EQ(unquote_git_path("\"a/open\\30"), "a/open\x18");
}

TEST(ParseDiffPaths, QuotedPathsOnEveryHeaderLine) {
  const std::string text =
      "diff --git \"a/dir/caf\\303\\251 \\\"x\\\".py\" \"b/dir/caf\\303\\251 \\\"x\\\".py\"\n"
      "index 1111111..2222222 100644\n"
      "--- \"a/dir/caf\\303\\251 \\\"x\\\".py\"\n"
      "+++ \"b/dir/caf\\303\\251 \\\"x\\\".py\"\n"
      "@@ -1 +1 @@\n"
      "-a\n"
      "+b\n";
  ParsedDiff diff = parse_diff(text);
  EXPECT_TRUE(diff.errors.empty());
  ASSERT_EQ(diff.files.size(), 1u);
  EXPECT_EQ(diff.files[0].old_path, "dir/caf\xc3\xa9 \"x\".py");
  EXPECT_EQ(diff.files[0].new_path, "dir/caf\xc3\xa9 \"x\".py");
}

TEST(ParseDiffPaths, QuotedOnlyOnOneSide) {
  const std::string text =
      "diff --git a/plain.txt \"b/tab\\there.txt\"\n"
      "similarity index 100%\n"
      "rename from plain.txt\n"
      "rename to \"tab\\there.txt\"\n";
  ParsedDiff diff = parse_diff(text);
  EXPECT_TRUE(diff.errors.empty());
  ASSERT_EQ(diff.files.size(), 1u);
  EXPECT_EQ(diff.files[0].old_path, "plain.txt");
  EXPECT_EQ(diff.files[0].new_path, "tab\there.txt");
  EXPECT_EQ(diff.files[0].status, FileStatus::Renamed);
}

// git appends a tab to "---"/"+++" names containing a space; the tab is not part of the name.
TEST(ParseDiffPaths, SpacesWithoutQuotesTakeNamesFromMinusPlusLines) {
  const std::string text =
      "diff --git a/my dir/a b.py b/my dir/a b.py\n"
      "--- a/my dir/a b.py\t\n"
      "+++ b/my dir/a b.py\t\n"
      "@@ -1 +1 @@\n"
      "-x\n"
      "+y\n";
  ParsedDiff diff = parse_diff(text);
  ASSERT_EQ(diff.files.size(), 1u);
  EXPECT_EQ(diff.files[0].old_path, "my dir/a b.py");
  EXPECT_EQ(diff.files[0].new_path, "my dir/a b.py");
}

// Binary and mode-only sections have no "---"/"+++" lines: the name comes from the
// "diff --git" line, split where both halves name the same file.
TEST(ParseDiffPaths, SpacesWithoutQuotesUseTheSymmetricSplit) {
  const std::string text =
      "diff --git a/assets/a b/c.png b/assets/a b/c.png\n"
      "index 1111111..2222222 100644\n"
      "Binary files a/assets/a b/c.png and b/assets/a b/c.png differ\n"
      "diff --git a/x b/y.sh b/x b/y.sh\n"
      "old mode 100644\n"
      "new mode 100755\n";
  ParsedDiff diff = parse_diff(text);
  EXPECT_TRUE(diff.errors.empty());
  ASSERT_EQ(diff.files.size(), 2u);
  EXPECT_EQ(diff.files[0].new_path, "assets/a b/c.png");
  EXPECT_TRUE(diff.files[0].binary);
  EXPECT_EQ(diff.files[1].new_path, "x b/y.sh");
  EXPECT_EQ(diff.files[1].status, FileStatus::ModeOnly);
}

TEST(ParseDiffPaths, RenameLinesWinOverAnAmbiguousGitLine) {
  const std::string text =
      "diff --git a/old name.py b/new name.py\n"
      "similarity index 88%\n"
      "rename from old name.py\n"
      "rename to new name.py\n"
      "index 1111111..2222222 100644\n"
      "--- a/old name.py\t\n"
      "+++ b/new name.py\t\n"
      "@@ -1 +1,2 @@\n"
      " keep\n"
      "+more\n";
  ParsedDiff diff = parse_diff(text);
  EXPECT_TRUE(diff.errors.empty());
  ASSERT_EQ(diff.files.size(), 1u);
  EXPECT_EQ(diff.files[0].old_path, "old name.py");
  EXPECT_EQ(diff.files[0].new_path, "new name.py");
  EXPECT_EQ(diff.files[0].similarity, 88);
  EXPECT_EQ(diff.files[0].status, FileStatus::Renamed);
  EXPECT_EQ(diff.files[0].additions, 1);
}

TEST(ParseDiffPaths, DeletedFileKeepsOnlyItsOldPath) {
  const std::string text =
      "diff --git a/gone.py b/gone.py\n"
      "deleted file mode 100644\n"
      "index 1111111..0000000\n"
      "--- a/gone.py\n"
      "+++ /dev/null\n"
      "@@ -1,2 +0,0 @@\n"
      "-a\n"
      "-b\n";
  ParsedDiff diff = parse_diff(text);
  ASSERT_EQ(diff.files.size(), 1u);
  EXPECT_EQ(diff.files[0].status, FileStatus::Deleted);
  EXPECT_EQ(diff.files[0].old_path, "gone.py");
  EXPECT_EQ(diff.files[0].new_path, "");
  EXPECT_EQ(diff.files[0].path(), "gone.py");
  EXPECT_EQ(diff.files[0].old_mode, "100644");
  EXPECT_EQ(diff.files[0].hunks[0].lines[1].old_line, 2);
}

TEST(ParseDiffPaths, StatusNames) {
  EXPECT_STREQ(to_string(FileStatus::Modified), "modified");
  EXPECT_STREQ(to_string(FileStatus::Added), "added");
  EXPECT_STREQ(to_string(FileStatus::Deleted), "deleted");
  EXPECT_STREQ(to_string(FileStatus::Renamed), "renamed");
  EXPECT_STREQ(to_string(FileStatus::Copied), "copied");
  EXPECT_STREQ(to_string(FileStatus::ModeOnly), "mode");
}

}  // namespace
}  // namespace atom
