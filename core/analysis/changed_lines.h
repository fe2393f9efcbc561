// The lines a file's diff says the PR wrote and deleted, as sets of line numbers, for rules that
// read the syntax trees and ask of a node's line whether the PR changed it.
#pragma once
#include <set>

#include "core/analysis/review_model.h"

namespace atom {

// Head line numbers of the file's new code (is_new_code: added, not moved).
std::set<int> written_lines(const FileView& file);
// Base line numbers of the file's deleted code (is_deleted_code).
std::set<int> deleted_lines(const FileView& file);
// Whether `lines` holds a line in [first, last].
bool any_line_in(const std::set<int>& lines, int first, int last);

}  // namespace atom
