// Path globs for pack tier rules: '*' matches within one segment (never '/'), a segment that is
// exactly '**' matches zero or more whole segments. No other character is special.
#pragma once
#include <string_view>

namespace atom {

bool path_glob_matches(std::string_view pattern, std::string_view path);

}  // namespace atom
