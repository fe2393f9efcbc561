// Where a finding about a removed line can be shown by a tool that displays only the new file.
#pragma once
#include <map>
#include "core/model/diff.h"

namespace atom {

// For every removed line of `file` (keyed by its old-side number): the new-side number of the
// nearest context or added line in the same hunk (the following line on a tie, since that is
// usually what replaced it); the hunk's new start (at least 1) when the hunk has none.
std::map<int, int> removed_line_anchors(const FileDiff& file);

}  // namespace atom
