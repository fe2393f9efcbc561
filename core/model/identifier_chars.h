// The characters of a name as every format the engine reads spells it (Python and C++
// identifiers, template placeholders, pack and rule ids): ASCII letters, digits and '_'.
// Locale-free, unlike <cctype>.
#pragma once

namespace atom {

constexpr bool is_ascii_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
constexpr bool is_ascii_digit(char c) { return c >= '0' && c <= '9'; }
constexpr bool is_identifier_char(char c) { return is_ascii_letter(c) || is_ascii_digit(c) || c == '_'; }

}  // namespace atom
