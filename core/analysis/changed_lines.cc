#include "core/analysis/changed_lines.h"

namespace atom {

std::set<int> written_lines(const FileView& file) {
  std::set<int> out;
  for (const HunkView& hunk : file.hunks)
    for (const CodeLine& line : hunk.lines)
      if (is_new_code(line)) out.insert(line.new_line);
  return out;
}

std::set<int> deleted_lines(const FileView& file) {
  std::set<int> out;
  for (const HunkView& hunk : file.hunks)
    for (const CodeLine& line : hunk.lines)
      if (is_deleted_code(line)) out.insert(line.old_line);
  return out;
}

bool any_line_in(const std::set<int>& lines, int first, int last) {
  const auto at = lines.lower_bound(first);
  return at != lines.end() && *at <= last;
}

}  // namespace atom
