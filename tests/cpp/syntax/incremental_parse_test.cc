// Incremental parsing (SyntaxTree(previous, text, changes)): the tree of an edited text, reused
// from the previous tree, is the tree a fresh parse of the text gives — on hand-made edits at
// every place a hunk can sit, and on the real corpus (each modified file's base reparsed from its
// head by the diff's hunks, as core/analysis/file_trees does).
#include <gtest/gtest.h>

#include <tree_sitter/api.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "core/analysis/file_syntax.h"
#include "core/analysis/file_trees.h"
#include "core/diff/parse_diff.h"
#include "core/diff/reverse_apply.h"
#include "core/diff/widen_to_whole_files.h"
#include "core/syntax/syntax_tree.h"
#include "tests/cpp/ci/ci_test_support.h"

namespace atom::syntax {
namespace {

namespace fs = std::filesystem;

std::string sexp(const SyntaxTree& tree) {
  std::unique_ptr<char, decltype(&std::free)> text(ts_node_string(tree.root().raw()), &std::free);
  return text.get();
}

void expect_same_as_fresh(Grammar grammar, const std::string& before, const std::string& after,
                          const std::vector<LineChange>& changes) {
  const SyntaxTree previous(grammar, before);
  const SyntaxTree reused(previous, after, changes);
  const SyntaxTree fresh(grammar, after);
  EXPECT_EQ(sexp(reused), sexp(fresh));
  EXPECT_EQ(reused.text(), after);
  EXPECT_EQ(reused.error_count(), fresh.error_count());
  EXPECT_EQ(reused.line_count(), fresh.line_count());
}

const std::string kPython =
    "def f(x):\n"
    "    y = x + 1\n"
    "    return y\n"
    "\n"
    "def g(a, b):\n"
    "    return a * b\n";

TEST(IncrementalParse, ALineReplacedInTheMiddle) {
  expect_same_as_fresh(Grammar::Python, kPython,
                       "def f(x):\n    y = [x, 2]\n    return y\n\ndef g(a, b):\n    return a * b\n",
                       {{2, 1, 2, 1}});
}

TEST(IncrementalParse, LinesInsertedAfterALine) {
  // @@ -3,0 +4,2 @@ read backwards: two lines the previous text lacks come after its line 3.
  expect_same_as_fresh(Grammar::Python, kPython,
                       "def f(x):\n    y = x + 1\n    return y\n\ndef h():\n    pass\n\ndef g(a, b):\n    return a * b\n",
                       {{3, 0, 4, 2}});
}

TEST(IncrementalParse, LinesDeleted) {
  expect_same_as_fresh(Grammar::Python, kPython, "def f(x):\n    y = x + 1\n    return y\n", {{4, 3, 3, 0}});
}

// @@ -0,0 +1 @@ puts a line before the first one.
TEST(IncrementalParse, TheFirstAndTheLastLineWithoutANewline) {
  expect_same_as_fresh(Grammar::Python, kPython,
                       "import os\ndef f(x):\n    y = x + 1\n    return y\n\ndef g(a, b):\n    return a - b",
                       {{0, 0, 1, 1}, {6, 1, 7, 1}});
}

TEST(IncrementalParse, SeveralChangesInOneText) {
  expect_same_as_fresh(Grammar::Python, kPython,
                       "def f(x, z):\n    y = x + 1\n    return y\n\ndef g(a, b):\n    if a:\n        return b\n    return a * b\n",
                       {{1, 1, 1, 1}, {5, 0, 6, 2}});
}

TEST(IncrementalParse, CudaTextKeepsItsBlanking) {
  const std::string before = "__global__ void k(float* x) {\n  x[0] = 1;\n}\n";
  const std::string after = "__global__ void k(float* __restrict__ x) {\n  x[0] = 2;\n}\n";
  expect_same_as_fresh(Grammar::Cpp, before, after, {{1, 2, 1, 2}});
  const SyntaxTree reused(SyntaxTree(Grammar::Cpp, before), after, {{1, 2, 1, 2}});
  EXPECT_EQ(reused.cuda().qualifiers.size(), 2u);  // __global__ and __restrict__
}

TEST(IncrementalParse, AnErrorOnEitherSideIsParsedAfresh) {
  expect_same_as_fresh(Grammar::Python, kPython, "def f(x:\n    y = x + 1\n    return y\n\ndef g(a, b):\n    return a * b\n",
                       {{1, 1, 1, 1}});
  expect_same_as_fresh(Grammar::Python, "def f(x:\n    return x\n", "def f(x):\n    return x\n", {{1, 1, 1, 1}});
}

// One edit per run of added and removed lines, in the unified-diff convention, whether the hunk is
// the diff's or the one the whole-file review widens it to.
TEST(HeadToBaseChanges, OneChangePerRunOfChangedLinesAlsoInAWidenedHunk) {
  const std::string diff_text =
      "diff --git a/m.py b/m.py\n--- a/m.py\n+++ b/m.py\n"
      "@@ -2,5 +2,5 @@\n-a = 1\n+a = 2\n c = 3\n+d = 4\n e = 5\n-f = 6\n";
  const std::vector<LineChange> expected = {{2, 1, 2, 1}, {4, 1, 3, 0}, {5, 0, 5, 1}};
  ParsedDiff diff = parse_diff(diff_text);
  EXPECT_EQ(head_to_base_changes(diff.files.at(0)), expected);
  const std::string head = "x = 0\na = 2\nc = 3\nd = 4\ne = 5\ng = 7\n";
  std::vector<ParseError> notes;
  widen_to_whole_files(diff, {{"m.py", head}}, notes);
  ASSERT_TRUE(notes.empty());
  ASSERT_EQ(diff.files.at(0).hunks.size(), 1u);
  EXPECT_EQ(diff.files.at(0).hunks.at(0).new_count, 6);  // the whole head
  EXPECT_EQ(head_to_base_changes(diff.files.at(0)), expected);
  const std::string base = "x = 0\na = 1\nc = 3\ne = 5\nf = 6\ng = 7\n";
  ASSERT_EQ(reverse_apply(parse_diff(diff_text).files.at(0), head), base);
  expect_same_as_fresh(Grammar::Python, head, base, expected);
}

// Every modified Python and C/C++ file of every 4th corpus diff: the base reparsed from the
// head's tree by the hunks equals a fresh parse of the base.
TEST(IncrementalParse, RealBasesReparsedFromTheirHeadsMatchAFreshParse) {
  if (!fs::exists(fs::path(ATOM_SHARED_DIR) / "repos")) GTEST_SKIP() << "no ../shared (repos/)";
  const std::string trees = ci_test::corpus_trees_dir();
  if (trees.empty() || !fs::is_directory(trees)) GTEST_SKIP() << "scripts/corpus-trees made no trees";
  size_t files = 0;
  double reparse_seconds = 0, fresh_seconds = 0;
  for (const char* repo : {"atom", "aiter"}) {
    std::vector<fs::path> diffs;
    for (const auto& entry : fs::directory_iterator(fs::path(ATOM_SHARED_DIR) / "corpus" / repo))
      if (entry.path().extension() == ".diff") diffs.push_back(entry.path());
    std::sort(diffs.begin(), diffs.end());
    for (size_t index = 0; index < diffs.size(); index += 4) {
      const ParsedDiff diff = parse_diff(ci_test::read_file(diffs[index]));
      const fs::path head_dir = fs::path(trees) / repo / diffs[index].stem() / "head";
      for (const FileDiff& file : diff.files) {
        const auto grammar = ast::grammar_for_path(file.new_path);
        if (!grammar || file.binary || file.status != FileStatus::Modified || file.hunks.empty()) continue;
        if (!fs::is_regular_file(head_dir / file.new_path)) continue;
        const std::string head = ci_test::read_file(head_dir / file.new_path);
        const std::optional<std::string> base = reverse_apply(file, head);
        if (!base) continue;
        // The edits as the engine makes them: from the hunk the whole-file review widens.
        ParsedDiff one{{file}, {}};
        std::vector<ParseError> notes;
        widen_to_whole_files(one, {{file.new_path, head}}, notes);
        const std::vector<LineChange> changes = head_to_base_changes(one.files.at(0));
        const SyntaxTree head_tree(*grammar, head);
        const auto start = std::chrono::steady_clock::now();
        const SyntaxTree reused(head_tree, *base, changes);
        const auto middle = std::chrono::steady_clock::now();
        const SyntaxTree fresh(*grammar, *base);
        reparse_seconds += std::chrono::duration<double>(middle - start).count();
        fresh_seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - middle).count();
        ASSERT_EQ(sexp(reused), sexp(fresh)) << diffs[index] << " " << file.new_path;
        ++files;
      }
    }
  }
  EXPECT_GT(files, 100u);
  std::printf("[ incremental ] %zu real bases reparsed from their heads, every one as a fresh parse; "
              "reparsing took %.0f ms, parsing afresh %.0f ms (measured, not asserted)\n",
              files, reparse_seconds * 1000, fresh_seconds * 1000);
}

}  // namespace
}  // namespace atom::syntax
