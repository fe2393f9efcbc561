// D8: a new aiter / C-extension kernel call fed a strided view with no .contiguous() or check.
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "core/analysis/before_parsing.h"
#include "core/analysis/changed_lines.h"
#include "core/analysis/file_trees.h"
#include "core/analysis/review_model.h"
#include "core/analysis/syntax_text.h"
#include "core/rules/rule.h"
#include "core/rules/finding_at.h"

namespace atom {
namespace {

const RuleMeta kMeta{
    .id = "D8",
    .slug = "strided-input-to-kernel",
    .category = "D",
    .default_severity = Severity::Warn,
    .summary = "A new aiter/C-extension kernel call receives a strided view with no `.contiguous()` "
               "or contiguity check.",
    .what =
        "Finds a new call into an aiter or extension kernel (`aiter.x(…)`, `torch.ops.<ns>.x(…)`, "
        "or a name imported from aiter) where an argument is a strided view — a slice on a "
        "non-leading dimension (`x[:, :d]`, `x[..., :d]`), `.T`, `.mT`, `.t()`, `.transpose(`, "
        "`.permute(`, `.narrow(`, `.expand(`, `.unfold(`, `.as_strided(` — directly or through a "
        "local variable bound to one, with no `.contiguous()` on it and no `is_contiguous()` "
        "check in the function.",
    .why =
        "Hand-written kernels often index with their own stride assumptions (row-major, last "
        "dimension contiguous). A view with a different stride reads the wrong elements: silent "
        "wrong output, not a crash.",
    .example =
        "```python\nq_nope = q[..., : self.kv_lora_rank]\naiter.mla_decode_fwd(q_nope, kv_cache, out)   # strided q_nope\n```\n"
        "Use instead: `q_nope.contiguous()`, or assert `q_nope.is_contiguous()` where the kernel "
        "handles strides.",
    .must_not_fire =
        "A slice on the leading dimension only (`x[:n]`, `x[0, :d]`), which stays contiguous; "
        "`.contiguous()` on the argument, or a later `.reshape(`/`.flatten(`/`.clone()` in the same chain; an "
        "`is_contiguous()` assert or check in the function; the same kernel already received the same argument in a "
        "statement the PR deleted from the same function (it only edited around the call); aiter's test and "
        "benchmark tree `op_tests/`. The "
        "finding is inferred: whether the kernel honours strides is in its source, not in the diff.",
    .source = "checklist v2 (no single source PR)",
    .messages = {{
        .id = "strided-argument",
        .problem = "`{callee}` receives `{argument}`, a strided view ({why_strided}), with no `.contiguous()` "
                   "or contiguity check",
        .impact = "if the kernel assumes a contiguous layout it reads the wrong elements: silent wrong output",
        .action_verified = "call `.contiguous()` on `{argument}` or assert `is_contiguous()` where the kernel "
                           "handles strides",
        .action_inferred = "whether `{callee}` handles a strided `{argument}` ({why_strided}), or whether the "
                           "author should pass `.contiguous()`",
    }},
    .line_patterns = {},
};

using syntax::Node;
using syntax::SyntaxTree;

// Why a subscript is a strided view: a dimension after one kept whole or in part (`:`, `a:b`,
// `...`) is sliced or indexed (`x[:, :d]`, `x[..., 0]`); "" when only leading dimensions are.
std::string subscript_reason(const SyntaxTree& tree, Node subscript) {
  std::vector<Node> dimensions;
  for (uint32_t i = 0; i < subscript.child_count(); ++i)
    if (subscript.child_field_name(i) == "subscript") dimensions.push_back(subscript.child(i));
  bool earlier_spans = false;
  for (size_t i = 0; i < dimensions.size(); ++i) {
    const std::string text = ast::without_spaces(tree.text(dimensions[i]));
    const bool ellipsis = dimensions[i].kind() == "ellipsis";
    const bool full = text == ":" || text == "::";
    if (i > 0 && earlier_spans && !full && !ellipsis) {
      const std::string_view whole = tree.text(subscript);
      const size_t open = dimensions.front().start_byte() - subscript.start_byte();
      const size_t close = dimensions.back().end_byte() - subscript.start_byte();
      return "slice `[" + ast::one_line(whole.substr(open, close - open)) + "]`";
    }
    earlier_spans |= dimensions[i].kind() == "slice" || ellipsis;
  }
  return {};
}

// Why `expression` is a strided view, read down its chain from the outermost operation: a
// `.contiguous()`, `.reshape(`, `.flatten(` or `.clone()` before (outside) any view hands the
// kernel a fresh tensor; a plain function's result is not a view of anything here.
std::string strided_reason(const SyntaxTree& tree, Node expression) {
  static const std::set<std::string_view, std::less<>> kFresh = {"contiguous", "reshape", "flatten", "clone"};
  static const std::set<std::string_view, std::less<>> kViews = {"transpose", "permute", "narrow",
                                                                 "expand", "unfold", "as_strided"};
  for (Node node = expression; !node.null();) {
    const std::string_view kind = node.kind();
    if (kind == "parenthesized_expression") {
      node = node.named_child(0);
    } else if (kind == "call") {
      const Node function = node.field("function");
      if (function.kind() != "attribute") return {};
      const std::string_view method = tree.text(function.field("attribute"));
      if (kFresh.count(method)) return {};
      if (method == "t") return ".t()";
      if (kViews.count(method)) return "." + std::string(method) + "(";
      node = function.field("object");
    } else if (kind == "attribute") {
      const std::string_view attribute = tree.text(node.field("attribute"));
      if (attribute == "T" || attribute == "mT") return "." + std::string(attribute);
      node = node.field("object");
    } else if (kind == "subscript") {
      if (std::string reason = subscript_reason(tree, node); !reason.empty()) return reason;
      node = node.field("value");
    } else {
      return {};
    }
  }
  return {};
}

// Where the name is looked up: the innermost def around `node`, or the parsed text's top.
Node enclosing_scope(Node node) {
  for (Node up = node.parent(); !up.null(); up = up.parent())
    if (up.kind() == "function_definition") return up;
  Node top = node;
  while (!top.parent().null()) top = top.parent();
  return top;
}

// Nodes below `scope` (not inside nested defs, classes or lambdas) for which `want` holds.
template <typename Want>
std::vector<Node> own_nodes(Node scope, Want want) {
  std::vector<Node> found;
  syntax::walk(scope, [&](Node node) {
    const std::string_view kind = node.kind();
    if (!(node == scope) && (kind == "function_definition" || kind == "class_definition" || kind == "lambda")) return false;
    if (want(node)) found.push_back(node);
    return true;
  });
  return found;
}

// Why the local `name` holds a strided view at `use`: the assignment to it that last ends before.
std::string strided_local(const SyntaxTree& tree, Node scope, std::string_view name, Node use) {
  Node last;
  for (Node assignment : own_nodes(scope, [&](Node node) {
         return node.kind() == "assignment" && node.end_byte() <= use.start_byte() &&
                node.field("left").kind() == "identifier" && tree.text(node.field("left")) == name;
       }))
    last = assignment;
  return last.null() || last.field("right").null() ? std::string() : strided_reason(tree, last.field("right"));
}

// An `is_contiguous` check in the scope on a statement that names `name`.
bool contiguity_checked(const SyntaxTree& tree, Node scope, std::string_view name) {
  for (Node check : own_nodes(scope, [&](Node node) {
         return node.kind() == "attribute" && tree.text(node.field("attribute")) == "is_contiguous";
       })) {
    Node statement = check;
    while (!statement.parent().null() && statement.parent().kind() != "block" && statement.parent().kind() != "module")
      statement = statement.parent();
    bool names = false;
    syntax::walk(statement, [&](Node node) {
      names |= node.kind() == "identifier" && tree.text(node) == name;
      return !names;
    });
    if (names) return true;
  }
  return false;
}

std::set<std::string> aiter_imported_names(const SideTrees& head) {
  std::set<std::string> names;
  for (const ast::FileSyntax& part : head.parts)
    for (const ast::PyImport& import : part.python().imports) {
      if (!import.is_from || import.level != 0 || (import.module != "aiter" && import.module.rfind("aiter.", 0) != 0))
        continue;
      for (const ast::PyImportedName& name : import.names) names.insert(name.alias.empty() ? name.name : name.alias);
    }
  return names;
}

bool is_kernel(const std::string& callee, const std::set<std::string>& imported) {
  return callee.rfind("aiter.", 0) == 0 || callee.rfind("torch.ops.", 0) == 0 || imported.count(callee) > 0;
}

struct KernelArgument {
  std::string function;  // qualified name of the def around the call, "" outside any
  std::string callee;    // without whitespace
  Node call, value;      // the call, and the argument's value (a keyword argument's too)
};

// Every argument of every kernel call in `part` that `keep` accepts (by the call's line range).
template <typename Keep>
std::vector<KernelArgument> kernel_arguments(const ast::FileSyntax& part, const std::set<std::string>& imported, Keep keep) {
  std::vector<KernelArgument> out;
  const SyntaxTree& tree = part.tree;
  syntax::walk(tree.root(), [&](Node node) {
    if (node.kind() != "call") return true;
    const std::string callee = ast::without_spaces(tree.text(node.field("function")));
    if (!is_kernel(callee, imported) || !keep(ast::LineRange{tree.start_line(node), tree.end_line(node)})) return true;
    if (node.field("arguments").kind() != "argument_list") return true;
    const ast::PyFunction* function = ast::function_at(part.python(), tree.start_line(node));
    for (Node argument : node.field("arguments").named_children()) {
      Node value = argument.kind() == "keyword_argument" ? argument.field("value") : argument;
      const std::string_view kind = value.kind();
      if (value.null() || kind == "comment" || kind == "list_splat" || kind == "dictionary_splat") continue;
      out.push_back({function ? function->qualified : "", callee, node, value});
    }
    return true;
  });
  return out;
}

// "function\ncallee\nargument": a call the base already made with the same argument is not new
// when only the statement around it changed.
std::string call_key(const SyntaxTree& tree, const KernelArgument& argument) {
  return argument.function + "\n" + argument.callee + "\n" + ast::without_spaces(tree.text(argument.value));
}

// aiter's op_tests/ holds tests and benchmark scripts: no user runs its kernel calls.
bool test_tree(const std::string& path) { return path.rfind("op_tests/", 0) == 0; }

class D8Rule : public Rule {
 public:
  const RuleMeta& meta() const override { return kMeta; }

  void check(const ReviewModel& model, std::vector<Finding>& out) const override {
    for (const FileView& file : model.files) {
      if (file.language != Language::Python || file.is_test || test_tree(file.path)) continue;
      // A kernel is `aiter.…`, `torch.ops.…` or a name imported from aiter.
      if (!head_shows(file, "aiter") && !head_shows(file, "ops")) continue;
      const ChangedLines changed = changed_lines(file);
      if (changed.written.empty()) continue;
      const SideTrees& head = head_trees(file);
      const std::set<std::string> imported = aiter_imported_names(head);
      std::vector<std::pair<const SyntaxTree*, KernelArgument>> written;
      for (const ast::FileSyntax& part : head.parts)
        for (KernelArgument& argument :
             kernel_arguments(part, imported, [&](ast::LineRange lines) { return changed.writes_any(lines); }))
          written.emplace_back(&part.tree, std::move(argument));
      if (written.empty()) continue;
      std::set<std::string> deleted;
      if (!changed.deleted.empty())
        for (const ast::FileSyntax& part : base_trees(file).parts)
          for (const KernelArgument& argument :
               kernel_arguments(part, imported, [&](ast::LineRange lines) { return changed.deletes_any(lines); }))
            deleted.insert(call_key(part.tree, argument));
      std::set<int> reported;
      for (const auto& [tree, argument] : written) check_argument(file, *tree, changed, argument, deleted, reported, out);
    }
  }

 private:
  static void check_argument(const FileView& file, const SyntaxTree& tree, const ChangedLines& changed,
                             const KernelArgument& argument, const std::set<std::string>& deleted,
                             std::set<int>& reported, std::vector<Finding>& out) {
    // A call the PR kept, with an argument added or edited elsewhere in it, passes this one as before.
    const bool call_written = changed.writes(tree.start_line(argument.call)) ||
                              changed.writes_any({tree.start_line(argument.value), tree.end_line(argument.value)});
    if (!call_written) return;
    const Node scope = enclosing_scope(argument.call);
    const std::string text = ast::one_line(tree.text(argument.value));
    std::string reason = strided_reason(tree, argument.value);
    if (reason.empty() && argument.value.kind() == "identifier") reason = strided_local(tree, scope, text, argument.call);
    if (reason.empty() || (argument.value.kind() == "identifier" && contiguity_checked(tree, scope, text))) return;
    if (deleted.count(call_key(tree, argument))) return;  // the base made this call already
    int line = tree.start_line(argument.call);
    for (int at = line; !changed.writes(line) && at <= tree.end_line(argument.call); ++at)
      if (changed.writes(at)) line = at;
    if (!reported.insert(line).second) return;
    out.push_back(finding_at("D8", Severity::Warn, Tag::Inferred, file, line, "strided-argument",
                             {{"callee", argument.callee}, {"argument", text}, {"why_strided", reason}}));
  }
};

}  // namespace

std::unique_ptr<Rule> make_d8_strided_input_to_kernel() { return std::make_unique<D8Rule>(); }

}  // namespace atom
