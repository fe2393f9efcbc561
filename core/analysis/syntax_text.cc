#include "core/analysis/syntax_text.h"

namespace atom::ast {
namespace {
bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }
}  // namespace

std::string one_line(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  bool pending_space = false;
  for (char c : text) {
    if (is_space(c)) {
      pending_space = !out.empty();
      continue;
    }
    if (pending_space) out += ' ';
    pending_space = false;
    out += c;
  }
  return out;
}

std::string without_spaces(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text)
    if (!is_space(c)) out += c;
  return out;
}

}  // namespace atom::ast
