// Which added and removed lines are moved, re-indented or reformatted code, and which stay new.
#include "core/analysis/moved_lines.h"

#include <gtest/gtest.h>

#include "core/diff/parse_diff.h"
#include "tests/cpp/analysis/analysis_test_support.h"

namespace atom::testing {
namespace {

// The lines find_moved_lines marks, every line taken as code at module level.
std::unordered_set<const DiffLine*> moved_at_module_level(const ParsedDiff& diff) {
  EnclosingFunctions module_level;
  for (const FileDiff& file : diff.files)
    for (const Hunk& hunk : file.hunks)
      for (const DiffLine& line : hunk.lines) module_level.emplace(&line, "");
  return find_moved_lines(diff, module_level);
}

// "+text" / "-text" of every marked line, in diff order.
std::vector<std::string> marked(const std::string& diff_text) {
  const ParsedDiff diff = parse_diff(diff_text);
  const std::unordered_set<const DiffLine*> moved = moved_at_module_level(diff);
  std::vector<std::string> out;
  for (const FileDiff& file : diff.files)
    for (const Hunk& hunk : file.hunks)
      for (const DiffLine& line : hunk.lines)
        if (moved.count(&line)) out.push_back((line.kind == LineKind::Added ? "+" : "-") + line.text);
  return out;
}

using Lines = std::vector<std::string>;

TEST(NormalizedCodeText, DropsWhitespaceUnifiesQuotesAndClosingCommas) {
  EXPECT_EQ(normalized_code_text("    #FIXME later"), normalized_code_text("# FIXME later"));
  EXPECT_EQ(normalized_code_text("f('a', b,)"), "f(\"a\",b)");
  EXPECT_EQ(normalized_code_text("x = [1, 2, ]"), "x=[1,2]");
  EXPECT_NE(normalized_code_text("x = 1"), normalized_code_text("x = 2"));
}

TEST(MovedLines, ACommentRespacedIsNotNew) {
  EXPECT_EQ(marked(one_hunk_diff("a.py", " x = 1\n-    #FIXME: handle fp8\n+    # FIXME: handle fp8\n y = 2\n")),
            (Lines{"-    #FIXME: handle fp8", "+    # FIXME: handle fp8"}));
}

TEST(MovedLines, CodeMovedIntoAnElseIsNotNewButTheNewBranchIs) {
  const Lines got = marked(one_hunk_diff("a.py",
                                         " def f(x):\n"
                                         "-    out = torch.empty(n, device=x.device)\n"
                                         "+    if graph:\n"
                                         "+        out = self.out_buffer[:n]\n"
                                         "+    else:\n"
                                         "+        out = torch.empty(n, device=x.device)\n"
                                         "     return out\n"));
  EXPECT_EQ(got, (Lines{"-    out = torch.empty(n, device=x.device)", "+        out = torch.empty(n, device=x.device)"}));
}

TEST(MovedLines, AFunctionMovedToAnotherFileIsNotNewTrivialLinesIncluded) {
  const std::string diff = one_hunk_diff("a.py",
                                         " import os\n"
                                         "-def helper(x, unused):\n"
                                         "-    if x:\n"
                                         "-        return\n"
                                         "-    print(x)\n",
                                         "", 1, 1) +
                           one_hunk_diff("b.py",
                                         " import sys\n"
                                         "+def helper(x, unused):\n"
                                         "+    if x:\n"
                                         "+        return\n"
                                         "+    print(x)\n",
                                         "", 1, 1);
  const Lines got = marked(diff);
  EXPECT_EQ(got.size(), 8u);
  EXPECT_NE(std::find(got.begin(), got.end(), "+        return"), got.end()) << "return follows a moved line";
}

TEST(MovedLines, ALoneLineMatchingOneRemovedInAnotherFileStaysNew) {
  // aiter#4521's shape: one file drops an arch check, another gains a new condition whose first
  // line reads the same. Across files only a block moves; within a file a lone line still does.
  const std::string diff = one_hunk_diff("aiter/mla.py",
                                         " if (\n"
                                         "-    get_gfx() == \"gfx950\"\n"
                                         "+    get_gfx() in (\"gfx942\", \"gfx950\")\n"
                                         "     and nhead == 32\n",
                                         "", 1, 1) +
                           one_hunk_diff("aiter/ops/attention.py",
                                         "     and num_head_qo <= 64\n"
                                         "+) or (\n"
                                         "+    get_gfx() == \"gfx950\"\n"
                                         "+    and q_dtype == dtypes.fp8\n"
                                         " ):\n",
                                         "", 1, 1);
  EXPECT_EQ(marked(diff), Lines{});
  const std::string within = one_hunk_diff("aiter/mla.py",
                                           "-x = get_gfx() == \"gfx950\"\n"
                                           " y = 1\n"
                                           " z = 2\n"
                                           "+x = get_gfx() == \"gfx950\"\n",
                                           "", 1, 1);
  EXPECT_EQ(marked(within), (Lines{"-x = get_gfx() == \"gfx950\"", "+x = get_gfx() == \"gfx950\""}));
}

TEST(MovedLines, ALinePairsWithTheNearestEqualLine) {
  // ATOM#1807's shape: `schedule` gains a call, and further down the file the PR wraps the same
  // call of another method in a new `if`. The wrapped call is the one that moved; the new call is
  // new. One hunk, as a whole file reviewed with --repo gives it.
  const std::string diff = one_hunk_diff("atom/model_engine/scheduler.py",
                                         "             )\n"
                                         "+            self._uncount_inflight_load(seq)\n"
                                         "             continue\n"
                                         "\n"
                                         "     def _on_load_failed(self, seq):\n"
                                         "         seq.status = SequenceStatus.WAITING\n"
                                         "-        self._uncount_inflight_load(seq)\n"
                                         "+        if not self._connector_flag(\"is_offload\"):\n"
                                         "+            self._uncount_inflight_load(seq)\n"
                                         "         seq.offload_loaded = False\n",
                                         "def schedule(", 10, 10);
  EXPECT_EQ(marked(diff), (Lines{"-        self._uncount_inflight_load(seq)", "+            self._uncount_inflight_load(seq)"}));
}

TEST(MovedLines, ATrivialLineAloneIsNeverPaired) {
  // `pass` removed in one place and a new `else: pass` added elsewhere: the new branch stays new.
  const std::string diff = one_hunk_diff("a.py", " try:\n     run()\n except OSError:\n-    pass\n+    log()\n", "", 1, 1) +
                           one_hunk_diff("b.py", " if a:\n     go()\n+else:\n+    pass\n", "", 1, 1);
  EXPECT_EQ(marked(diff), Lines{});
}

TEST(MovedLines, AClosingBracketPairsWithTheOneAfterItsLinesPartner) {
  // aiter 4bbc57db1a's shape: one call moves from a.py to d.py and gains an argument, so its `)`
  // no longer follows a moved line there; another moves whole from b.py to c.py. c.py's `)` is
  // b.py's, not the `)` a.py deleted first in diff order.
  const std::string diff = one_hunk_diff("a.py", " import os\n-val = fn(\n-    first,\n-)\n", "", 1, 1) +
                           one_hunk_diff("b.py", " import os\n-total = reduce_all(\n-    partial_sums,\n-)\n", "", 1, 1) +
                           one_hunk_diff("c.py", " import sys\n+total = reduce_all(\n+    partial_sums,\n+)\n", "", 1, 1) +
                           one_hunk_diff("d.py", " import sys\n+val = fn(\n+    first,\n+    second,\n+)\n", "", 1, 1);
  const ParsedDiff parsed = parse_diff(diff);
  const std::unordered_set<const DiffLine*> moved = moved_at_module_level(parsed);
  std::vector<size_t> marked_per_file;
  for (const FileDiff& file : parsed.files) {
    size_t count = 0;
    for (const DiffLine& line : file.hunks[0].lines) count += moved.count(&line);
    marked_per_file.push_back(count);
  }
  EXPECT_EQ(marked_per_file, (std::vector<size_t>{2, 3, 3, 2}));
}

TEST(MovedLines, ALineThePrDuplicatesStaysNewOnce) {
  const Lines got = marked(one_hunk_diff("a.py", "-x = make()\n+x = make()\n+x = make()\n"));
  EXPECT_EQ(got, (Lines{"-x = make()", "+x = make()"}));
}

TEST(MovedLines, AReflowedCallIsNotNew) {
  const Lines got = marked(one_hunk_diff("a.py",
                                         " a = 1\n"
                                         "-out = fused_moe(x, w1, w2, topk_ids, topk_weights)\n"
                                         "+out = fused_moe(\n"
                                         "+    x, w1, w2,\n"
                                         "+    topk_ids, topk_weights,\n"
                                         "+)\n"
                                         " b = 2\n"));
  EXPECT_EQ(got.size(), 5u);
}

TEST(MovedLines, AReflowFollowedByARealChangeMarksOnlyTheReflow) {
  const Lines got = marked(one_hunk_diff("a.py",
                                         " a = 1\n"
                                         "-y = g(p,\n"
                                         "-      q)\n"
                                         "-z = 3\n"
                                         "+y = g(p, q)\n"
                                         "+z = 4\n"
                                         " b = 2\n"));
  EXPECT_EQ(got, (Lines{"-y = g(p,", "-      q)", "+y = g(p, q)"}));
}

TEST(MovedLines, AChangedLineIsNew) {
  EXPECT_EQ(marked(one_hunk_diff("a.py", "-x = f(a)\n+x = f(a, b)\n")), Lines{});
}

TEST(MovedLines, TheModelMarksCodeLinesAndThePatternPassSkipsThem) {
  const auto built = build_model(one_hunk_diff("atom/model_engine/model_runner.py",
                                               " def f(self):\n"
                                               "-    # TODO: one\n"
                                               "+    # TODO: one\n"
                                               "+    # TODO: two\n"));
  const std::vector<CodeLine>& lines = first_hunk(*built);
  ASSERT_EQ(lines.size(), 4u);
  EXPECT_TRUE(lines[1].moved);
  EXPECT_TRUE(lines[2].moved);
  EXPECT_FALSE(is_new_code(lines[2]));
  EXPECT_FALSE(is_deleted_code(lines[1]));
  EXPECT_TRUE(is_new_code(lines[3]));
  EXPECT_FALSE(is_new_code(lines[0])) << "context";
}

// "+text" / "-text" of every line the review model marks as moved, in diff order.
std::vector<std::string> marked_by_model(const std::string& diff_text) {
  const auto built = build_model(diff_text);
  std::vector<std::string> out;
  for (const HunkView& hunk : built->model.files.at(0).hunks)
    for (const CodeLine& line : hunk.lines)
      if (line.moved) out.push_back((line.kind == LineKind::Added ? "+" : "-") + line.diff->text);
  return out;
}

TEST(MovedLines, ALoneLineEqualToOneOfAnotherFunctionStaysNew) {
  // 5326d9f30b's shape: `__init__` gains a parameter whose line reads like a parameter of a
  // method the PR deletes further down. The new parameter is new; the deleted method is deleted.
  const std::string diff = one_hunk_diff("atom/model_ops/writer.py",
                                         " class Writer:\n"
                                         "     def __init__(\n"
                                         "         self,\n"
                                         "+        write_per_batch: int,\n"
                                         "     ):\n"
                                         "         self.n = 0\n"
                                         "\n"
                                         "-    def flush(\n"
                                         "-        self,\n"
                                         "-        write_per_batch: int,\n"
                                         "-    ):\n"
                                         "-        self.n = 0\n",
                                         "", 1, 1);
  EXPECT_EQ(marked_by_model(diff), Lines{});
}

TEST(MovedLines, ABlockMovesBetweenFunctionsAndALoneLineWithinOne) {
  const std::string block = one_hunk_diff("a.py",
                                          " def a():\n"
                                          "-    x = load(path)\n"
                                          "-    check(x)\n"
                                          "     return 1\n"
                                          "\n"
                                          " def b():\n"
                                          "+    x = load(path)\n"
                                          "+    check(x)\n"
                                          "     return 2\n",
                                          "", 1, 1);
  EXPECT_EQ(marked_by_model(block).size(), 4u) << "a block moved into another function";
  const std::string within = one_hunk_diff("a.py",
                                           " def a():\n"
                                           "-    x = load(path)\n"
                                           "     y = 2\n"
                                           "+    x = load(path)\n"
                                           "     return y\n",
                                           "", 1, 1);
  EXPECT_EQ(marked_by_model(within), (Lines{"-    x = load(path)", "+    x = load(path)"}));
}

TEST(MovedLines, FromTheHunksALineWhoseFunctionIsNotShownStillMovesWithinItsFile) {
  // ATOM b68742842c's shape: the first hunk shows the `def`, the second starts below it (git names
  // only the class), so the tracker cannot tell that both lines stand in `_build_gdn_metadata`.
  const std::string diff =
      "diff --git a/gdn.py b/gdn.py\n--- a/gdn.py\n+++ b/gdn.py\n"
      "@@ -10,5 +10,4 @@ class Context:\n"
      "     def _build_gdn_metadata(batch, backend):\n"
      "-        fm = getattr(backend, \"forward_metadata\", None)\n"
      "         mode = batch.forward_mode\n"
      "         if mode.is_verify():\n"
      "             return None\n"
      "@@ -30,3 +29,4 @@ class Context:\n"
      "         bs = batch.batch_size\n"
      "+        fm = getattr(backend, \"forward_metadata\", None)\n"
      "         idx = fm.indices\n"
      "         return idx\n";
  EXPECT_EQ(marked_by_model(diff).size(), 2u);
}

TEST(MovedLines, ACommentOrDocstringNeitherMakesNorBreaksAMovedBlock) {
  // aiter 1b741c0e3e's shape: a nested helper moves to module level and gains a docstring. Its
  // `def` line still stands in the moved block that the docstring now interrupts.
  const std::string diff = one_hunk_diff("gen.py",
                                         " def outer():\n"
                                         "-    def helper(name):\n"
                                         "-        for arch in ARCHES:\n"
                                         "-            if name.startswith(arch):\n"
                                         "-                return arch\n"
                                         "-        return DEFAULT\n"
                                         "     return 1\n"
                                         "+\n"
                                         "+def helper(name):\n"
                                         "+    \"\"\"Resolve a name's arch.\"\"\"\n"
                                         "+    for arch in ARCHES:\n"
                                         "+        if name.startswith(arch):\n"
                                         "+            return arch\n"
                                         "+    return DEFAULT\n",
                                         "", 1, 1);
  const Lines got = marked_by_model(diff);
  EXPECT_EQ(got.size(), 10u);
  EXPECT_NE(std::find(got.begin(), got.end(), "+def helper(name):"), got.end());
}

}  // namespace
}  // namespace atom::testing
