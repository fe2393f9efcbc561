// Source text as the structure layer reports it: one line, or with no whitespace at all.
#pragma once
#include <string>
#include <string_view>

namespace atom::ast {

// Whitespace runs (line breaks and indentation of a multi-line expression) as one space, trimmed.
std::string one_line(std::string_view text);
// Every whitespace character dropped: "self . model\n  .forward" -> "self.model.forward".
std::string without_spaces(std::string_view text);

}  // namespace atom::ast
