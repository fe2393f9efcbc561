#include "core/rules/d/d1_hip_launches.h"

#include <optional>
#include <set>
#include <string_view>
#include <re2/re2.h>

#include "core/analysis/before_parsing.h"
#include "core/analysis/changed_lines.h"
#include "core/analysis/file_trees.h"
#include "core/analysis/structure.h"
#include "core/analysis/syntax_text.h"

namespace atom::d1 {
namespace {

// The top-level comma-separated items of a parameter list's text "(a, f(b, c), d)".
std::vector<std::string> list_items(std::string_view text) {
  if (text.size() >= 2 && text.front() == '(' && text.back() == ')') text = text.substr(1, text.size() - 2);
  std::vector<std::string> items;
  std::string current;
  int depth = 0;
  for (char c : text) {
    if (c == '(' || c == '[' || c == '{' || c == '<') ++depth;
    if (c == ')' || c == ']' || c == '}' || c == '>') --depth;
    if (depth == 0 && c == ',') {
      items.push_back(ast::one_line(current));
      current.clear();
      continue;
    }
    current += c;
  }
  if (const std::string last = ast::one_line(current); !last.empty()) items.push_back(last);
  return items;
}

// "const T* __restrict__ v_amax" → "v_amax"; a default value is dropped.
std::string parameter_name(std::string param) {
  if (size_t eq = param.find('='); eq != std::string::npos) param.resize(eq);
  std::string name;
  RE2::PartialMatch(param, R"((\w+)\s*(?:\[[^\]]*\]\s*)*$)", &name);
  return name;
}

// Whether the function body spanning `body` parsed without error (a fragment cut inside a body
// gets an invented closing brace).
bool body_parsed_whole(const syntax::SyntaxTree& tree, const ast::LineRange& body) {
  bool whole = false;
  syntax::walk(tree.root(), [&](syntax::Node node) {
    if (node.kind() != "function_definition") return true;
    const syntax::Node block = node.field("body");
    if (block.null()) return false;
    if (tree.start_line(block) == body.first && tree.end_line(block) == body.last) whole = !block.has_error();
    return false;
  });
  return whole;
}

std::string_view callee_of(const syntax::SyntaxTree& tree, syntax::Node call) {
  return tree.text(call.field("function"));
}

// The argument is the buffer itself or its data pointer, possibly cast (`reinterpret_cast<float*>(
// buf.data_ptr())`), not a size or stride read from it.
bool passes_buffer(const std::string& argument, const std::string& buffer) {
  const RE2 use("(?:^|[^.\\w>])" + RE2::QuoteMeta(buffer) +
                R"(\s*(?:$|[)\s]|\.\s*(?:data_ptr|data|mutable_data_ptr)\b|->\s*data))");
  return RE2::PartialMatch(argument, use);
}

bool names_identifier(const syntax::SyntaxTree& tree, syntax::Node node, const std::string& name) {
  bool found = false;
  syntax::walk(node, [&](syntax::Node inner) {
    found |= inner.kind() == "identifier" && tree.text(inner) == name;
    return !found;
  });
  return found;
}

// The line of the first zeroing of `buffer` in `scope` after byte `from` (`buf.zero_()`,
// `buf.fill_(…)`, a memset naming it); 0 when none.
int first_zeroing_line(const syntax::SyntaxTree& tree, syntax::Node scope, uint32_t from, const std::string& buffer) {
  static const RE2 kMemset(R"([Mm]emset\w*)");
  int line = 0;
  syntax::walk(scope, [&](syntax::Node node) {
    if (line || node.end_byte() <= from) return false;
    if (node.kind() != "call_expression" || node.start_byte() < from) return true;
    const syntax::Node callee = node.field("function");
    if (callee.kind() == "field_expression") {
      const std::string_view field = tree.text(callee.field("field"));
      if ((field == "zero_" || field == "fill_" || field == "zero") && tree.text(callee.field("argument")) == buffer)
        line = tree.start_line(node);
    } else if (RE2::PartialMatch(tree.text(callee), kMemset) && names_identifier(tree, node.field("arguments"), buffer)) {
      line = tree.start_line(node);
    }
    return line == 0;
  });
  return line;
}

struct Allocation {
  std::string buffer;
  syntax::Node node;  // the `<ns>::empty(…)` call
};

// `X = ns::empty(…)` / `auto X = at::empty_like(…)`: the buffer and the call.
std::optional<Allocation> allocation_of(const syntax::SyntaxTree& tree, syntax::Node node) {
  static const RE2 kEmpty(R"((?:\w+\s*::\s*)+empty(?:_like)?)");
  syntax::Node target, value;
  if (node.kind() == "init_declarator") target = node.field("declarator"), value = node.field("value");
  else if (node.kind() == "assignment_expression") target = node.field("left"), value = node.field("right");
  else return std::nullopt;
  if (target.kind() != "identifier" || value.kind() != "call_expression" ||
      !RE2::FullMatch(callee_of(tree, value), kEmpty))
    return std::nullopt;
  return Allocation{std::string(tree.text(target)), value};
}

}  // namespace

void read_hip_kernels(const FileView& file, std::map<std::string, HipKernel>& kernels) {
  static const RE2 kAtomic(R"((atomic(?:Add|Max|Min)\w*|atomic_f?(?:add|max|min)\w*|unsafeAtomic\w+))");
  static const RE2 kTarget(R"(^\s*&?\s*(\w+))");
  if (!head_shows(file, "__global__")) return;  // no kernel
  for (const ast::FileSyntax& part : head_trees(file).parts) {
    const syntax::SyntaxTree& tree = part.tree;
    for (const ast::CppFunction& function : part.cpp().functions) {
      if (!function.is_kernel) continue;
      HipKernel kernel;
      for (const std::string& param : list_items(function.parameters)) kernel.params.push_back(parameter_name(param));
      syntax::walk(tree.root(), [&](syntax::Node node) {
        if (tree.end_line(node) < function.body.first || tree.start_line(node) > function.body.last) return false;
        if (node.kind() != "call_expression") return true;
        const std::string op = ast::without_spaces(callee_of(tree, node));
        const syntax::Node first = node.field("arguments").named_child(0);
        std::string target;
        if (RE2::FullMatch(op, kAtomic) && !first.null() && RE2::PartialMatch(tree.text(first), kTarget, &target))
          kernel.atomic_params.emplace(target, op);
        return true;
      });
      kernel.body_in_view = body_parsed_whole(tree, function.body);
      kernels[function.name] = std::move(kernel);
    }
  }
}

std::vector<HipBufferLaunch> hip_buffer_launches(const FileView& file) {
  std::vector<HipBufferLaunch> found;
  if (!writes_line_containing(file, "empty")) return found;  // the allocation's call starts on a new line
  const std::set<int> written = changed_lines(file).written;
  for (const ast::FileSyntax& part : head_trees(file).parts) {
    const syntax::SyntaxTree& tree = part.tree;
    const ast::CppSyntax& cpp = part.cpp();
    syntax::walk(tree.root(), [&](syntax::Node node) {
      const std::optional<Allocation> allocation = allocation_of(tree, node);
      if (!allocation) return true;
      const int alloc_line = tree.start_line(allocation->node);
      const CodeLine* line = new_side_line(file, alloc_line);
      if (!written.count(alloc_line) || !line) return false;
      const ast::CppFunction* function = ast::function_at(cpp, alloc_line);
      const int end_line = function ? function->range.last : part.last_line;
      syntax::Node scope = node;  // the function holding the allocation, or the whole text
      while (!scope.parent().null() && scope.kind() != "function_definition") scope = scope.parent();
      const int zeroed = first_zeroing_line(tree, scope, allocation->node.end_byte(), allocation->buffer);
      for (const ast::CppLaunch& launch : cpp.launches) {
        if (launch.line < alloc_line || launch.line > end_line || (zeroed && launch.line >= zeroed)) continue;
        for (size_t p = 0; p < launch.arguments.size(); ++p)
          if (passes_buffer(launch.arguments[p], allocation->buffer))
            found.push_back({allocation->buffer, line, launch.kernel, p});
      }
      return false;
    });
  }
  return found;
}

}  // namespace atom::d1
