#include "core/diff/reverse_apply.h"

#include <vector>

namespace atom {
namespace {

struct HeadLine {
  std::string_view text;  // without its line end
  std::string_view full;  // with "\n" / "\r\n"; the last line may have none
};

std::vector<HeadLine> split_keeping_ends(std::string_view text) {
  std::vector<HeadLine> lines;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    const bool terminated = end != std::string_view::npos;
    if (!terminated) end = text.size();
    std::string_view content = text.substr(start, end - start);
    const std::string_view full = text.substr(start, end - start + (terminated ? 1 : 0));
    if (terminated && !content.empty() && content.back() == '\r') content.remove_suffix(1);
    lines.push_back({content, full});
    start = end + 1;
  }
  return lines;
}

bool ends_with_newline(std::string_view full) { return !full.empty() && full.back() == '\n'; }

void append_diff_line(std::string& out, const DiffLine& line) {
  out += line.text;
  if (line.no_newline_at_eof) return;
  out += line.crlf ? "\r\n" : "\n";
}

// Reverse-applies hunk by hunk; `out_lines` counts the base lines written, so that each old-side
// line can be checked to land on its own number.
class ReverseApplier {
 public:
  explicit ReverseApplier(std::string_view head) : head_(split_keeping_ends(head)) {}

  std::optional<std::string> run(const FileDiff& file) {
    for (const Hunk& hunk : file.hunks)
      if (!apply(hunk)) return std::nullopt;
    if (!copy_head_through(static_cast<int>(head_.size()))) return std::nullopt;
    return std::move(base_);
  }

 private:
  bool apply(const Hunk& hunk) {
    int first_new = 0;
    for (const DiffLine& line : hunk.lines)
      if (line.kind != LineKind::Removed) {
        first_new = line.new_line;
        break;
      }
    // A hunk without new-side lines sits after new line `new_start`.
    if (!copy_head_through(first_new > 0 ? first_new - 1 : hunk.new_start)) return false;
    for (const DiffLine& line : hunk.lines) {
      if (line.kind != LineKind::Removed && !matches_head(line)) return false;
      if (line.kind != LineKind::Added && line.old_line != base_lines_ + 1) return false;
      if (line.kind != LineKind::Added && ended_) return false;
      switch (line.kind) {
        case LineKind::Context:
          base_ += head_[line.new_line - 1].full;
          break;
        case LineKind::Removed:
          append_diff_line(base_, line);
          break;
        case LineKind::Added:
          break;
      }
      if (line.kind != LineKind::Added) {
        ++base_lines_;
        ended_ = line.no_newline_at_eof;
      }
      if (line.kind != LineKind::Removed) next_head_ = line.new_line + 1;
    }
    return true;
  }

  bool matches_head(const DiffLine& line) const {
    if (line.new_line < next_head_ || static_cast<size_t>(line.new_line) > head_.size()) return false;
    const HeadLine& head = head_[line.new_line - 1];
    if (head.text != line.text) return false;
    const bool last = static_cast<size_t>(line.new_line) == head_.size();
    if (line.no_newline_at_eof) return last && !ends_with_newline(head.full);
    return ends_with_newline(head.full);
  }

  // Copies the head lines from next_head_ through `last` (1-based) unchanged.
  bool copy_head_through(int last) {
    if (last > static_cast<int>(head_.size())) return false;
    for (; next_head_ <= last; ++next_head_) {
      if (ended_) return false;
      const HeadLine& line = head_[next_head_ - 1];
      base_ += line.full;
      ++base_lines_;
      ended_ = !ends_with_newline(line.full);
    }
    return true;
  }

  std::vector<HeadLine> head_;
  std::string base_;
  int next_head_ = 1;   // the next head line not yet copied or passed
  int base_lines_ = 0;  // base lines written
  bool ended_ = false;  // the last line written has no line end: nothing may follow
};

}  // namespace

std::optional<std::string> reverse_apply(const FileDiff& file, std::string_view head) {
  return ReverseApplier(head).run(file);
}

std::optional<std::string> whole_side_from_diff(const FileDiff& file, LineKind side) {
  if (file.hunks.empty()) return std::string();
  if (file.hunks.size() != 1) return std::nullopt;
  const Hunk& hunk = file.hunks.front();
  const LineKind other = side == LineKind::Added ? LineKind::Removed : LineKind::Added;
  const int announced = side == LineKind::Added ? hunk.new_count : hunk.old_count;
  std::string text;
  int count = 0;
  for (const DiffLine& line : hunk.lines) {
    if (line.kind == other) continue;
    const int number = side == LineKind::Added ? line.new_line : line.old_line;
    if (number != count + 1) return std::nullopt;
    append_diff_line(text, line);
    ++count;
  }
  if (count != announced) return std::nullopt;
  return text;
}

}  // namespace atom
