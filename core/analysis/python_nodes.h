// Small questions rules ask of single Python syntax-tree nodes (tree-sitter-python kinds), where
// python_syntax.h's lists do not already hold the answer.
#pragma once
#include <string>
#include <string_view>

#include "core/syntax/syntax_tree.h"

namespace atom::ast {

// A def, lambda or class: code under it does not run where it stands.
bool is_python_scope(syntax::Node node);
// The innermost function_definition holding `node` (itself included), or the tree's root.
syntax::Node enclosing_function_or_root(syntax::Node node);
// The last part of a call's callee: "get" for `self.q.get(…)`, "setattr" for `setattr(…)`.
std::string_view callee_name(const syntax::SyntaxTree& tree, syntax::Node call);
// The contents of a plain string literal without quotes or prefix; "" for anything else
// (f-strings with interpolations included).
std::string string_content(const syntax::SyntaxTree& tree, syntax::Node node);
// Whether a function_definition's body is only a docstring, `pass`, `...`, `raise
// NotImplementedError` or `return NotImplemented`: an abstract stub or a declaration.
bool stub_body(const syntax::SyntaxTree& tree, syntax::Node function);

}  // namespace atom::ast
