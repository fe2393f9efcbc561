// Which lines of a file the PR wrote (head numbers) and deleted (base numbers), as sets to test
// a tree's line ranges against. Moved, re-indented and reformatted lines are not changes
// (is_new_code / is_deleted_code, review_model.h).
#pragma once
#include <set>

#include "core/analysis/python_syntax.h"  // LineRange
#include "core/analysis/review_model.h"

namespace atom {

struct ChangedLines {
  std::set<int> written;  // head lines that are new code
  std::set<int> deleted;  // base lines that are deleted code

  bool writes(int line) const { return written.count(line) > 0; }
  bool writes_any(ast::LineRange range) const { return any_in(written, range); }
  bool deletes_any(ast::LineRange range) const { return any_in(deleted, range); }

 private:
  static bool any_in(const std::set<int>& lines, ast::LineRange range) {
    auto it = lines.lower_bound(range.first);
    return it != lines.end() && *it <= range.last;
  }
};

ChangedLines changed_lines(const FileView& file);

}  // namespace atom
