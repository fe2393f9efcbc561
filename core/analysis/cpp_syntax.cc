#include "core/analysis/cpp_syntax.h"

#include <algorithm>

#include "core/analysis/syntax_text.h"
#include "core/syntax/depth_guard.h"

namespace atom::ast {
namespace {

using syntax::Node;
using syntax::SyntaxTree;

// The function_declarator below a definition's declarator (through *, & and attributes).
Node function_declarator(Node declarator) {
  while (!declarator.null() && declarator.kind() != "function_declarator") {
    const std::string_view kind = declarator.kind();
    if (kind != "pointer_declarator" && kind != "reference_declarator" && kind != "attributed_declarator" &&
        kind != "parenthesized_declarator")
      return Node();
    declarator = declarator.field("declarator").null() ? declarator.named_child(0) : declarator.field("declarator");
  }
  return declarator;
}

// The last name component of a declarator name: run for ns::S::run, ~S for S::~S.
Node last_component(Node name) {
  while (name.kind() == "qualified_identifier" && !name.field("name").null()) name = name.field("name");
  if (name.kind() == "template_function" && !name.field("name").null()) name = name.field("name");
  return name;
}

class CppWalker {
 public:
  explicit CppWalker(const SyntaxTree& tree) : tree_(tree) {}

  CppSyntax run() {
    visit(tree_.root(), "");
    std::sort(out_.functions.begin(), out_.functions.end(),
              [](const CppFunction& a, const CppFunction& b) { return a.range.first < b.range.first; });
    add_chevron_launches();
    std::stable_sort(out_.launches.begin(), out_.launches.end(),
                     [](const CppLaunch& a, const CppLaunch& b) { return a.line < b.line; });
    return std::move(out_);
  }

 private:
  LineRange range_of(Node node) const { return {tree_.start_line(node), tree_.end_line(node)}; }

  static std::string join_scope(const std::string& prefix, std::string_view name) {
    return prefix.empty() ? std::string(name) : prefix + "::" + std::string(name);
  }

  void visit(Node node, const std::string& prefix) {
    const syntax::DepthGuard guard(depth_);
    if (guard.too_deep()) return;
    const std::string_view kind = node.kind();
    std::string inner = prefix;
    if (kind == "function_definition") {
      add_function(node, prefix);
    } else if (kind == "preproc_def" || kind == "preproc_function_def") {
      add_macro(node);
    } else if (kind == "call_expression") {
      add_hip_launch(node);
    } else if (kind == "namespace_definition" || kind == "class_specifier" || kind == "struct_specifier" ||
               kind == "union_specifier") {
      const Node name = node.field("name");
      if (!name.null()) inner = join_scope(prefix, without_spaces(tree_.text(name)));
    }
    for (Node child : node.named_children()) visit(child, inner);
  }

  void add_function(Node node, const std::string& prefix) {
    const Node declarator = function_declarator(node.field("declarator"));
    if (declarator.null()) return;
    const Node name = declarator.field("declarator");
    CppFunction function;
    function.name = without_spaces(tree_.text(last_component(name)));
    function.qualified = join_scope(prefix, without_spaces(tree_.text(name)));
    function.parameters = one_line(tree_.text(declarator.field("parameters")));
    function.header_line = tree_.start_line(name);
    const Node parent = node.parent();
    function.is_template = parent.kind() == "template_declaration";
    function.range = range_of(function.is_template ? parent : node);
    // A definition error recovery left without its body (or `= default;`) has no body node.
    const Node body = node.field("body");
    function.body = body.null() ? LineRange{function.header_line, function.range.last} : range_of(body);
    // The qualifiers blanked between whatever precedes the definition and its name.
    const Node before = node.prev_sibling();
    const uint32_t from = before.null() ? parent.start_byte() : before.end_byte();
    const uint32_t to = name.start_byte();
    for (const syntax::CudaQualifier& qualifier : tree_.cuda().qualifiers) {
      if (qualifier.byte < from || qualifier.byte >= to) continue;
      function.qualifiers.push_back(qualifier.text);
      if (qualifier.word == "__global__") function.is_kernel = true;
      if (qualifier.word == "__device__") function.is_device = true;
      if (qualifier.word == "__host__") function.is_host = true;
      function.range.first = std::min(function.range.first, tree_.line_of(qualifier.byte));
    }
    out_.functions.push_back(std::move(function));
  }

  void add_macro(Node node) {
    CppMacro macro;
    macro.name = std::string(tree_.text(node.field("name")));
    macro.function_like = node.kind() == "preproc_function_def";
    macro.parameters = one_line(tree_.text(node.field("parameters")));
    macro.value = one_line(tree_.text(node.field("value")));
    macro.line = tree_.start_line(node);
    macro.range = range_of(node);
    out_.macros.push_back(std::move(macro));
  }

  std::vector<std::string> argument_texts(Node arguments) const {
    std::vector<std::string> out;
    for (Node argument : arguments.named_children())
      if (argument.kind() != "comment") out.push_back(one_line(tree_.text(argument)));
    return out;
  }

  // hipLaunchKernelGGL(kernel, grid, block, shmem, stream, args…); the kernel may be wrapped in
  // HIP_KERNEL_NAME(…) to protect its template arguments' commas.
  void add_hip_launch(Node call) {
    if (without_spaces(tree_.text(call.field("function"))) != "hipLaunchKernelGGL") return;
    const Node arguments = call.field("arguments");
    std::vector<Node> nodes;
    for (Node argument : arguments.named_children())
      if (argument.kind() != "comment") nodes.push_back(argument);
    if (nodes.empty()) return;
    Node kernel = nodes[0];
    if (kernel.kind() == "call_expression" &&
        without_spaces(tree_.text(kernel.field("function"))) == "HIP_KERNEL_NAME" &&
        kernel.field("arguments").named_child_count() > 0)
      kernel = kernel.field("arguments").named_child(0);
    CppLaunch launch;
    launch.form = CppLaunchForm::HipLaunchKernelGGL;
    launch.kernel = without_spaces(tree_.text(last_template_free(kernel)));
    for (size_t i = 1; i < nodes.size(); ++i) {
      std::string text = one_line(tree_.text(nodes[i]));
      if (i <= 4) launch.config += (i > 1 ? ", " : "") + text;
      else launch.arguments.push_back(std::move(text));
    }
    launch.line = tree_.start_line(call);
    out_.launches.push_back(std::move(launch));
  }

  static Node last_template_free(Node name) {
    if (name.kind() == "template_function" && !name.field("name").null()) return name.field("name");
    return name;
  }

  void add_chevron_launches() {
    for (const syntax::CudaLaunch& mark : tree_.cuda().launches) {
      CppLaunch launch;
      launch.kernel = mark.kernel;
      launch.config = one_line(mark.config);
      launch.line = tree_.line_of(mark.kernel_byte);
      // The call the blanked launch parsed as: the call_expression just after the configuration.
      Node node = tree_.root().descendant_for_bytes(mark.kernel_byte, mark.kernel_byte + 1);
      while (!node.null() && node.kind() != "call_expression") node = node.parent();
      if (!node.null() && node.field("arguments").start_byte() >= mark.close_end)
        launch.arguments = argument_texts(node.field("arguments"));
      out_.launches.push_back(std::move(launch));
    }
    for (CppLaunch& launch : out_.launches) {
      const CppFunction* function = function_at(out_, launch.line);
      if (function != nullptr) launch.function = function->qualified;
    }
  }

  const SyntaxTree& tree_;
  int depth_ = 0;  // visit calls now open
  CppSyntax out_;
};

}  // namespace

CppSyntax cpp_syntax(const SyntaxTree& tree) { return CppWalker(tree).run(); }

const CppFunction* function_at(const CppSyntax& syntax, int line) {
  const CppFunction* best = nullptr;
  for (const CppFunction& function : syntax.functions)
    if (function.range.contains(line) && (best == nullptr || function.range.first >= best->range.first))
      best = &function;
  return best;
}

}  // namespace atom::ast
