#include "core/rules/d/d1c_init_statements.h"

#include <algorithm>
#include <string_view>
#include <utility>

#include "core/analysis/python_nodes.h"
#include "core/model/identifier_chars.h"

namespace atom::d1c {
namespace {

using syntax::Node;
using syntax::SyntaxTree;

bool is_simple_statement(std::string_view kind) {
  return kind == "expression_statement" || kind == "return_statement" || kind == "assert_statement" ||
         kind == "raise_statement" || kind == "delete_statement" || kind == "pass_statement" ||
         kind == "break_statement" || kind == "continue_statement" || kind == "global_statement" ||
         kind == "nonlocal_statement" || kind == "import_statement" || kind == "import_from_statement" ||
         kind == "future_import_statement" || kind == "print_statement" || kind == "exec_statement" ||
         kind == "type_alias_statement";
}

// Statements whose header is read apart from their bodies (the clauses count as their own).
bool is_compound_statement(std::string_view kind) {
  return kind == "if_statement" || kind == "elif_clause" || kind == "else_clause" || kind == "for_statement" ||
         kind == "while_statement" || kind == "with_statement" || kind == "try_statement" ||
         kind == "except_clause" || kind == "except_group_clause" || kind == "finally_clause" ||
         kind == "match_statement" || kind == "case_clause";
}

// A compound statement's children that are not its header.
bool is_body_part(std::string_view kind) {
  return kind == "block" || kind == "comment" || kind == "elif_clause" || kind == "else_clause" ||
         kind == "except_clause" || kind == "except_group_clause" || kind == "finally_clause" || kind == "case_clause";
}

bool is_self(const SyntaxTree& tree, Node node) { return node.kind() == "identifier" && tree.text(node) == "self"; }

// `self.X`: the name X, else "".
std::string_view self_attribute(const SyntaxTree& tree, Node node) {
  if (node.kind() != "attribute" || !is_self(tree, node.field("object"))) return {};
  const Node attribute = node.field("attribute");
  return attribute.kind() == "identifier" ? tree.text(attribute) : std::string_view();
}

bool is_identifier_text(std::string_view text) {
  if (text.empty() || is_ascii_digit(text[0])) return false;
  for (char c : text)
    if (!is_identifier_char(c)) return false;
  return true;
}

std::vector<Node> arguments_of(Node call) {
  std::vector<Node> arguments;
  const Node list = call.field("arguments");
  if (list.kind() != "argument_list") return arguments;
  for (Node argument : list.named_children())
    if (argument.kind() != "comment") arguments.push_back(argument);
  return arguments;
}

// Builtins that take `self` without setting anything on it.
bool reads_only(std::string_view callee) {
  return callee == "super" || callee == "hasattr" || callee == "getattr" || callee == "isinstance" ||
         callee == "type" || callee == "id" || callee == "vars" || callee == "setattr";
}

class StatementReader {
 public:
  explicit StatementReader(const SyntaxTree& tree) : tree_(tree) {}

  Statement read(Node statement) {
    Statement out{tree_.start_line(statement), tree_.end_line(statement), {}, false};
    use_ = &out.use;
    targets_.clear();
    const std::string_view kind = statement.kind();
    if (is_compound_statement(kind)) {
      out.last_line = out.first_line;
      if (kind == "for_statement") add_targets(statement.field("left"));
      for (Node child : statement.named_children()) {
        if (is_body_part(child.kind())) continue;
        out.last_line = std::max(out.last_line, tree_.end_line(child));
        scan(child);
      }
      return out;
    }
    const Node first = statement.named_child(0);
    out.leaves = kind == "return_statement" || (kind == "expression_statement" && first.kind() == "yield");
    if (kind == "expression_statement" && first.kind() == "assignment") {
      if (first.field("right").null() && !first.field("type").null()) return out;  // `self.x: T` declares
      for (Node link = first; link.kind() == "assignment"; link = link.field("right")) add_targets(link.field("left"));
    }
    scan(statement);
    return out;
  }

 private:
  // The pure `self.X` stores of an assignment target, tuple and list targets flattened.
  void add_targets(Node target) {
    const std::string_view kind = target.kind();
    if (kind == "pattern_list" || kind == "tuple_pattern" || kind == "list_pattern" || kind == "expression_list" ||
        kind == "tuple" || kind == "list" || kind == "list_splat_pattern" || kind == "parenthesized_expression") {
      for (Node part : target.named_children()) add_targets(part);
      return;
    }
    const std::string_view name = self_attribute(tree_, target);
    if (name.empty()) return;
    use_->assigned.emplace(name);
    targets_.emplace_back(target.start_byte(), target.end_byte());
  }

  bool is_target(Node node) const {
    for (const auto& [begin, end] : targets_)
      if (node.start_byte() == begin && node.end_byte() == end) return true;
    return false;
  }

  void scan(Node top) {
    syntax::walk(top, [&](Node node) {
      const std::string_view kind = node.kind();
      if (kind == "lambda") return false;
      if (kind == "attribute") {
        const std::string_view member = tree_.text(node.field("attribute"));
        if (member == "__dict__" || member == "__setattr__") use_->opaque = true;
        const std::string_view name = self_attribute(tree_, node);
        if (!name.empty() && !is_target(node)) use_->first_read_line.emplace(name, tree_.start_line(node));
      } else if (kind == "call") {
        read_call(node);
      }
      return true;
    });
  }

  void read_call(Node call) {
    const Node callee = call.field("function");
    const std::vector<Node> arguments = arguments_of(call);
    const bool on_self = !arguments.empty() && is_self(tree_, arguments[0]);
    if (callee.kind() == "identifier") {
      const std::string_view name = tree_.text(callee);
      if (name == "setattr" && on_self) {
        const std::string attribute = arguments.size() > 1 ? ast::string_content(tree_, arguments[1]) : "";
        if (is_identifier_text(attribute)) use_->assigned.insert(attribute);
        else use_->opaque = true;
      }
      if (name == "vars" && on_self) use_->opaque = true;
      if (reads_only(name)) return;
    } else if (callee.kind() == "attribute") {
      const std::string_view method = tree_.text(callee.field("attribute"));
      if (method == "__init__") {
        use_->calls_base_init = true;
        return;
      }
      if (is_self(tree_, callee.field("object"))) use_->self_calls.emplace(method);
    }
    for (Node argument : arguments) {
      const Node value = argument.kind() == "keyword_argument" ? argument.field("value") : argument;
      if (is_self(tree_, value)) use_->passes_self = true;
    }
  }

  const SyntaxTree& tree_;
  AttributeUse* use_ = nullptr;
  std::vector<std::pair<uint32_t, uint32_t>> targets_;  // byte ranges of the current statement's pure targets
};

bool is_definition(std::string_view kind) {
  return kind == "function_definition" || kind == "class_definition" || kind == "decorated_definition";
}

}  // namespace

std::vector<Statement> statements_in(const SyntaxTree& tree, int first, int last) {
  std::vector<Statement> statements;
  StatementReader reader(tree);
  syntax::walk(tree.root(), [&](Node node) {
    const int start = tree.start_line(node);
    if (start > last || tree.end_line(node) < first) return false;
    const std::string_view kind = node.kind();
    if (kind == "lambda") return false;
    if (is_definition(kind)) return start <= first;  // enter only the def the lines are in
    if (start < first) return true;
    if (is_simple_statement(kind)) {
      statements.push_back(reader.read(node));
      return false;
    }
    if (is_compound_statement(kind)) statements.push_back(reader.read(node));
    return true;
  });
  return statements;
}

void add_guards(const SyntaxTree& tree, int first, int last, Guards& guards) {
  syntax::walk(tree.root(), [&](Node node) {
    if (tree.start_line(node) > last || tree.end_line(node) < first) return false;
    if (node.kind() == "identifier" && tree.text(node) == "AttributeError") guards.catches_attribute_error = true;
    if (node.kind() != "call" || node.field("function").kind() != "identifier") return true;
    const std::string_view callee = tree.text(node.field("function"));
    const std::vector<Node> arguments = arguments_of(node);
    if ((callee == "hasattr" || callee == "getattr") && arguments.size() >= 2 && is_self(tree, arguments[0])) {
      const std::string name = ast::string_content(tree, arguments[1]);
      if (!name.empty()) guards.named.insert(name);
    }
    return true;
  });
}

}  // namespace atom::d1c
