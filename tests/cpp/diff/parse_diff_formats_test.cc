// The input formats: git diff, git show (with and without its commit header), format-patch
// mbox files with several commits, gh pr diff / GitHub .diff, and plain "---"/"+++" diffs.
#include "tests/cpp/diff/diff_test_support.h"

namespace atom {
namespace {

using diff_test::find_file;
using diff_test::read_fixture;
using diff_test::total_additions;
using diff_test::total_deletions;

// The fixtures come from one scratch repository: commit 1 renames a non-ASCII file, edits
// kernel.py, adds a binary logo.png, drops the last newline of notes.txt, deletes
// old_config.yaml, makes run.sh executable and copies template.cfg; commit 2 edits kernel.py.
// Expected counts are `git diff --numstat -M -C` of the same commits.
void expect_first_commit_files(const ParsedDiff& diff, int commit_index) {
  const FileDiff* renamed = find_file(diff, "caf\xc3\xa9 carte.txt", commit_index);
  ASSERT_NE(renamed, nullptr);
  EXPECT_EQ(renamed->status, FileStatus::Renamed);
  EXPECT_EQ(renamed->old_path, "caf\xc3\xa9 menu.txt");
  EXPECT_EQ(renamed->similarity, 100);
  EXPECT_TRUE(renamed->hunks.empty());

  const FileDiff* kernel = find_file(diff, "kernel.py", commit_index);
  ASSERT_NE(kernel, nullptr);
  EXPECT_EQ(kernel->status, FileStatus::Modified);
  EXPECT_EQ(kernel->additions, 2);
  EXPECT_EQ(kernel->deletions, 2);

  const FileDiff* logo = find_file(diff, "logo.png", commit_index);
  ASSERT_NE(logo, nullptr);
  EXPECT_TRUE(logo->binary);
  EXPECT_EQ(logo->status, FileStatus::Added);
  EXPECT_EQ(logo->additions + logo->deletions, 0);

  const FileDiff* deleted = find_file(diff, "old_config.yaml", commit_index);
  ASSERT_NE(deleted, nullptr);
  EXPECT_EQ(deleted->status, FileStatus::Deleted);
  EXPECT_EQ(deleted->new_path, "");
  EXPECT_EQ(deleted->deletions, 1);

  const FileDiff* script = find_file(diff, "run.sh", commit_index);
  ASSERT_NE(script, nullptr);
  EXPECT_EQ(script->status, FileStatus::ModeOnly);
  EXPECT_EQ(script->old_mode, "100644");
  EXPECT_EQ(script->new_mode, "100755");

  const FileDiff* copy = find_file(diff, "template_copy.cfg", commit_index);
  ASSERT_NE(copy, nullptr);
  EXPECT_EQ(copy->status, FileStatus::Copied);
  EXPECT_EQ(copy->old_path, "template.cfg");
  EXPECT_EQ(copy->similarity, 90);
  EXPECT_EQ(copy->additions, 1);

  const FileDiff* notes = find_file(diff, "notes.txt", commit_index);
  ASSERT_NE(notes, nullptr);
  ASSERT_EQ(notes->hunks.size(), 1u);
  const Hunk& hunk = notes->hunks[0];
  EXPECT_EQ(hunk.section, "four");
  ASSERT_EQ(hunk.lines.size(), 5u);
  EXPECT_FALSE(hunk.lines[3].no_newline_at_eof);  // "-eight" still had its newline
  EXPECT_TRUE(hunk.lines[4].no_newline_at_eof);
  EXPECT_EQ(hunk.lines[4].text, "eight");
}

TEST(ParseDiffFormats, FormatPatchWithTwoCommits) {
  ParsedDiff diff = parse_diff(read_fixture("format_patch_two_commits.patch"));
  EXPECT_TRUE(diff.errors.empty());
  EXPECT_TRUE(diff.looks_like_diff);
  ASSERT_EQ(diff.commits.size(), 2u);
  EXPECT_EQ(diff.commits[0].sha, "713e7d29daf790ca6c85176d59abf524b06cfd7f");
  EXPECT_EQ(diff.commits[0].subject, "Scale by a factor");
  EXPECT_EQ(diff.commits[0].message,
            "Scale by a factor\n\nThe factor defaults to 2 so existing callers keep working.\n\n"
            "Also drops the unused config.");
  EXPECT_EQ(diff.commits[1].subject, "Document scale");
  EXPECT_EQ(diff.commits[1].message, "Document scale");

  ASSERT_EQ(diff.files.size(), 9u);
  expect_first_commit_files(diff, 0);
  const FileDiff* second = find_file(diff, "kernel.py", 1);
  ASSERT_NE(second, nullptr);
  EXPECT_EQ(second->additions, 1);
  EXPECT_EQ(second->deletions, 0);
  // The "-- " signature and "2.39.5" after each commit's last hunk are not diff lines.
  const FileDiff* copy = find_file(diff, "template_copy.cfg", 0);
  ASSERT_NE(copy, nullptr);
  ASSERT_EQ(copy->hunks.back().lines.size(), 4u);
  EXPECT_EQ(copy->hunks.back().lines.back().text, "eta");
  EXPECT_EQ(total_deletions(diff), 4);
  EXPECT_EQ(total_additions(diff), 6);
}

TEST(ParseDiffFormats, GitShowWithCommitHeader) {
  ParsedDiff diff = parse_diff(read_fixture("show_with_header.diff"));
  EXPECT_TRUE(diff.errors.empty());
  ASSERT_EQ(diff.commits.size(), 1u);
  EXPECT_EQ(diff.commits[0].sha, "713e7d29daf790ca6c85176d59abf524b06cfd7f");
  EXPECT_EQ(diff.commits[0].subject, "Scale by a factor");
  EXPECT_EQ(diff.commits[0].message,
            "Scale by a factor\n\nThe factor defaults to 2 so existing callers keep working.\n\n"
            "Also drops the unused config.");
  ASSERT_EQ(diff.files.size(), 8u);
  expect_first_commit_files(diff, 0);
}

TEST(ParseDiffFormats, GitShowWithoutCommitHeader) {
  ParsedDiff diff = parse_diff(read_fixture("show_without_header.diff"));
  EXPECT_TRUE(diff.errors.empty());
  EXPECT_TRUE(diff.commits.empty());
  ASSERT_EQ(diff.files.size(), 8u);
  expect_first_commit_files(diff, 0);
}

TEST(ParseDiffFormats, GitDiffAcrossTwoCommits) {
  ParsedDiff diff = parse_diff(read_fixture("git_diff.diff"));
  EXPECT_TRUE(diff.errors.empty());
  ASSERT_EQ(diff.files.size(), 8u);
  const FileDiff* kernel = find_file(diff, "kernel.py");
  ASSERT_NE(kernel, nullptr);
  EXPECT_EQ(kernel->additions, 3);
  EXPECT_EQ(kernel->deletions, 2);
  EXPECT_EQ(total_additions(diff), 6);
  EXPECT_EQ(total_deletions(diff), 4);
}

TEST(ParseDiffFormats, GitShowOfSeveralCommits) {
  const std::string text =
      "commit 1111111111111111111111111111111111111111 (HEAD -> main, origin/main)\n"
      "Author: Dev <dev@example.com>\n"
      "Date:   Mon Aug 3 10:00:00 2026 +0800\n"
      "\n"
      "    Second change\n"
      "    \n"
      "    With a body line.\n"
      "\n"
      "diff --git a/a.py b/a.py\n"
      "index 1111111..2222222 100644\n"
      "--- a/a.py\n"
      "+++ b/a.py\n"
      "@@ -1 +1 @@\n"
      "-old\n"
      "+new\n"
      "\n"
      "commit 2222222222222222222222222222222222222222\n"
      "Merge: aaaaaaa bbbbbbb\n"
      "Author: Dev <dev@example.com>\n"
      "Date:   Mon Aug 3 09:00:00 2026 +0800\n"
      "\n"
      "    First change\n"
      "\n"
      "diff --git a/b.py b/b.py\n"
      "--- a/b.py\n"
      "+++ b/b.py\n"
      "@@ -2,0 +3 @@ def f():\n"
      "+    pass\n";
  ParsedDiff diff = parse_diff(text);
  EXPECT_TRUE(diff.errors.empty());
  ASSERT_EQ(diff.commits.size(), 2u);
  EXPECT_EQ(diff.commits[0].subject, "Second change");
  EXPECT_EQ(diff.commits[0].message, "Second change\n\nWith a body line.");
  EXPECT_EQ(diff.commits[1].sha, "2222222222222222222222222222222222222222");
  ASSERT_EQ(diff.files.size(), 2u);
  EXPECT_EQ(diff.files[0].commit_index, 0);
  EXPECT_EQ(diff.files[1].commit_index, 1);
  EXPECT_EQ(diff.files[1].hunks[0].lines[0].new_line, 3);
}

TEST(ParseDiffFormats, FoldedMboxSubjectLosesPatchPrefix) {
  const std::string text =
      "From 3333333333333333333333333333333333333333 Mon Sep 17 00:00:00 2001\n"
      "From: Dev <dev@example.com>\n"
      "Subject: [PATCH v2 1/1] A subject long enough that git folds it onto\n"
      " a second line\n"
      "\n"
      "---\n"
      " x.py | 1 +\n"
      "\n"
      "diff --git a/x.py b/x.py\n"
      "--- a/x.py\n"
      "+++ b/x.py\n"
      "@@ -0,0 +1 @@\n"
      "+x = 1\n"
      "-- \n"
      "2.45.1\n";
  ParsedDiff diff = parse_diff(text);
  EXPECT_TRUE(diff.errors.empty());
  ASSERT_EQ(diff.commits.size(), 1u);
  EXPECT_EQ(diff.commits[0].subject,
            "A subject long enough that git folds it onto a second line");
  ASSERT_EQ(diff.files.size(), 1u);
  EXPECT_EQ(diff.files[0].deletions, 0);
  EXPECT_EQ(diff.files[0].additions, 1);
}

// A removed line whose text is "- " looks like the signature marker inside a hunk; the hunk's
// announced length decides, so it stays a removed line.
TEST(ParseDiffFormats, SignatureLookalikeInsideHunkIsARemovedLine) {
  const std::string text =
      "diff --git a/notes.md b/notes.md\n"
      "--- a/notes.md\n"
      "+++ b/notes.md\n"
      "@@ -1,2 +1 @@\n"
      " keep\n"
      "-- \n";
  ParsedDiff diff = parse_diff(text);
  EXPECT_TRUE(diff.errors.empty());
  ASSERT_EQ(diff.files.size(), 1u);
  EXPECT_EQ(diff.files[0].deletions, 1);
  EXPECT_EQ(diff.files[0].hunks[0].lines[1].text, "- ");
}

// GitHub's .diff and `gh pr diff` print git's format; a PR touching several files, with a hunk
// without function context and a "--- "-looking removed line inside a hunk.
TEST(ParseDiffFormats, GitHubPullRequestDiff) {
  const std::string text =
      "diff --git a/atom/config.py b/atom/config.py\n"
      "index 0a1b2c3..4d5e6f7 100644\n"
      "--- a/atom/config.py\n"
      "+++ b/atom/config.py\n"
      "@@ -10,6 +10,7 @@ class Config:\n"
      "     block_size: int = 16\n"
      "     max_num_seqs: int = 256\n"
      "     enforce_eager: bool = False\n"
      "+    kv_cache_dtype: str = \"auto\"\n"
      " \n"
      "     def __post_init__(self):\n"
      "         pass\n"
      "@@ -40,3 +41,2 @@\n"
      " a\n"
      "--- heading underline\n"
      " b\n"
      "diff --git a/docs/usage.md b/docs/usage.md\n"
      "new file mode 100644\n"
      "index 0000000..1234567\n"
      "--- /dev/null\n"
      "+++ b/docs/usage.md\n"
      "@@ -0,0 +1,2 @@\n"
      "+# Usage\n"
      "+Run it.\n";
  ParsedDiff diff = parse_diff(text);
  EXPECT_TRUE(diff.errors.empty());
  ASSERT_EQ(diff.files.size(), 2u);
  const FileDiff& config = diff.files[0];
  EXPECT_EQ(config.path(), "atom/config.py");
  ASSERT_EQ(config.hunks.size(), 2u);
  EXPECT_EQ(config.hunks[0].section, "class Config:");
  EXPECT_EQ(config.hunks[1].section, "");
  EXPECT_EQ(config.hunks[1].lines[1].kind, LineKind::Removed);
  EXPECT_EQ(config.hunks[1].lines[1].text, "-- heading underline");
  EXPECT_EQ(config.additions, 1);
  EXPECT_EQ(config.deletions, 1);
  EXPECT_EQ(diff.files[1].status, FileStatus::Added);
  EXPECT_EQ(diff.files[1].old_path, "");
  EXPECT_EQ(diff.files[1].additions, 2);
}

TEST(ParseDiffFormats, PlainUnifiedDiffWithoutGitHeader) {
  const std::string text =
      "--- a/src/old.c\t2026-08-01 10:00:00.000000000 +0000\n"
      "+++ b/src/old.c\t2026-08-02 10:00:00.000000000 +0000\n"
      "@@ -3,2 +3,2 @@\n"
      "-int x;\n"
      "+long x;\n"
      " int y;\n"
      "--- /dev/null\n"
      "+++ b/src/new.c\n"
      "@@ -0,0 +1 @@\n"
      "+int z;\n";
  ParsedDiff diff = parse_diff(text);
  EXPECT_TRUE(diff.errors.empty());
  EXPECT_TRUE(diff.looks_like_diff);
  ASSERT_EQ(diff.files.size(), 2u);
  EXPECT_EQ(diff.files[0].old_path, "src/old.c");
  EXPECT_EQ(diff.files[0].new_path, "src/old.c");
  EXPECT_EQ(diff.files[0].status, FileStatus::Modified);
  EXPECT_EQ(diff.files[1].status, FileStatus::Added);
  EXPECT_EQ(diff.files[1].new_path, "src/new.c");
  EXPECT_EQ(diff.files[1].header_diff_line, 7);
}

TEST(ParseDiffFormats, TextBeforeTheFirstFileIsIgnored) {
  const std::string text =
      "Some notes pasted above the diff.\n"
      "+ not a diff line yet\n"
      "diff --git a/x b/x\n"
      "--- a/x\n"
      "+++ b/x\n"
      "@@ -1 +1 @@\n"
      "-a\n"
      "+b\n";
  ParsedDiff diff = parse_diff(text);
  EXPECT_TRUE(diff.errors.empty());
  ASSERT_EQ(diff.files.size(), 1u);
  EXPECT_EQ(diff.files[0].header_diff_line, 3);
}

}  // namespace
}  // namespace atom
