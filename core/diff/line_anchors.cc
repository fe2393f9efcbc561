#include "core/diff/line_anchors.h"

#include <algorithm>
#include <vector>

namespace atom {

std::map<int, int> removed_line_anchors(const FileDiff& file) {
  std::map<int, int> anchors;
  for (const Hunk& hunk : file.hunks) {
    std::vector<size_t> new_side;  // indexes of lines that exist in the new file
    for (size_t i = 0; i < hunk.lines.size(); ++i)
      if (hunk.lines[i].kind != LineKind::Removed) new_side.push_back(i);
    for (size_t i = 0; i < hunk.lines.size(); ++i) {
      const DiffLine& line = hunk.lines[i];
      if (line.kind != LineKind::Removed || line.old_line <= 0) continue;
      int anchor = std::max(1, hunk.new_start);
      const auto after = std::lower_bound(new_side.begin(), new_side.end(), i);
      const bool has_after = after != new_side.end();
      const bool has_before = after != new_side.begin();
      if (has_after && (!has_before || *after - i <= i - *std::prev(after)))
        anchor = hunk.lines[*after].new_line;
      else if (has_before)
        anchor = hunk.lines[*std::prev(after)].new_line;
      anchors[line.old_line] = std::max(1, anchor);
    }
  }
  return anchors;
}

}  // namespace atom
