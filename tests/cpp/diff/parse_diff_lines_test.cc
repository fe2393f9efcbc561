// Hunks and lines: numbering on both sides, omitted counts, empty context lines, the
// "\ No newline" marker, CRLF, raw bytes, binary sections, and numstat-style counting.
#include "tests/cpp/diff/diff_test_support.h"

namespace atom {
namespace {

TEST(ParseDiffLines, NumbersOnBothSidesAndInTheDiff) {
  const std::string text =
      "diff --git a/m.py b/m.py\n"      // 1
      "--- a/m.py\n"                    // 2
      "+++ b/m.py\n"                    // 3
      "@@ -10,4 +10,5 @@ def run():\n"  // 4
      " a\n"                            // 5
      "-b\n"                            // 6
      "+B\n"                            // 7
      "+B2\n"                           // 8
      " c\n"                            // 9
      " d\n"                            // 10
      "@@ -30 +31 @@\n"                 // 11
      "-x\n"                            // 12
      "+y\n";                           // 13
  ParsedDiff diff = parse_diff(text);
  EXPECT_TRUE(diff.errors.empty());
  ASSERT_EQ(diff.files.size(), 1u);
  const FileDiff& file = diff.files[0];
  EXPECT_EQ(file.header_diff_line, 1);
  ASSERT_EQ(file.hunks.size(), 2u);
  const Hunk& first = file.hunks[0];
  EXPECT_EQ(first.header_diff_line, 4);
  EXPECT_EQ(first.section, "def run():");
  ASSERT_EQ(first.lines.size(), 6u);
  struct Expected { LineKind kind; int old_line, new_line, diff_line; const char* text; };
  const Expected expected[] = {
      {LineKind::Context, 10, 10, 5, "a"},  {LineKind::Removed, 11, 0, 6, "b"},
      {LineKind::Added, 0, 11, 7, "B"},     {LineKind::Added, 0, 12, 8, "B2"},
      {LineKind::Context, 12, 13, 9, "c"},  {LineKind::Context, 13, 14, 10, "d"}};
  for (size_t i = 0; i < first.lines.size(); ++i) {
    SCOPED_TRACE(i);
    EXPECT_EQ(first.lines[i].kind, expected[i].kind);
    EXPECT_EQ(first.lines[i].old_line, expected[i].old_line);
    EXPECT_EQ(first.lines[i].new_line, expected[i].new_line);
    EXPECT_EQ(first.lines[i].diff_line, expected[i].diff_line);
    EXPECT_EQ(first.lines[i].text, expected[i].text);
  }
  const Hunk& second = file.hunks[1];
  EXPECT_EQ(second.old_start, 30);
  EXPECT_EQ(second.old_count, 1);  // omitted count means 1
  EXPECT_EQ(second.new_count, 1);
  EXPECT_EQ(second.lines[0].old_line, 30);
  EXPECT_EQ(second.lines[1].new_line, 31);
  EXPECT_EQ(file.additions, 3);
  EXPECT_EQ(file.deletions, 2);
}

// Some tools strip the lone space of an empty context line; git apply still reads it as context.
TEST(ParseDiffLines, EmptyLineInsideHunkIsEmptyContext) {
  const std::string text =
      "diff --git a/e.py b/e.py\n"
      "--- a/e.py\n"
      "+++ b/e.py\n"
      "@@ -1,3 +1,3 @@\n"
      " a\n"
      "\n"
      "-c\n"
      "+C\n";
  ParsedDiff diff = parse_diff(text);
  EXPECT_TRUE(diff.errors.empty());
  ASSERT_EQ(diff.files[0].hunks[0].lines.size(), 4u);
  EXPECT_EQ(diff.files[0].hunks[0].lines[1].kind, LineKind::Context);
  EXPECT_EQ(diff.files[0].hunks[0].lines[1].text, "");
  EXPECT_EQ(diff.files[0].hunks[0].lines[1].new_line, 2);
}

TEST(ParseDiffLines, NoNewlineMarkerOnBothSides) {
  const std::string text =
      "diff --git a/n.txt b/n.txt\n"
      "--- a/n.txt\n"
      "+++ b/n.txt\n"
      "@@ -1 +1 @@\n"
      "-old\n"
      "\\ No newline at end of file\n"
      "+new\n"
      "\\ No newline at end of file\n";
  ParsedDiff diff = parse_diff(text);
  EXPECT_TRUE(diff.errors.empty());
  const Hunk& hunk = diff.files[0].hunks[0];
  ASSERT_EQ(hunk.lines.size(), 2u);
  EXPECT_TRUE(hunk.lines[0].no_newline_at_eof);
  EXPECT_TRUE(hunk.lines[1].no_newline_at_eof);
  EXPECT_EQ(diff.files[0].additions, 1);
  EXPECT_EQ(diff.files[0].deletions, 1);
}

TEST(ParseDiffLines, CrlfIsStrippedFromTextAndHeaders) {
  const std::string text =
      "diff --git a/w.bat b/w.bat\r\n"
      "index 1111111..2222222 100644\r\n"
      "--- a/w.bat\r\n"
      "+++ b/w.bat\r\n"
      "@@ -1,2 +1,2 @@ :main\r\n"
      " echo on\r\n"
      "-set A=1\r\n"
      "+set A=2\r\n";
  ParsedDiff diff = parse_diff(text);
  EXPECT_TRUE(diff.errors.empty());
  ASSERT_EQ(diff.files.size(), 1u);
  EXPECT_EQ(diff.files[0].new_path, "w.bat");
  const Hunk& hunk = diff.files[0].hunks[0];
  EXPECT_EQ(hunk.section, ":main");
  EXPECT_EQ(hunk.lines[0].text, "echo on");
  EXPECT_EQ(hunk.lines[2].text, "set A=2");
}

TEST(ParseDiffLines, BytesThatAreNotUtf8AndNulBytesAreKeptRaw) {
  std::string text =
      "diff --git a/raw.bin b/raw.bin\n"
      "--- a/raw.bin\n"
      "+++ b/raw.bin\n"
      "@@ -1 +1 @@\n"
      "-\xff\xfe latin1 caf\xe9\n"
      "+nul";
  text += std::string("\0here\0", 6);
  text += "\n";
  ParsedDiff diff = parse_diff(text);
  EXPECT_TRUE(diff.errors.empty());
  const Hunk& hunk = diff.files[0].hunks[0];
  EXPECT_EQ(hunk.lines[0].text, "\xff\xfe latin1 caf\xe9");
  EXPECT_EQ(hunk.lines[1].text, std::string("nul\0here\0", 9));
}

TEST(ParseDiffLines, GitBinaryPatchIsSkippedAndCountsZero) {
  const std::string text =
      "diff --git a/img.png b/img.png\n"
      "index 1111111..2222222 100644\n"
      "GIT binary patch\n"
      "delta 20\n"
      "zcmV-O0K~b=QAS4}K~#9!?Oq\n"
      "\n"
      "delta 18\n"
      "acmeAS@N?(olHy`uVBq!ia0y~yU;\n"
      "\n"
      "diff --git a/t.txt b/t.txt\n"
      "--- a/t.txt\n"
      "+++ b/t.txt\n"
      "@@ -1 +1 @@\n"
      "-a\n"
      "+b\n";
  ParsedDiff diff = parse_diff(text);
  EXPECT_TRUE(diff.errors.empty());
  ASSERT_EQ(diff.files.size(), 2u);
  EXPECT_TRUE(diff.files[0].binary);
  EXPECT_EQ(diff.files[0].status, FileStatus::Modified);
  EXPECT_EQ(diff.files[0].additions, 0);
  EXPECT_EQ(diff.files[0].deletions, 0);
  EXPECT_EQ(diff.files[1].additions, 1);
}

TEST(ParseDiffLines, BinaryFilesDifferLine) {
  const std::string text =
      "diff --git a/w.bin b/w.bin\n"
      "deleted file mode 100644\n"
      "index 1111111..0000000\n"
      "Binary files a/w.bin and /dev/null differ\n";
  ParsedDiff diff = parse_diff(text);
  EXPECT_TRUE(diff.errors.empty());
  ASSERT_EQ(diff.files.size(), 1u);
  EXPECT_TRUE(diff.files[0].binary);
  EXPECT_EQ(diff.files[0].status, FileStatus::Deleted);
  EXPECT_EQ(diff.files[0].path(), "w.bin");
}

TEST(ParseDiffLines, ModeChangeWithContentIsModified) {
  const std::string text =
      "diff --git a/s.sh b/s.sh\n"
      "old mode 100644\n"
      "new mode 100755\n"
      "index 1111111..2222222\n"
      "--- a/s.sh\n"
      "+++ b/s.sh\n"
      "@@ -1 +1 @@\n"
      "-echo a\n"
      "+echo b\n";
  ParsedDiff diff = parse_diff(text);
  ASSERT_EQ(diff.files.size(), 1u);
  EXPECT_EQ(diff.files[0].status, FileStatus::Modified);
  EXPECT_EQ(diff.files[0].new_mode, "100755");
}

TEST(ParseDiffLines, EmptyNewFileHasNoHunks) {
  const std::string text =
      "diff --git a/__init__.py b/__init__.py\n"
      "new file mode 100644\n"
      "index 0000000..e69de29\n";
  ParsedDiff diff = parse_diff(text);
  EXPECT_TRUE(diff.errors.empty());
  ASSERT_EQ(diff.files.size(), 1u);
  EXPECT_EQ(diff.files[0].status, FileStatus::Added);
  EXPECT_EQ(diff.files[0].new_path, "__init__.py");
  EXPECT_TRUE(diff.files[0].hunks.empty());
}

}  // namespace
}  // namespace atom
