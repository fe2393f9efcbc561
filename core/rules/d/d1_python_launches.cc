#include "core/rules/d/d1_python_launches.h"

#include <optional>
#include <set>
#include <string_view>
#include <re2/re2.h>

#include "core/analysis/before_parsing.h"
#include "core/analysis/changed_lines.h"
#include "core/analysis/file_trees.h"
#include "core/analysis/python_nodes.h"
#include "core/analysis/python_syntax.h"
#include "core/analysis/structure.h"
#include "core/analysis/syntax_text.h"

namespace atom::d1 {
namespace {

using syntax::Node;
using syntax::SyntaxTree;

// The atomic a call applies ("tl.atomic_max", "atomicAdd"), "" for any other call.
std::string atomic_op(const std::string& callee) {
  static const RE2 kAtomic(
      R"((?:^|\.)(tl\.atomic_\w+|atomicAdd|atomicMax|atomicMin|atomic_fmax|atomic_add|atomic_max|unsafeAtomicAdd)$)");
  std::string op;
  RE2::PartialMatch(callee, kAtomic, &op);
  return op;
}

// The name an atomic reduces into: the leading identifier of its first argument (`out_ptr + offs`).
std::string atomic_target(const std::string& first_argument) {
  static const RE2 kTarget(R"(^&?\s*(\w+))");
  std::string target;
  RE2::PartialMatch(first_argument, kTarget, &target);
  return target;
}

// The name a call's callee ends in: `_k` for `_k[grid]`, `self._k[grid]` and `mod._k`.
std::string kernel_name(const SyntaxTree& tree, Node callee) {
  if (callee.kind() == "subscript") callee = callee.field("value");
  if (callee.kind() == "attribute") callee = callee.field("attribute");
  return callee.kind() == "identifier" ? std::string(tree.text(callee)) : std::string();
}

// `name` is read somewhere in `node` as a plain name: not an attribute (`x.name`) or a keyword (`name=`).
bool reads_name(const SyntaxTree& tree, Node node, const std::string& name) {
  bool found = false;
  syntax::walk(node, [&](Node inner) {
    if (found || inner.kind() != "identifier") return !found;
    if (tree.text(inner) != name) return false;
    const Node parent = inner.parent();
    const std::string_view around = parent.kind();
    found = !(around == "attribute" && parent.field("attribute") == inner) &&
            !(around == "keyword_argument" && parent.field("name") == inner);
    return false;
  });
  return found;
}

// Nodes below `scope` in source order, not inside a nested def, class or lambda.
template <typename Visit>
void walk_own(Node scope, Visit visit) {
  syntax::walk(scope, [&](Node node) {
    if (!(node == scope) && ast::is_python_scope(node)) return false;
    visit(node);
    return true;
  });
}

// Whether `node` zeroes `buffer`: `buffer.zero_()`, `buffer.fill_(…)`, `buffer[…] = 0`, a memset of it.
bool zeroes(const SyntaxTree& tree, Node node, const std::string& buffer) {
  static const RE2 kMemset(R"([Mm]emset\w*)");
  if (node.kind() == "assignment") {
    const Node left = node.field("left");
    return left.kind() == "subscript" && tree.text(left.field("value")) == buffer &&
           tree.text(node.field("right")) == "0";
  }
  if (node.kind() != "call") return false;
  const Node callee = node.field("function");
  if (callee.kind() == "attribute") {
    const std::string_view method = tree.text(callee.field("attribute"));
    if ((method == "zero_" || method == "fill_") && tree.text(callee.field("object")) == buffer) return true;
  }
  const Node first = node.field("arguments").named_child(0);
  return RE2::PartialMatch(tree.text(callee), kMemset) && !first.null() && tree.text(first) == buffer;
}

// `X = torch.empty(…)` / `X: T = torch.empty_like(…)`: the buffer's name.
std::optional<std::string> allocated_buffer(const SyntaxTree& tree, Node node) {
  if (node.kind() != "assignment") return std::nullopt;
  const Node left = node.field("left"), right = node.field("right");
  if (left.kind() != "identifier" || right.kind() != "call") return std::nullopt;
  const std::string callee = ast::without_spaces(tree.text(right.field("function")));
  if (callee != "torch.empty" && callee != "torch.empty_like") return std::nullopt;
  return std::string(tree.text(left));
}

// The calls after `allocation` in `scope`, up to the first zeroing of `buffer`, that get `buffer`.
void calls_receiving(const SyntaxTree& tree, Node scope, Node allocation, const std::string& buffer,
                     const CodeLine* line, std::vector<PythonBufferCall>& out) {
  bool zeroed = false;
  walk_own(scope, [&](Node node) {
    if (zeroed || node.start_byte() < allocation.end_byte()) return;
    if (zeroes(tree, node, buffer)) {
      zeroed = true;
      return;
    }
    if (node.kind() != "call" || node.field("arguments").kind() != "argument_list") return;
    const std::string kernel = kernel_name(tree, node.field("function"));
    if (kernel.empty()) return;
    size_t position = 0;
    for (Node argument : node.field("arguments").named_children()) {
      if (argument.kind() == "comment") continue;
      if (reads_name(tree, argument, buffer)) {
        const bool keyword = argument.kind() == "keyword_argument";
        out.push_back({buffer, line, kernel, position, keyword ? std::string(tree.text(argument.field("name"))) : ""});
        return;
      }
      ++position;
    }
  });
}

}  // namespace

void read_python_kernels(const FileView& file, std::map<std::string, PythonKernel>& kernels) {
  if (!head_shows(file, "tomic")) return;  // atomic_add, atomicMax, unsafeAtomicAdd …
  for (const ast::FileSyntax& part : head_trees(file).parts) {
    const ast::PythonSyntax& python = part.python();
    for (const ast::PyCall& call : python.calls) {
      const std::string op = atomic_op(call.callee);
      if (op.empty() || call.arguments.empty()) continue;
      const ast::PyFunction* function = ast::function_at(python, call.line);
      std::string name = function ? function->name : std::string();
      if (!function && part.fragment) {  // the def is above the hunk: its section names the function
        const CodeLine* line = new_side_line(file, call.line);
        name = line ? line->function.substr(line->function.find_last_of('.') + 1) : "";
      }
      if (name.empty()) continue;
      PythonKernel& kernel = kernels[name];
      if (function && kernel.params.empty())
        for (const ast::PyParameter& param : function->parameters) kernel.params.push_back(param.name);
      kernel.atomic_params.emplace(atomic_target(call.arguments.front().text), op);
    }
  }
}

std::vector<PythonBufferCall> python_buffer_calls(const FileView& file) {
  std::vector<PythonBufferCall> found;
  // The allocation's line is new code, and shows `empty` unless a backslash carries it over.
  if (!writes_line_containing(file, "empty") && !writes_continued_line(file)) return found;
  const ChangedLines changed = changed_lines(file);
  for (const ast::FileSyntax& part : head_trees(file).parts) {
    const SyntaxTree& tree = part.tree;
    syntax::walk(tree.root(), [&](Node node) {
      const std::optional<std::string> buffer = allocated_buffer(tree, node);
      if (!buffer) return true;
      const int line = tree.start_line(node);
      const CodeLine* code_line = new_side_line(file, line);
      if (changed.writes(line) && code_line)
        calls_receiving(tree, ast::enclosing_function_or_root(node), node, *buffer, code_line, found);
      return false;
    });
  }
  return found;
}

}  // namespace atom::d1
