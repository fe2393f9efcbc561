#include "core/syntax/line_index.h"

#include <algorithm>

namespace atom::syntax {

LineIndex::LineIndex(std::string_view text) : size_(text.size()) {
  starts_.push_back(0);
  for (size_t i = 0; i < text.size(); ++i)
    if (text[i] == '\n') starts_.push_back(i + 1);
  line_count_ = static_cast<int>(starts_.size());
  if (text.empty() || text.back() == '\n') --line_count_;
}

int LineIndex::line_of(size_t byte) const {
  const auto after = std::upper_bound(starts_.begin(), starts_.end(), byte);
  int line = static_cast<int>(after - starts_.begin());
  return std::max(1, std::min(line, std::max(line_count_, 1)));
}

size_t LineIndex::line_start(int line) const {
  if (line < 1) return 0;
  if (static_cast<size_t>(line) > starts_.size()) return size_;
  return starts_[static_cast<size_t>(line) - 1];
}

}  // namespace atom::syntax
