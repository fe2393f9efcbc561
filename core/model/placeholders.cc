#include "core/model/placeholders.h"

#include "core/model/identifier_chars.h"

namespace atom {
namespace {

struct OptionalPart {
  size_t length = 0;  // of the whole `{name?text}`; 0 when none opens at the position asked
  bool negated = false;
  std::string_view name, text;
};

// The optional part that opens at text[at]: '{', an optional '!', a name, '?', then text up to the
// '}' that closes the opening brace (placeholders inside nest one level).
OptionalPart optional_part_at(std::string_view text, size_t at) {
  OptionalPart part;
  if (at >= text.size() || text[at] != '{') return part;
  size_t name_start = at + 1;
  const bool negated = name_start < text.size() && text[name_start] == '!';
  if (negated) ++name_start;
  size_t end = name_start;
  while (end < text.size() && is_identifier_char(text[end])) ++end;
  if (end == name_start || end >= text.size() || text[end] != '?') return part;
  int depth = 0;
  for (size_t i = end + 1; i < text.size(); ++i) {
    if (text[i] == '{') ++depth;
    if (text[i] != '}') continue;
    if (depth-- > 0) continue;
    part.length = i - at + 1;
    part.negated = negated;
    part.name = text.substr(name_start, end - name_start);
    part.text = text.substr(end + 1, i - end - 1);
    return part;
  }
  return part;
}

template <typename Replace>
std::string replace_optional_parts(std::string_view text, const Replace& replace) {
  std::string out;
  for (size_t i = 0; i < text.size();) {
    const OptionalPart part = optional_part_at(text, i);
    if (part.length == 0) {
      out += text[i++];
      continue;
    }
    out += replace(part);
    i += part.length;
  }
  return out;
}

}  // namespace

size_t placeholder_length(std::string_view text, size_t at) {
  if (at >= text.size() || text[at] != '{') return 0;
  size_t end = at + 1;
  while (end < text.size() && is_identifier_char(text[end])) ++end;
  if (end == at + 1 || end >= text.size() || text[end] != '}') return 0;
  return end - at + 1;
}

std::vector<std::string> placeholder_names(std::string_view text) {
  std::vector<std::string> names;
  for (size_t i = 0; i < text.size(); ++i) {
    const size_t length = placeholder_length(text, i);
    if (length == 0) continue;
    names.emplace_back(text.substr(i + 1, length - 2));
    i += length - 1;
  }
  return names;
}

std::string resolve_optional_parts(std::string_view text, const std::map<std::string, std::string>& fields) {
  return replace_optional_parts(text, [&](const OptionalPart& part) {
    const auto it = fields.find(std::string(part.name));
    const bool has_value = it != fields.end() && !it->second.empty();
    return has_value != part.negated ? std::string(part.text) : std::string();
  });
}

std::string show_optional_parts(std::string_view text) {
  return replace_optional_parts(text, [](const OptionalPart& part) { return "[" + std::string(part.text) + "]"; });
}

}  // namespace atom
