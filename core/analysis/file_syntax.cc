#include "core/analysis/file_syntax.h"

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "core/analysis/line_lexer.h"

namespace atom::ast {
namespace {

bool ends_with(std::string_view text, std::string_view suffix) {
  return text.size() >= suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}

FileSyntax over(syntax::SyntaxTree tree, bool fragment) {
  const int first_line = tree.first_line();
  const int last_line = first_line + std::max(tree.line_count(), 1) - 1;
  return FileSyntax{std::move(tree), fragment, first_line, last_line};
}

}  // namespace

const PythonSyntax& FileSyntax::python() const {
  if (!python_) python_ = grammar() == syntax::Grammar::Python ? python_syntax(tree) : PythonSyntax{};
  return *python_;
}

const CppSyntax& FileSyntax::cpp() const {
  if (!cpp_) cpp_ = grammar() == syntax::Grammar::Cpp ? cpp_syntax(tree) : CppSyntax{};
  return *cpp_;
}

std::optional<syntax::Grammar> grammar_for_path(std::string_view path) {
  if (ends_with(path, ".py") || ends_with(path, ".pyi")) return syntax::Grammar::Python;
  constexpr std::array<std::string_view, 13> kCpp = {".c",   ".cc",  ".cpp", ".cxx", ".h",  ".hh",  ".hpp",
                                                     ".hxx", ".cu",  ".cuh", ".hip", ".inl", ".ipp"};
  for (std::string_view extension : kCpp)
    if (ends_with(path, extension)) return syntax::Grammar::Cpp;
  return std::nullopt;
}

FileSyntax parse_file(syntax::Grammar grammar, std::string text) {
  return over(syntax::SyntaxTree(grammar, std::move(text)), false);
}

FileSyntax reparse_file(const FileSyntax& previous, std::string text, const std::vector<syntax::LineChange>& changes) {
  return over(syntax::SyntaxTree(previous.tree, std::move(text), changes), false);
}

namespace {

// A hunk can open inside a docstring (git often starts one on its closing quotes): the parser
// would take those quotes for an opening that swallows the code after them. Judged as the line
// model judges it (line_lexer.h), the text up to and including the closing quotes is blanked to
// spaces, which keeps every byte offset and line. The text as given when the hunk does not.
std::string without_docstring_tail(std::string text) {
  std::vector<std::string_view> lines;
  for (size_t start = 0; start < text.size();) {
    const size_t end = text.find('\n', start);
    lines.push_back(std::string_view(text).substr(start, end == std::string::npos ? std::string::npos : end - start));
    start = end == std::string::npos ? text.size() : end + 1;
  }
  char quote = 0;
  if (!starts_inside_triple_quote(lines, quote)) return text;
  const size_t close = text.find(std::string(3, quote));
  if (close == std::string::npos) return text;
  for (size_t at = 0; at < close + 3; ++at)
    if (text[at] != '\n') text[at] = ' ';
  return text;
}

}  // namespace

FileSyntax parse_fragment(syntax::Grammar grammar, std::string text, int first_line) {
  if (grammar == syntax::Grammar::Python) text = without_docstring_tail(std::move(text));
  return over(syntax::SyntaxTree(grammar, std::move(text), first_line), true);
}

}  // namespace atom::ast
