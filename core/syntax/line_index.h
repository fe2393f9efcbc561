// Byte offset <-> 1-based line number over one text, built once (binary search per lookup).
#pragma once
#include <cstddef>
#include <string_view>
#include <vector>

namespace atom::syntax {

class LineIndex {
 public:
  explicit LineIndex(std::string_view text);

  // The line holding `byte` (an offset past the end maps to the last line). 1-based.
  int line_of(size_t byte) const;
  // The offset of the first byte of `line` (1-based); the text's size past the last line.
  size_t line_start(int line) const;
  // Lines in the text: a last line without '\n' counts, an empty text has none.
  int line_count() const { return line_count_; }

 private:
  std::vector<size_t> starts_;  // offset of each line's first byte
  size_t size_ = 0;
  int line_count_ = 0;
};

}  // namespace atom::syntax
