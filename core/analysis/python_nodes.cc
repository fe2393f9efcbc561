#include "core/analysis/python_nodes.h"

#include <re2/re2.h>

namespace atom::ast {

bool is_python_scope(syntax::Node node) {
  const std::string_view kind = node.kind();
  return kind == "function_definition" || kind == "lambda" || kind == "class_definition";
}

syntax::Node enclosing_function_or_root(syntax::Node node) {
  while (!node.parent().null() && node.kind() != "function_definition") node = node.parent();
  return node;
}

std::string_view callee_name(const syntax::SyntaxTree& tree, syntax::Node call) {
  const syntax::Node callee = call.field("function");
  return callee.kind() == "attribute" ? tree.text(callee.field("attribute")) : tree.text(callee);
}

std::string string_content(const syntax::SyntaxTree& tree, syntax::Node node) {
  if (node.kind() != "string") return {};
  std::string out;
  for (syntax::Node part : node.named_children()) {
    if (part.kind() == "interpolation") return {};
    if (part.kind() == "string_content") out += tree.text(part);
  }
  return out;
}

bool stub_body(const syntax::SyntaxTree& tree, syntax::Node function) {
  static const RE2 stub(R"((?s)^(?:pass|\.\.\.|raise\s+NotImplementedError\b.*|return\s+NotImplemented)$)");
  for (syntax::Node statement : function.field("body").named_children()) {
    if (statement.kind() == "comment") continue;
    if (statement.kind() == "expression_statement" && statement.named_child_count() == 1 &&
        (statement.named_child(0).kind() == "string" || statement.named_child(0).kind() == "ellipsis"))
      continue;
    if (!RE2::FullMatch(tree.text(statement), stub)) return false;
  }
  return true;
}

}  // namespace atom::ast
