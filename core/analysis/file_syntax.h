// One parsed text with its structure: the tree, and the Python or C++ lists over it built on first
// use (most files of a review never need them).
// A whole file (head, or base = head with the diff reversed) or a fragment (one side of a hunk,
// when only the diff is known; its tree reports file lines). The engine keeps one per file side
// (core/analysis/file_trees.h), so each text is parsed once however many rules ask.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "core/analysis/cpp_syntax.h"
#include "core/analysis/python_syntax.h"
#include "core/syntax/syntax_tree.h"

namespace atom::ast {

// The grammar for a path by its extension (.py/.pyi; C, C++, CUDA and HIP sources and headers),
// nullopt for anything else.
std::optional<syntax::Grammar> grammar_for_path(std::string_view path);

struct FileSyntax {
  FileSyntax(syntax::SyntaxTree parsed, bool from_fragment, int first, int last)
      : tree(std::move(parsed)), fragment(from_fragment), first_line(first), last_line(last) {}

  syntax::SyntaxTree tree;
  bool fragment = false;    // parsed from one side of a hunk, not a whole file
  int first_line = 1;       // the file line of the text's first line
  int last_line = 0;        // the file line of its last line

  syntax::Grammar grammar() const { return tree.grammar(); }
  const PythonSyntax& python() const;  // empty unless grammar() is Python
  const CppSyntax& cpp() const;        // empty unless grammar() is Cpp
  // ERROR and MISSING nodes: 0 for a clean parse; a fragment cut mid-statement has a few.
  size_t error_count() const { return tree.error_count() + tree.missing_count(); }

 private:
  mutable std::optional<PythonSyntax> python_;
  mutable std::optional<CppSyntax> cpp_;
};

// A whole file's text.
FileSyntax parse_file(syntax::Grammar grammar, std::string text);
// A whole file's text that is `previous`'s text edited by `changes` (syntax::LineChange): the
// same result as parse_file(text), parsed incrementally from `previous`'s tree.
FileSyntax reparse_file(const FileSyntax& previous, std::string text, const std::vector<syntax::LineChange>& changes);
// One side of a hunk when only the diff is known: its lines joined with '\n', the first being
// file line `first_line`. It may start mid-function and indented: tree-sitter-python's scanner
// takes the first line's indentation as the base and recovers from what the cut leaves open;
// error_count() says how far the result can be trusted.
FileSyntax parse_fragment(syntax::Grammar grammar, std::string text, int first_line);

}  // namespace atom::ast
