// Added and removed lines that are not new code: code the PR moved, re-indented or reformatted.
// One pure function over the parsed diff; the review model marks its answer on CodeLine::moved
// and the rules ask is_new_code() / is_deleted_code() (review_model.h).
//
// A line is marked when
//   1. the same normalized text is removed elsewhere in the PR (any hunk, any file) — paired one
//      added line to one removed line, nearest first, so that a line the PR duplicates stays new
//      once: moved into an `else`, moved within its function, moved to another file, re-indented.
//      A lone pair (a line with no paired neighbour in its run) counts only within one function
//      of one file (a comment, anywhere in its file): a lone `return 0` or `get_gfx() == "gfx950"` in another file, or a
//      `write_per_batch: int,` parameter equal to one of a method the PR deleted, is a
//      coincidence; a block moves anywhere;
//   2. it belongs to a reflowed block: within one run of changed lines of a hunk, a stretch of
//      removed lines and a stretch of added lines whose normalized concatenations are equal
//      (a call split over lines or joined, black's reformatting), taken from the run's start and
//      from its end;
//   3. it is a trivial line (`)`, `pass`, `return`, `else:`, a bare `#` …: no letter or digit, or
//      a lone keyword) right after a marked line of its kind in its run, with a trivial line of
//      the same text right after a marked line on the other side to pair with: first the one
//      after its marked line's partner, else any, in diff order. Trivial lines
//      are never paired on their own: a new `else: pass` must stay new even when the PR deleted
//      some other `pass`.
// Blank lines are never marked.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include "core/model/diff.h"

namespace atom {

// The text a move or a reformat keeps: every whitespace character removed, single quotes made
// double, and a comma directly before a closing bracket dropped.
std::string normalized_code_text(std::string_view text);

// The function each changed line stands in on its own side ("Class.method"; "" at module level
// and in files that are not code), as the review model's function tracker reads it; nullopt when
// the line runs but its function is not known (from the hunks alone, a hunk that starts inside a
// function), so it may pair anywhere in its file. A line not in the map is a comment or a
// docstring: it does not run, so it may move anywhere in its file, and it neither makes nor breaks
// a moved block.
using EnclosingFunctions = std::unordered_map<const DiffLine*, std::optional<std::string_view>>;

// Pointers into `diff`: the lines to mark. Only Added and Removed lines are ever returned.
std::unordered_set<const DiffLine*> find_moved_lines(const ParsedDiff& diff, const EnclosingFunctions& functions);

}  // namespace atom
