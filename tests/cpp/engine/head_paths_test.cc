// head_paths_to_read: the files a host must read for a whole-file review, and no more. Reviewing
// with only those head files gives the same result, byte for byte, as with every touched file's
// head, over every rule fixture (its .head/ files, else heads made from the diff's new side).
#include <gtest/gtest.h>

#include "core/diff/parse_diff.h"
#include "core/diff/widen_to_whole_files.h"
#include "core/engine/review.h"
#include "core/report/review_json.h"
#include "tests/cpp/rules/rule_test_support.h"

namespace atom::testing {
namespace {

constexpr const char* kMixedDiff =
    "diff --git a/atom/changed.py b/atom/changed.py\n"
    "--- a/atom/changed.py\n"
    "+++ b/atom/changed.py\n"
    "@@ -1,2 +1,2 @@\n"
    " a = 1\n"
    "-b = 2\n"
    "+b = 3\n"
    "diff --git a/atom/new.py b/atom/new.py\n"
    "new file mode 100644\n"
    "--- /dev/null\n"
    "+++ b/atom/new.py\n"
    "@@ -0,0 +1 @@\n"
    "+c = 1\n"
    "diff --git a/atom/gone.py b/atom/gone.py\n"
    "deleted file mode 100644\n"
    "--- a/atom/gone.py\n"
    "+++ /dev/null\n"
    "@@ -1 +0,0 @@\n"
    "-d = 1\n"
    "diff --git a/img/logo.png b/img/logo.png\n"
    "Binary files a/img/logo.png and b/img/logo.png differ\n"
    "diff --git a/atom/old_name.py b/atom/new_name.py\n"
    "similarity index 90%\n"
    "rename from atom/old_name.py\n"
    "rename to atom/new_name.py\n"
    "--- a/atom/old_name.py\n"
    "+++ b/atom/new_name.py\n"
    "@@ -1 +1 @@\n"
    "-e = 1\n"
    "+e = 2\n";

TEST(HeadPathsToRead, OnlyFilesWhoseBaseIsRebuiltFromTheirHead) {
  EXPECT_EQ(head_paths_to_read(kMixedDiff), (std::vector<std::string>{"atom/changed.py", "atom/new_name.py"}));
  const ParsedDiff diff = parse_diff(kMixedDiff);
  ASSERT_EQ(diff.files.size(), 5u);
  EXPECT_TRUE(needs_head_version(diff.files[0]));
  EXPECT_FALSE(needs_head_version(diff.files[1])) << "added: whole from the diff";
  EXPECT_FALSE(needs_head_version(diff.files[2])) << "deleted: nothing at the head";
  EXPECT_FALSE(needs_head_version(diff.files[3])) << "binary";
  EXPECT_TRUE(needs_head_version(diff.files[4])) << "renamed with changes: read under its new name";
}

TEST(HeadPathsToRead, NoneForAPatchOfSeveralCommits) {
  const std::string one = std::string("From 1111111111111111111111111111111111111111 Mon Sep 17 00:00:00 2001\n"
                                      "Subject: [PATCH 1/2] one\n\n---\n") + kMixedDiff;
  const std::string two = "From 2222222222222222222222222222222222222222 Mon Sep 17 00:00:00 2001\n"
                          "Subject: [PATCH 2/2] two\n\n---\n"
                          "diff --git a/atom/changed.py b/atom/changed.py\n--- a/atom/changed.py\n+++ b/atom/changed.py\n"
                          "@@ -1,2 +1,2 @@\n a = 1\n-b = 3\n+b = 4\n";
  EXPECT_TRUE(head_paths_to_read(one + two).empty());
}

TEST(HeadPathsToRead, TheFixturesReviewTheSameFromThoseFilesAlone) {
  int compared = 0, with_files_left_out = 0;
  for (const Fixture& fixture : all_fixtures()) {
    const std::string diff = read_text_file(fixture.diff);
    const std::string meta = fixture.meta.empty() ? std::string("{}") : read_text_file(fixture.meta);
    HeadFiles every = fixture.head.empty() ? HeadFiles{} : read_head_files(fixture.head);
    // Every touched file's head, as a host that read them all would give it.
    for (const FileDiff& file : parse_diff(diff).files)
      if (!file.new_path.empty() && !every.count(file.new_path)) every[file.new_path] = head_from_new_side(file);
    HeadFiles needed;
    for (const std::string& path : head_paths_to_read(diff))
      if (every.count(path)) needed[path] = every.at(path);
    if (needed.size() < every.size()) ++with_files_left_out;
    SCOPED_TRACE(fixture.diff.string());
    EXPECT_EQ(review_to_json_text(diff, meta, needed), review_to_json_text(diff, meta, every));
    ++compared;
  }
  EXPECT_GT(compared, 200);
  EXPECT_GT(with_files_left_out, 30);
}

}  // namespace
}  // namespace atom::testing
