#include "core/analysis/changed_lines.h"

namespace atom {

ChangedLines changed_lines(const FileView& file) {
  ChangedLines out;
  for (const HunkView& hunk : file.hunks)
    for (const CodeLine& line : hunk.lines) {
      if (is_new_code(line)) out.written.insert(line.new_line);
      else if (is_deleted_code(line)) out.deleted.insert(line.old_line);
    }
  return out;
}

}  // namespace atom
