#include "core/analysis/cpp_structure.h"

#include "core/analysis/function_tracker.h"

namespace atom {
namespace {

// Finds the '{' opening the body of the header at lines[header]: the first '{' outside the
// header's parentheses, provided no ';' comes first (a declaration or a call).
bool find_body_open(const SideLines& lines, size_t header, size_t& open_line, size_t& open_column) {
  int parens = 0;
  for (size_t i = header; i < lines.size(); ++i) {
    const std::string& code = lines[i]->code;
    for (size_t c = 0; c < code.size(); ++c) {
      if (code[c] == '(') ++parens;
      else if (code[c] == ')') --parens;
      else if (code[c] == ';' && parens <= 0) return false;
      else if (code[c] == '{' && parens <= 0) {
        open_line = i;
        open_column = c;
        return true;
      }
    }
  }
  return false;
}

}  // namespace

std::vector<CppFunctionBody> cpp_function_bodies(const SideLines& lines) {
  std::vector<CppFunctionBody> bodies;
  size_t i = 0;
  while (i < lines.size()) {
    const CodeLine& line = *lines[i];
    std::string name;
    const size_t first = line.code.find_first_not_of(" \t");
    if (!line.blank_or_comment && first != std::string::npos && line.code[first] != '#')
      name = cpp_function_name(line.code);
    size_t open_line = 0, open_column = 0;
    if (name.empty() || !find_body_open(lines, i, open_line, open_column)) {
      ++i;
      continue;
    }
    CppFunctionBody body{name, i, open_line, lines.size(), false};
    int depth = 0;
    for (size_t k = open_line; k < lines.size() && !body.complete; ++k) {
      const std::string& code = lines[k]->code;
      for (size_t c = k == open_line ? open_column : 0; c < code.size(); ++c) {
        if (code[c] == '{') ++depth;
        else if (code[c] == '}' && --depth == 0) {
          body.close = k;
          body.complete = true;
          break;
        }
      }
    }
    bodies.push_back(body);
    i = body.complete ? body.close + 1 : lines.size();
  }
  return bodies;
}

}  // namespace atom
