// One side's diff lines of a file by file line (Side::New: context and added lines by head line;
// Side::Old: context and removed lines by base line): what a rule reading the trees asks of a line
// a tree reports (did the PR write or delete it, its stripped code, its function).
#pragma once
#include <vector>

#include "core/analysis/review_model.h"
#include "core/model/side.h"

namespace atom {

class DiffLinesBySide {
 public:
  DiffLinesBySide(const FileView& file, Side side) {
    const LineKind other = side == Side::New ? LineKind::Removed : LineKind::Added;
    for (const HunkView& hunk : file.hunks)
      for (const CodeLine& line : hunk.lines) {
        const int number = side == Side::New ? line.new_line : line.old_line;
        if (line.kind == other || number <= 0) continue;
        if (static_cast<size_t>(number) >= lines_.size()) lines_.resize(static_cast<size_t>(number) + 1, nullptr);
        lines_[static_cast<size_t>(number)] = &line;
      }
  }

  // nullptr when the diff does not show that line of this side.
  const CodeLine* at(int line) const {
    return line > 0 && static_cast<size_t>(line) < lines_.size() ? lines_[static_cast<size_t>(line)] : nullptr;
  }
  // The PR wrote it (head) or deleted it (base): added or removed and not moved.
  bool changed(int line) const {
    const CodeLine* code = at(line);
    return code != nullptr && (is_new_code(*code) || is_deleted_code(*code));
  }

 private:
  std::vector<const CodeLine*> lines_;
};

// The head side: context and added lines by head line.
struct HeadLines : DiffLinesBySide {
  explicit HeadLines(const FileView& file) : DiffLinesBySide(file, Side::New) {}
  bool new_code(int line) const { return changed(line); }
};

}  // namespace atom
