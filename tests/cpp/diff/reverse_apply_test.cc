// The base rebuilt from the head by reversing the hunks, byte for byte: line ends, a missing
// newline at the end of either side, added and deleted files, and the heads that disagree.
#include "core/diff/reverse_apply.h"

#include <gtest/gtest.h>

#include "core/diff/parse_diff.h"
#include "core/diff/widen_to_whole_files.h"

namespace atom {
namespace {

std::string git_diff(const std::string& path, const std::string& hunks) {
  return "diff --git a/" + path + " b/" + path + "\n--- a/" + path + "\n+++ b/" + path + "\n" + hunks;
}

constexpr const char* kBase = "a\nb\nc\nd\ne\nf\ng\nh\n";
constexpr const char* kHead = "a\nb\nC\nd\ne\nf\ng\ng2\nh\n";
const std::string kTwoHunks = git_diff("m.py",
                                       "@@ -2,3 +2,3 @@\n b\n-c\n+C\n d\n"
                                       "@@ -6,3 +6,4 @@\n f\n g\n+g2\n h\n");

TEST(ReverseApply, RebuildsTheBaseBetweenAndAroundHunks) {
  const ParsedDiff diff = parse_diff(kTwoHunks);
  ASSERT_EQ(diff.files.size(), 1u);
  EXPECT_EQ(reverse_apply(diff.files[0], kHead), std::optional<std::string>(kBase));
}

TEST(ReverseApply, AHeadThatIsNotTheDiffsNewSideGivesNothing) {
  const ParsedDiff diff = parse_diff(kTwoHunks);
  EXPECT_EQ(reverse_apply(diff.files[0], kBase), std::nullopt) << "the base given as the head";
  EXPECT_EQ(reverse_apply(diff.files[0], "a\nb\nC\n"), std::nullopt) << "a head shorter than the hunks";
  EXPECT_EQ(reverse_apply(diff.files[0], "a\nb\nC\nd\ne\nf\ng\ng2\nh"), std::nullopt)
      << "the head lacks the final newline the diff shows";
}

TEST(ReverseApply, KeepsAMissingNewlineOnEitherSide) {
  // The base ends without a newline; the head adds one and a line.
  const ParsedDiff added_newline = parse_diff(git_diff("m.py", "@@ -1,2 +1,3 @@\n a\n-b\n\\ No newline at end of file\n+b\n+c\n"));
  EXPECT_EQ(reverse_apply(added_newline.files[0], "a\nb\nc\n"), std::optional<std::string>("a\nb"));
  // The head ends without a newline; the base had one.
  const ParsedDiff dropped_newline = parse_diff(git_diff("m.py", "@@ -1,2 +1,2 @@\n a\n-b\n+B\n\\ No newline at end of file\n"));
  EXPECT_EQ(reverse_apply(dropped_newline.files[0], "a\nB"), std::optional<std::string>("a\nb\n"));
  // Neither side ends with a newline: the last line is context.
  const ParsedDiff neither = parse_diff(git_diff("m.py", "@@ -1,2 +1,2 @@\n-a\n+A\n b\n\\ No newline at end of file\n"));
  EXPECT_EQ(reverse_apply(neither.files[0], "A\nb"), std::optional<std::string>("a\nb"));
}

TEST(ReverseApply, KeepsCrlfLineEnds) {
  const std::string diff_text = git_diff("w.cc", "@@ -1,3 +1,3 @@\r\n x\r\n-old\r\n+new\r\n z\r\n");
  const ParsedDiff diff = parse_diff(diff_text);
  ASSERT_EQ(diff.files.size(), 1u);
  EXPECT_EQ(reverse_apply(diff.files[0], "x\r\nnew\r\nz\r\ntail\r\n"), std::optional<std::string>("x\r\nold\r\nz\r\ntail\r\n"));
  // A removed line keeps its own line end even in a file that mixes them.
  const ParsedDiff mixed = parse_diff(git_diff("w.cc", "@@ -1,2 +1,2 @@\n x\n-old\r\n+new\n"));
  EXPECT_EQ(reverse_apply(mixed.files[0], "x\nnew\n"), std::optional<std::string>("x\nold\r\n"));
}

TEST(ReverseApply, PureDeletionHunksAndHunksAtTheFileStart) {
  const ParsedDiff diff = parse_diff(git_diff("m.py", "@@ -1,2 +0,0 @@\n-gone\n-too\n@@ -5 +2,0 @@\n-x\n"));
  ASSERT_EQ(diff.files.size(), 1u);
  EXPECT_EQ(reverse_apply(diff.files[0], "c\nd\ne\nf\n"), std::optional<std::string>("gone\ntoo\nc\nd\nx\ne\nf\n"));
}

TEST(WholeSideFromDiff, AddedAndDeletedFilesCarryTheirWholeSide) {
  const ParsedDiff added = parse_diff(
      "diff --git a/n.py b/n.py\nnew file mode 100644\n--- /dev/null\n+++ b/n.py\n@@ -0,0 +1,2 @@\n+x = 1\n+y = 2\n\\ No newline at end of file\n");
  ASSERT_EQ(added.files.size(), 1u);
  EXPECT_EQ(whole_side_from_diff(added.files[0], LineKind::Added), std::optional<std::string>("x = 1\ny = 2"));
  EXPECT_EQ(whole_side_from_diff(added.files[0], LineKind::Removed), std::optional<std::string>(""));
  const ParsedDiff deleted = parse_diff(
      "diff --git a/o.py b/o.py\ndeleted file mode 100644\n--- a/o.py\n+++ /dev/null\n@@ -1,2 +0,0 @@\n-x\n-y\n");
  EXPECT_EQ(whole_side_from_diff(deleted.files[0], LineKind::Removed), std::optional<std::string>("x\ny\n"));
}

TEST(FileSources, WholeWithBothTextsOrHunksWithAReason) {
  const std::string diff_text =
      kTwoHunks +
      "diff --git a/n.py b/n.py\nnew file mode 100644\n--- /dev/null\n+++ b/n.py\n@@ -0,0 +1 @@\n+x\n" +
      git_diff("gone.py", "@@ -1 +1 @@\n-p\n+q\n") + "diff --git a/img.png b/img.png\nBinary files a/img.png and b/img.png differ\n" +
      git_diff("stale.py", "@@ -1 +1 @@\n-p\n+q\n");
  const ParsedDiff diff = parse_diff(diff_text);
  ASSERT_EQ(diff.files.size(), 5u);

  const std::vector<FileSource> without = file_sources(diff, nullptr);
  ASSERT_EQ(without.size(), 5u);
  EXPECT_EQ(without[0].reason, "not-provided");
  EXPECT_EQ(without[1].source, ReviewSource::Whole) << "an added file's hunk is the whole file";
  EXPECT_EQ(without[1].head_text, "x\n");
  EXPECT_EQ(without[1].base_text, "");
  EXPECT_EQ(without[3].reason, "binary");

  const HeadFiles head = {{"m.py", kHead}, {"stale.py", "p\n"}};
  const std::vector<FileSource> with = file_sources(diff, &head);
  EXPECT_EQ(with[0].source, ReviewSource::Whole);
  EXPECT_EQ(with[0].reason, "");
  EXPECT_EQ(with[0].head_text, kHead);
  EXPECT_EQ(with[0].base_text, kBase);
  EXPECT_EQ(with[2].reason, "missing");
  EXPECT_EQ(with[3].reason, "binary");
  EXPECT_EQ(with[4].reason, "differs");

  const HeadFiles huge = {{"m.py", std::string(kMaxWholeFileBytes + 1, 'x')}};
  EXPECT_EQ(file_sources(diff, &huge)[0].reason, "too-large");
}

}  // namespace
}  // namespace atom
