#include "core/rules/d/python_chain.h"

namespace atom::dg {
namespace {

// The code after a header's own colon ("if x: y = 1" → "y = 1"), or "" for a block header.
std::string_view inline_body(std::string_view header) {
  int depth = 0;
  for (size_t i = 0; i < header.size(); ++i) {
    char c = header[i];
    if (c == '(' || c == '[' || c == '{') ++depth;
    else if (c == ')' || c == ']' || c == '}') --depth;
    else if (c == ':' && depth == 0 && (i + 1 >= header.size() || header[i + 1] != '=')) {
      return trim(header.substr(i + 1));
    }
  }
  return {};
}

bool statement_leaves(std::string_view statement) {
  return starts_with_word(statement, "return") || starts_with_word(statement, "raise") ||
         starts_with_word(statement, "continue") || starts_with_word(statement, "break") ||
         starts_with_word(statement, "sys.exit") || starts_with_word(statement, "os._exit");
}

void collect_bound(std::string_view statement, std::set<std::string>& bound) {
  for (std::string& name : python_bound_names(statement)) bound.insert(std::move(name));
}

}  // namespace

bool is_statement_start(const CodeLine& line) {
  return !line.blank_or_comment && !line.in_docstring && !line.continuation;
}

std::optional<IfChain> read_if_chain(const std::vector<const CodeLine*>& lines, size_t first) {
  const CodeLine& head = *lines[first];
  if (!is_statement_start(head) || !starts_with_word(head.code, "if")) return std::nullopt;
  IfChain chain;
  chain.first = first;
  chain.indent = head.indent;
  chain.complete = true;

  size_t index = first;
  while (index < lines.size()) {
    Branch branch;
    branch.header = index;
    size_t header_end = index;
    std::string header = statement_text(lines, index, &header_end);
    for (size_t k = index; k <= header_end; ++k) chain.touched |= is_new_code(*lines[k]);
    std::string_view body_inline = inline_body(header);
    size_t body_at = body_inline.empty() ? header.size() : static_cast<size_t>(body_inline.data() - header.data());
    std::string_view condition = trim(std::string_view(header).substr(0, body_at));
    if (!condition.empty() && condition.back() == ':') condition.remove_suffix(1);
    branch.condition = std::string(trim(condition));
    if (!body_inline.empty()) {
      collect_bound(body_inline, branch.bound);
      branch.leaves = statement_leaves(body_inline);
    }

    // The body: every line after the header until a statement at the chain's indent or less.
    size_t k = header_end + 1;
    int body_indent = -1;
    std::string last_top_statement(body_inline);
    while (k < lines.size()) {
      const CodeLine& line = *lines[k];
      if (line.new_line != lines[k - 1]->new_line + 1) chain.complete = false;
      if (!is_statement_start(line)) {
        chain.touched |= is_new_code(line) && !line.blank_or_comment;
        ++k;
        continue;
      }
      if (line.indent <= chain.indent) break;
      size_t statement_end = k;
      std::string statement = statement_text(lines, k, &statement_end);
      for (size_t m = k; m <= statement_end; ++m) chain.touched |= is_new_code(*lines[m]);
      collect_bound(statement, branch.bound);
      if (body_indent < 0 || line.indent <= body_indent) {
        body_indent = line.indent;
        last_top_statement = statement;
      }
      k = statement_end + 1;
    }
    if (!last_top_statement.empty()) branch.leaves = statement_leaves(last_top_statement);
    chain.branches.push_back(std::move(branch));
    if (k >= lines.size()) {
      chain.end = lines.size();
      chain.complete = false;
      return chain;
    }
    const CodeLine& next = *lines[k];
    if (next.indent == chain.indent && (starts_with_word(next.code, "elif") || starts_with_word(next.code, "else"))) {
      chain.has_else |= starts_with_word(next.code, "else");
      index = k;
      continue;
    }
    chain.end = k;
    return chain;
  }
  chain.end = lines.size();
  chain.complete = false;
  return chain;
}

}  // namespace atom::dg
