#include "core/model/placeholders.h"

namespace atom {
namespace {

bool is_name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

}  // namespace

size_t placeholder_length(std::string_view text, size_t at) {
  if (at >= text.size() || text[at] != '{') return 0;
  size_t end = at + 1;
  while (end < text.size() && is_name_char(text[end])) ++end;
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

}  // namespace atom
