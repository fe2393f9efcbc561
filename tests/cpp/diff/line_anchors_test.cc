#include <gtest/gtest.h>

#include "core/diff/parse_diff.h"
#include "core/diff/line_anchors.h"

namespace atom {
namespace {

TEST(RemovedLineAnchors, NearestNewSideLineOfTheSameHunk) {
  const ParsedDiff diff = parse_diff(
      "diff --git a/x.py b/x.py\n--- a/x.py\n+++ b/x.py\n"
      "@@ -10,5 +10,4 @@\n"
      " a\n"
      "-b\n"
      "-c\n"
      "+C\n"
      " d\n"
      "-e\n"
      "@@ -40,2 +39,0 @@\n"
      "-gone1\n"
      "-gone2\n");
  ASSERT_EQ(diff.files.size(), 1u);
  const auto anchors = removed_line_anchors(diff.files[0]);
  EXPECT_EQ(anchors.at(11), 10);  // "b": context "a" is one line away, "+C" two
  EXPECT_EQ(anchors.at(12), 11);  // "c" → "+C"
  EXPECT_EQ(anchors.at(14), 12);  // "e" → "d", the only new-side line near it
  EXPECT_EQ(anchors.at(40), 39);  // a pure deletion hunk → the hunk's new start
  EXPECT_EQ(anchors.at(41), 39);
}

}  // namespace
}  // namespace atom
