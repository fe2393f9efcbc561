// "@@ -OLD_START[,OLD_COUNT] +NEW_START[,NEW_COUNT] @@[ SECTION]" → numbers and section.
#pragma once
#include <optional>
#include <string_view>

namespace atom::diff_detail {

struct HunkHeader {
  int old_start = 0, old_count = 1, new_start = 0, new_count = 1;  // an omitted count means 1
  std::string_view section;  // text after the closing "@@", leading space removed
};

// nullopt when the line is not a well-formed hunk header (or a number exceeds 1e9).
std::optional<HunkHeader> parse_hunk_header(std::string_view line);

}  // namespace atom::diff_detail
