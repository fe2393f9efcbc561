// How fuzz_review splits one input into diff, meta and head files (tests/fuzz/fuzz_input.h).
#include <gtest/gtest.h>

#include "tests/fuzz/fuzz_input.h"

namespace atom::fuzz {
namespace {

TEST(FuzzInput, WithoutMarkersTheWholeInputIsTheDiff) {
  const ReviewInput input = split_review_input("diff --git a/x b/x\n+y\n");
  EXPECT_EQ(input.diff, "diff --git a/x b/x\n+y\n");
  EXPECT_EQ(input.meta, "{}");
  EXPECT_TRUE(input.head.empty());
}

TEST(FuzzInput, MarkersSplitMetaAndFilesEachKeepingItsLastNewline) {
  const ReviewInput input = split_review_input(
      "DIFF\n=== fuzz:meta ===\n{\"repo\": \"ROCm/ATOM\"}\n=== fuzz:file a/b.py ===\nx = 1\n\n"
      "=== fuzz:file c.py ===\ny");
  EXPECT_EQ(input.diff, "DIFF\n");
  EXPECT_EQ(input.meta, "{\"repo\": \"ROCm/ATOM\"}\n");
  ASSERT_EQ(input.head.size(), 2u);
  EXPECT_EQ(input.head.at("a/b.py"), "x = 1\n\n");
  EXPECT_EQ(input.head.at("c.py"), "y");
}

TEST(FuzzInput, AMarkerIsAWholeLineAndALaterPartOfTheSameNameWins) {
  const ReviewInput input = split_review_input(
      "+ === fuzz:meta ===\n=== fuzz:file p ===\nold\n=== fuzz:other ===\nignored\n"
      "=== fuzz:file p ===\nnew\n=== fuzz:meta ===");
  EXPECT_EQ(input.diff, "+ === fuzz:meta ===\n");
  EXPECT_EQ(input.head.at("p"), "new\n");
  EXPECT_EQ(input.meta, "");
}

}  // namespace
}  // namespace atom::fuzz
