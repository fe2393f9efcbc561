#include "core/report/text_util.h"

namespace atom {

std::string as_sentence(std::string_view text) {
  const auto is_space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
  while (!text.empty() && is_space(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_space(text.back())) text.remove_suffix(1);
  std::string out(text);
  if (out.empty()) return out;
  const char last = out.back();
  if (last != '.' && last != '?' && last != '!' && last != ':') out += '.';
  return out;
}

}  // namespace atom
