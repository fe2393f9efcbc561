// D6: a custom op's fake returns a different arity/dtype than the real op, or the real op's
// return changes while its fake is not touched.
#include <memory>
#include <optional>
#include <re2/re2.h>

#include "core/analysis/before_parsing.h"
#include "core/analysis/changed_lines.h"
#include "core/analysis/file_trees.h"
#include "core/analysis/review_model.h"
#include "core/analysis/syntax_text.h"
#include "core/rules/d/custom_ops.h"
#include "core/rules/rule.h"
#include "core/rules/finding_at.h"

namespace atom {
namespace {

const RuleMeta kMeta{
    .id = "D6",
    .slug = "fake-real-mismatch",
    .category = "D",
    .default_severity = Severity::Red,
    .summary = "A fake/meta implementation returns a different dtype or arity than the real op, or the "
               "real op's return changes and its fake does not.",
    .what =
        "Pairs each custom op with its fake (`gen_fake=F` in its decorator, `fake_impl=F` in ATOM's "
        "`direct_register_custom_op`) and compares what "
        "they return: the number of returned values (from the return annotation or the `return` "
        "statements) and the explicit `dtype=` of returned allocations. Also flags an op whose "
        "return annotation or return arity changes in the diff while its fake is not in the diff.",
    .why =
        "Compiled and graph-captured runs use the fake's output metadata to plan buffers: a fake "
        "that says bf16 for an fp32 result, or one tensor for two, gives wrong output or a crash "
        "only under torch.compile, never in eager tests (aiter#4110).",
    .example =
        "```python\ndef _quant_fake(x): return torch.empty_like(x, dtype=torch.bfloat16)\n\n"
        "@torch_compile_guard(gen_fake=_quant_fake)\ndef quant(x) -> tuple[Tensor, Tensor]:   # real: (q, scale)\n```\n"
        "Use instead: a fake returning the same tuple with the same dtypes.",
    .must_not_fire =
        "The fake matches (same arity and dtypes); dtypes or arity that cannot be read from the code "
        "are not compared, nor the returns of a def the diff does not show whole. An op whose fake is not in the diff is reported only when its own return "
        "changed, as inferred (warn).",
    .source = "aiter#4110",
    .messages = {{
                     .id = "fake-differs",
                     .problem = "the fake `{fake}` of op `{op}` returns {fake_returns}, the real op returns {real_returns}",
                     .impact = "torch.compile / graph capture plans outputs from the fake: wrong output or a "
                               "crash in compiled runs only",
                     .action_verified = "make `{fake}` return exactly what `{op}` returns ({real_returns})",
                     .action_inferred = "whether `{fake}` still matches `{op}` ({real_returns})",
                     .trigger = "fake `{fake}` returns {fake_returns}, `{op}` returns {real_returns}",
                 },
                 {
                     .id = "real-changed-fake-unseen",
                     .problem = "op `{op}` now returns {real_returns} (was {old_returns}) but its fake `{fake}` "
                                "is not changed in the diff",
                     .impact = "compiled runs use the stale fake's output metadata: wrong output or a crash "
                               "under torch.compile only",
                     .action_verified = "update `{fake}` to return {real_returns}",
                     .action_inferred = "whether `{fake}` was updated to return {real_returns}",
                 }},
    .line_patterns = {},
};

struct Returns {
  std::optional<int> arity;
  std::string dtype;  // explicit dtype of a single returned allocation, "" when unknown
};

using syntax::Node;
using syntax::SyntaxTree;

// A call that allocates one tensor: `torch.empty(…)`, `x.new_empty(…)`, `torch.zeros_like(…)` …
bool is_allocation(const SyntaxTree& tree, Node call) {
  static const RE2 kAllocation(R"((?:^|\.)(empty|empty_like|new_empty|zeros|zeros_like|ones|full|empty_strided)$)");
  return call.kind() == "call" && RE2::PartialMatch(tree.text(call.field("function")), kAllocation);
}

// The `dtype=torch.X` of an allocation call, "" when it has none.
std::string allocation_dtype(const SyntaxTree& tree, Node call) {
  static const RE2 kTorchDtype(R"(torch\.\w+)");
  if (!is_allocation(tree, call)) return {};
  for (Node argument : call.field("arguments").named_children()) {
    if (argument.kind() != "keyword_argument" || tree.text(argument.field("name")) != "dtype") continue;
    const std::string value = ast::without_spaces(tree.text(argument.field("value")));
    return RE2::FullMatch(value, kTorchDtype) ? value : std::string();
  }
  return {};
}

size_t element_count(Node sequence) {
  size_t count = 0;
  for (Node element : sequence.named_children()) count += element.kind() != "comment";
  return count;
}

// The allocation `name` was last assigned in `function` before `line` (a null node otherwise).
Node allocation_bound_to(const ast::FileSyntax& syntax, const ast::PyFunction& function, std::string_view name, int line) {
  const ast::PyBinding* last = nullptr;
  for (const ast::PyBinding& binding : syntax.python().bindings)
    if (binding.function == function.qualified && binding.name == name && binding.target == ast::PyTarget::Name &&
        binding.line < line && (last == nullptr || binding.line >= last->line))
      last = &binding;
  if (last == nullptr || last->unpacked || last->value.empty() ||
      (last->form != ast::PyBindingForm::Assign && last->form != ast::PyBindingForm::Annotated))
    return {};
  // The assignment's right side: the binding's line holds `name = <call>`.
  Node found;
  syntax::walk(syntax.tree.root(), [&](Node node) {
    if (!found.null()) return false;
    if (node.kind() == "assignment" && syntax.tree.start_line(node) == last->line &&
        syntax.tree.text(node.field("left")) == name) {
      found = node.field("right");
      return false;
    }
    return true;
  });
  return !found.null() && is_allocation(syntax.tree, found) ? found : Node();
}

// What one returned expression yields: a count for None, a tuple or one allocation (also through
// a local it was assigned to); no count for anything else (a name may hold a tuple).
Returns expression_returns(const ast::FileSyntax& syntax, const ast::PyFunction* function, Node expression, int line) {
  const SyntaxTree& tree = syntax.tree;
  while (expression.kind() == "parenthesized_expression") expression = expression.named_child(0);
  Returns result;
  if (expression.null() || expression.kind() == "none") {
    result.arity = 0;
  } else if (expression.kind() == "expression_list" || expression.kind() == "tuple") {
    result.arity = static_cast<int>(element_count(expression));
  } else if (is_allocation(tree, expression)) {
    result.arity = 1;
    result.dtype = allocation_dtype(tree, expression);
  } else if (expression.kind() == "identifier" && function != nullptr) {
    if (Node allocation = allocation_bound_to(syntax, *function, tree.text(expression), line); !allocation.null()) {
      result.arity = 1;
      result.dtype = allocation_dtype(tree, allocation);
    }
  }
  return result;
}

// What a def's own body returns; arity only when every return agrees, dtype only when every
// return that names one names the same.
Returns body_returns(const ast::FileSyntax& syntax, const ast::PyFunction& function, Node definition) {
  Returns result;
  bool conflict = false, dtype_conflict = false;
  for (Node statement : ops::own_returns(definition)) {
    Node value = statement.named_child(0);
    if (!value.null() && value.kind() == "comment") value = Node();
    const Returns one = expression_returns(syntax, &function, value, syntax.tree.start_line(statement));
    if (!one.arity || (result.arity && *result.arity != *one.arity)) conflict = true;
    else result.arity = one.arity;
    if (!one.dtype.empty()) {
      dtype_conflict |= !result.dtype.empty() && result.dtype != one.dtype;
      result.dtype = one.dtype;
    }
  }
  if (conflict) result.arity.reset();
  if (dtype_conflict) result.dtype.clear();
  return result;
}

// Arity from a return annotation: `Tensor` → 1, `tuple[Tensor, Tensor]` → 2, `None` → 0.
std::optional<int> annotation_arity(const SyntaxTree& tree, Node annotation) {
  static const RE2 kTensor(R"((torch\.)?Tensor)");
  static const RE2 kTuple(R"((typing\.)?(tuple|Tuple))");
  if (annotation.null()) return std::nullopt;
  if (annotation.kind() == "type" && annotation.named_child_count() == 1) annotation = annotation.named_child(0);
  const std::string text = ast::without_spaces(tree.text(annotation));
  if (text == "None") return 0;
  if (RE2::FullMatch(text, kTensor)) return 1;
  // `tuple[A, B]`: a generic_type (name + type_parameter) or a subscript, by grammar version.
  Node name, parameters;
  if (annotation.kind() == "generic_type") {
    name = annotation.named_child(0);
    parameters = annotation.named_child(1);
  } else if (annotation.kind() == "subscript") {
    name = annotation.field("value");
  }
  if (name.null() || !RE2::FullMatch(ast::without_spaces(tree.text(name)), kTuple)) return std::nullopt;
  if (text.find("...") != std::string::npos) return std::nullopt;
  if (!parameters.null()) return static_cast<int>(element_count(parameters));
  int count = 0;
  for (uint32_t i = 0; i < annotation.child_count(); ++i)
    count += annotation.child_field_name(i) == "subscript";
  return count;
}

std::string describe(const Returns& returns) {
  std::string text = returns.arity ? std::to_string(*returns.arity) + (*returns.arity == 1 ? " value" : " values")
                                   : std::string("values");
  if (!returns.dtype.empty()) text += " of dtype " + returns.dtype;
  return text;
}

// A def named `name` that the head trees show whole: its tree and node.
struct ShownFunction {
  const ast::FileSyntax* syntax = nullptr;
  const ast::PyFunction* function = nullptr;
  Node definition;
  bool complete = false;
};

std::optional<ShownFunction> shown_function(const ReviewModel& model, const std::string& qualified) {
  std::optional<ShownFunction> shown;
  for (const FileView& file : model.files) {
    if (file.language != Language::Python || !head_shows(file, last_name(qualified))) continue;  // its def names it
    const SideTrees& head = head_trees(file);
    for (const ast::FileSyntax& part : head.parts)
      for (const ast::PyFunction& function : part.python().functions) {
        if (function.qualified != qualified) continue;
        ShownFunction candidate{&part, &function, ops::definition_of(part, function), false};
        candidate.complete = ops::shown_whole(file, candidate.definition);
        if (!shown || (candidate.complete && !shown->complete)) shown = candidate;
      }
  }
  return shown;
}

// The base's return annotation of `op` when the PR rewrote its signature, "" otherwise.
std::string old_annotation(const ops::OpDecl& op) {
  const ChangedLines changed = changed_lines(*op.file);
  for (const ast::FileSyntax& part : base_trees(*op.file).parts)
    for (const ast::PyFunction& function : part.python().functions) {
      if (function.qualified != op.function->qualified) continue;
      const int signature_end = function.body.first > function.header_line ? function.body.first - 1 : function.header_line;
      if (!changed.deletes_any({function.header_line, signature_end})) return {};
      return function.return_annotation;
    }
  return {};
}

class D6Rule : public Rule {
 public:
  const RuleMeta& meta() const override { return kMeta; }

  void check(const ReviewModel& model, std::vector<Finding>& out) const override {
    for (const ops::OpDecl& op : ops::custom_ops(model)) {
      if (op.gen_fake.empty() || op.file->is_test) continue;
      Returns real;
      if (op.complete) real = body_returns(*op.syntax, *op.function, op.definition);
      if (std::optional<int> declared = annotation_arity(op.syntax->tree, op.definition.field("return_type")))
        real.arity = declared;
      if (op.gen_fake_value.kind() == "lambda") {
        compare(op, "lambda", real, expression_returns(*op.syntax, nullptr, op.gen_fake_value.field("body"), 0), out);
        continue;
      }
      const std::optional<ShownFunction> fake = shown_function(model, op.gen_fake);
      if (!fake) report_unseen_fake(op, out);
      else if (fake->complete) compare(op, op.gen_fake, real, body_returns(*fake->syntax, *fake->function, fake->definition), out);
    }
  }

 private:
  void compare(const ops::OpDecl& op, const std::string& fake_name, const Returns& real, const Returns& fake,
               std::vector<Finding>& out) const {
    bool arity_differs = real.arity && fake.arity && *real.arity != *fake.arity;
    bool dtype_differs = !real.dtype.empty() && !fake.dtype.empty() && real.dtype != fake.dtype;
    if (!arity_differs && !dtype_differs) return;
    Finding finding = at_def(op, "fake-differs");
    finding.fields = {{"op", op.function->name},
                      {"fake", fake_name},
                      {"fake_returns", describe(fake)},
                      {"real_returns", describe(real)}};
    finding.severity = Severity::Red;
    finding.trigger.emplace();
    out.push_back(std::move(finding));
  }

  void report_unseen_fake(const ops::OpDecl& op, std::vector<Finding>& out) const {
    const std::string old_returns = old_annotation(op);
    const std::string& returns = op.function->return_annotation;
    if (old_returns.empty() || ast::without_spaces(old_returns) == ast::without_spaces(returns)) return;
    Finding finding = at_def(op, "real-changed-fake-unseen");
    finding.fields = {{"op", op.function->name},
                      {"fake", op.gen_fake},
                      {"old_returns", "`" + old_returns + "`"},
                      {"real_returns", "`" + returns + "`"}};
    finding.tag = Tag::Inferred;
    out.push_back(std::move(finding));
  }

  static Finding at_def(const ops::OpDecl& op, std::string message_id) {
    return finding_at("D6", Severity::Warn, Tag::Verified, *op.file, op.line, std::move(message_id), {});
  }
};

}  // namespace

std::unique_ptr<Rule> make_d6_fake_mismatch() { return std::make_unique<D6Rule>(); }

}  // namespace atom
