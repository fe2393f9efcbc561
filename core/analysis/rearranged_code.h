// Which functions whose code the PR only moved now run something else. A move is not new code
// (moved_lines.h), but moving statements into a `with` block, out of one function into another, or
// into another order changes what a function runs; reformatting, re-indenting a function whole,
// moving it whole, or sorting its imports does not. Q1 tells the two apart.
#pragma once
#include <set>
#include <string>

#include "core/analysis/review_model.h"

namespace atom {

// Of `functions` (names as CodeLine::function gives them), those whose statements differ between
// the base and the head over every non-test file: in order, in which block a Python statement
// sits (its indent relative to the function's shallowest statement), or in which statements there
// are. Imports compare as sets of sorted names; a function one side does not show at all moved
// whole and is left out. One pass over the diff.
std::set<std::string> rearranged_functions(const ReviewModel& model, const std::set<std::string>& functions);

}  // namespace atom
