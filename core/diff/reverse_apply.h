// A file's text on the other side of its diff: the base rebuilt from the head by reversing the
// hunks, or either side of an added/deleted file read from its one hunk. Exact to the byte:
// "\ No newline at end of file" and CRLF line ends (DiffLine::crlf) are kept.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include "core/model/diff.h"

namespace atom {

// The base text of `file`, given its head text. nullopt when the head does not agree with the
// diff's new side (a line differs, a hunk lies outside the head, the end-of-file newline
// disagrees) or when the hunks' old-side numbers do not fit together.
std::optional<std::string> reverse_apply(const FileDiff& file, std::string_view head);

// One side of a file whose diff holds all of that side in one hunk starting at line 1 (an added
// file's new side, a deleted file's old side); "" for a side without lines. nullopt when the hunk
// does not hold the whole side (several hunks, a truncated hunk).
std::optional<std::string> whole_side_from_diff(const FileDiff& file, LineKind side);

}  // namespace atom
