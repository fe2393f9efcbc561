// D7: a new custom op (@compile_ops, torch.library.custom_op, …) with no fake implementation.
#include <memory>
#include <re2/re2.h>

#include "core/analysis/python_nodes.h"
#include "core/analysis/review_model.h"
#include "core/rules/d/custom_ops.h"
#include "core/rules/rule.h"
#include "core/rules/finding_at.h"

namespace atom {
namespace {

const RuleMeta kMeta{
    .id = "D7",
    .slug = "custom-op-without-fake",
    .category = "D",
    .default_severity = Severity::Red,
    .summary = "A new op under `@compile_ops` / `torch.library.custom_op` (or ATOM's wrappers) with no "
               "fake/abstract implementation.",
    .what =
        "Finds a new function decorated as a custom op — `@torch.library.custom_op`, `@custom_op`, "
        "aiter's `@compile_ops`, `@torch_compile_guard`, ATOM's `@mark_spliting_op(is_custom=True)` — "
        "or registered by ATOM's `direct_register_custom_op(op_func=…)`, that returns something "
        "(`-> None` ops need no fake) and has neither `gen_fake=` in its decorator (`fake_impl=` in the "
        "registering call) nor a `register_fake`/`impl_abstract` registration anywhere in the diff. "
        "A decorator the pack marks `body_is_fake` (aiter's `torch_compile_guard` and `compile_ops`) "
        "registers the def itself as the fake when `gen_fake=` is absent: such an op is reported only "
        "when that body cannot stand in for it on fake tensors, because it is a stub (`...`, the usual "
        "`compile_ops` declaration: the fake returns None) or it launches a Triton kernel itself "
        "(`kernel[grid](…)`, which needs real storage). A function the head lists in one of the "
        "decorator's `unregistered_lists` (aiter's `NONE_WRAPPED_OP`) is left a plain function, "
        "registered as no op, and needs no fake.",
    .why =
        "torch.compile and CUDA-graph capture trace ops with fake tensors. Without a fake the op "
        "either fails to trace or is traced by running the real kernel on fake tensors, which "
        "breaks compile mode or gives wrong output shapes only in compiled/captured runs.",
    .example =
        "```python\n@compile_ops(\"module_rope\")\ndef fused_rope_quant(x: Tensor, cos: Tensor) -> Tensor: ...   # no gen_fake\n"
        "```\nThe stub runs as the fake and returns None. Use instead: `@torch_compile_guard(gen_fake=_fused_rope_quant_fake)` with a fake "
        "returning `x.new_empty(...)` of the right shape and dtype.",
    .must_not_fire =
        "A `body_is_fake` decorator's op whose body computes its result from other ops (the body is the "
        "fake, and works as one); a fake exists: `gen_fake=` in the decorator, `fake_impl=` in `direct_register_custom_op`, `@op.register_fake`, `register_fake(\"ns::op\")` "
        "or `impl_abstract` in the diff; the op returns None or a Python scalar (bool/int/float/str); "
        "the PR lists the op in `NONE_WRAPPED_OP` (aiter#801's `qr_get_handle`). "
        "A fake registered elsewhere in the "
        "repository cannot be seen, so the finding is inferred (warn), never red.",
    .source = "checklist v2 (no single source PR)",
    .messages = {{
        .id = "no-fake",
        .problem = "new custom op `{op}` (`@{decorator}`) returns `{returns}` but no fake/abstract implementation "
                   "is registered in the diff",
        .impact = "torch.compile / graph capture cannot trace the op with fake tensors: compile failure, or "
                  "wrong output shapes in compiled runs only",
        .action_verified = "register a fake for `{op}` (`gen_fake=` or `@{op}.register_fake`) returning the same "
                           "shapes and dtypes as the real op",
        .action_inferred = "whether a fake for `{op}` is registered elsewhere in the repository, and if not, "
                           "ask for `gen_fake=` returning the real op's shapes and dtypes",
    }, {
        .id = "stub-is-fake",
        .problem = "new custom op `{op}` (`@{decorator}`) returns `{returns}` and has no `gen_fake=`, so its stub "
                   "body is registered as the fake, and that fake returns None",
        .impact = "torch.compile / graph capture trace the op with a fake that gives no tensor: compile failure, "
                  "or wrong output shapes in compiled runs only",
        .action_verified = "add `gen_fake=` returning the real op's shapes and dtypes",
        .action_inferred = "whether a fake for `{op}` is registered elsewhere in the repository, and if not, "
                           "ask for `gen_fake=` returning the real op's shapes and dtypes",
    }, {
        .id = "launch-in-fake",
        .problem = "new custom op `{op}` (`@{decorator}`) has no `gen_fake=`, so its body is registered as the fake, "
                   "and the body launches the Triton kernel `{kernel}`",
        .impact = "a Triton launch needs real storage: tracing with fake tensors (torch.compile, graph capture) "
                  "fails in compiled runs only",
        .action_verified = "add `gen_fake=` returning the real op's shapes and dtypes without launching the kernel",
        .action_inferred = "whether a fake for `{op}` is registered elsewhere in the repository, and if not, "
                           "ask for `gen_fake=` that allocates the outputs without launching `{kernel}`",
    }},
    .line_patterns = {},
};

// An unannotated op returns something when some `return` of its own body has a value.
bool returns_value(const ops::OpDecl& op) {
  for (syntax::Node statement : ops::own_returns(op.definition)) {
    const syntax::Node value = statement.named_child(0);
    if (!value.null() && value.kind() != "none" && value.kind() != "comment") return true;
  }
  return false;
}

// The first Triton launch (`kernel[grid](…)`) of a def's own body, not of a nested def or lambda.
syntax::Node own_triton_launch(syntax::Node definition) {
  syntax::Node launch;
  syntax::walk(definition.field("body"), [&](syntax::Node node) {
    if (!launch.null() || ast::is_python_scope(node)) return false;
    if (node.kind() == "call" && node.field("function").kind() == "subscript") launch = node;
    return launch.null();
  });
  return launch;
}

class D7Rule : public Rule {
 public:
  const RuleMeta& meta() const override { return kMeta; }

  void check(const ReviewModel& model, std::vector<Finding>& out) const override {
    for (const ops::OpDecl& op : ops::custom_ops(model)) {
      static const RE2 kScalar(R"(^\s*(None|bool|int|float|str)\s*$)");  // no tensor metadata to fake
      const std::string& returns = op.function->return_annotation;
      if (!op.def_added || !op.gen_fake.empty() || RE2::FullMatch(returns, kScalar)) continue;
      if (op.file->is_test || ops::fake_registered(model, op.function->name)) continue;
      if (op.unregistered_lists != nullptr && ops::listed_in(model, *op.unregistered_lists, op.function->name))
        continue;  // the decorator leaves it a plain function: no op, no fake to trace with
      if (returns.empty() && !returns_value(op)) continue;
      std::string message_id = "no-fake", kernel;
      if (op.body_is_fake) {
        const syntax::SyntaxTree& tree = op.syntax->tree;
        if (!op.complete) continue;  // what the fake does is out of view
        const syntax::Node launch = own_triton_launch(op.definition);
        if (ast::stub_body(tree, op.definition)) {
          message_id = "stub-is-fake";
        } else if (!launch.null()) {
          message_id = "launch-in-fake";
          kernel = tree.text(launch.field("function").field("value"));
        } else {
          continue;  // the body computes the result from other ops: it is a working fake
        }
      }
      // Inferred: a fake elsewhere in the repository is invisible to the diff.
      Finding finding = finding_at("D7", Severity::Warn, Tag::Inferred, *op.file, op.line, message_id,
                                   {{"op", op.function->name},
                                    {"decorator", op.decorator},
                                    {"returns", returns.empty() ? "an unannotated value" : returns}});
      if (!kernel.empty()) finding.fields["kernel"] = kernel;
      out.push_back(std::move(finding));
    }
  }
};

}  // namespace

std::unique_ptr<Rule> make_d7_custom_op_without_fake() { return std::make_unique<D7Rule>(); }

}  // namespace atom
