#include "core/diff/hunk_header.h"

namespace atom::diff_detail {

namespace {

constexpr int kMaxNumber = 1'000'000'000;

// Reads decimal digits at text[pos...]; advances pos. nullopt without digits or on overflow.
std::optional<int> read_number(std::string_view text, size_t& pos) {
  size_t begin = pos;
  long long value = 0;
  while (pos < text.size() && text[pos] >= '0' && text[pos] <= '9') {
    value = value * 10 + (text[pos] - '0');
    if (value > kMaxNumber) return std::nullopt;
    ++pos;
  }
  if (pos == begin) return std::nullopt;
  return static_cast<int>(value);
}

// Reads "START[,COUNT]" after the sign character; count defaults to 1.
bool read_range(std::string_view text, size_t& pos, char sign, int& start, int& count) {
  if (pos >= text.size() || text[pos] != sign) return false;
  ++pos;
  auto first = read_number(text, pos);
  if (!first) return false;
  start = *first;
  count = 1;
  if (pos < text.size() && text[pos] == ',') {
    ++pos;
    auto second = read_number(text, pos);
    if (!second) return false;
    count = *second;
  }
  return true;
}

}  // namespace

std::optional<HunkHeader> parse_hunk_header(std::string_view line) {
  if (line.substr(0, 3) != "@@ ") return std::nullopt;
  HunkHeader header;
  size_t pos = 3;
  if (!read_range(line, pos, '-', header.old_start, header.old_count)) return std::nullopt;
  if (pos >= line.size() || line[pos] != ' ') return std::nullopt;
  ++pos;
  if (!read_range(line, pos, '+', header.new_start, header.new_count)) return std::nullopt;
  if (line.substr(pos, 3) != " @@") return std::nullopt;
  pos += 3;
  std::string_view section = line.substr(pos);
  if (!section.empty() && section.front() == ' ') section.remove_prefix(1);
  header.section = section;
  return header;
}

}  // namespace atom::diff_detail
