// Hunks widened to whole files from the head's text: numbers on both sides, counts, and the files
// left as they were (missing, disagreeing, multi-commit).
#include <gtest/gtest.h>

#include "core/diff/parse_diff.h"
#include "core/diff/widen_to_whole_files.h"

namespace atom {
namespace {

// Head: 8 lines; the diff changes line 3 ("c" → "C") and appends after line 7 ("g2").
constexpr const char* kHead = "a\nb\nC\nd\ne\nf\ng\ng2\nh\n";
constexpr const char* kDiff =
    "diff --git a/m.py b/m.py\n"
    "--- a/m.py\n"
    "+++ b/m.py\n"
    "@@ -2,3 +2,3 @@\n"
    " b\n"
    "-c\n"
    "+C\n"
    " d\n"
    "@@ -6,3 +6,4 @@\n"
    " f\n"
    " g\n"
    "+g2\n"
    " h\n";

TEST(WidenToWholeFiles, OneHunkOverTheWholeFileWithBothNumbersRight) {
  ParsedDiff diff = parse_diff(kDiff);
  std::vector<ParseError> notes;
  widen_to_whole_files(diff, {{"m.py", kHead}}, notes);
  EXPECT_TRUE(notes.empty());
  ASSERT_EQ(diff.files.at(0).hunks.size(), 1u);
  const Hunk& hunk = diff.files[0].hunks[0];
  EXPECT_EQ(hunk.new_start, 1);
  EXPECT_EQ(hunk.new_count, 9);
  EXPECT_EQ(hunk.old_count, 8);
  std::string shown;
  for (const DiffLine& line : hunk.lines) {
    shown += line.kind == LineKind::Added ? '+' : line.kind == LineKind::Removed ? '-' : ' ';
    shown += line.text + ":" + std::to_string(line.old_line) + "/" + std::to_string(line.new_line) + " ";
  }
  EXPECT_EQ(shown, " a:1/1  b:2/2 -c:3/0 +C:0/3  d:4/4  e:5/5  f:6/6  g:7/7 +g2:0/8  h:8/9 ");
  EXPECT_EQ(diff.files[0].additions, 2);
  EXPECT_EQ(diff.files[0].deletions, 1);
}

TEST(WidenToWholeFiles, AFileTheCheckoutLacksOrDisagreesWithKeepsItsHunks) {
  ParsedDiff missing = parse_diff(kDiff);
  std::vector<ParseError> notes;
  widen_to_whole_files(missing, {}, notes);
  EXPECT_EQ(missing.files[0].hunks.size(), 2u);
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_EQ(notes[0].code, "repo-file-missing");

  ParsedDiff stale = parse_diff(kDiff);
  notes.clear();
  widen_to_whole_files(stale, {{"m.py", "a\nb\nc\nd\ne\nf\ng\nh\n"}}, notes);  // the base, not the head
  EXPECT_EQ(stale.files[0].hunks.size(), 2u);
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_EQ(notes[0].code, "repo-file-differs");
}

TEST(WidenToWholeFiles, MultiCommitPatchesAreLeftAlone) {
  const std::string twice = std::string("From 1111111111111111111111111111111111111111 Mon Sep 17 00:00:00 2001\n"
                                        "Subject: [PATCH 1/2] one\n\n---\n") + kDiff +
                            "From 2222222222222222222222222222222222222222 Mon Sep 17 00:00:00 2001\n"
                            "Subject: [PATCH 2/2] two\n\n---\n" + kDiff;
  ParsedDiff diff = parse_diff(twice);
  ASSERT_EQ(diff.files.size(), 2u);
  std::vector<ParseError> notes;
  widen_to_whole_files(diff, {{"m.py", kHead}}, notes);
  EXPECT_EQ(diff.files[0].hunks.size(), 2u);
  EXPECT_EQ(diff.files[1].hunks.size(), 2u);
}

}  // namespace
}  // namespace atom
