// D7: a new custom op (@compile_ops, torch.library.custom_op, …) with no fake implementation.
#include <memory>
#include <re2/re2.h>

#include "core/analysis/review_model.h"
#include "core/rules/d/custom_ops.h"
#include "core/rules/rule.h"

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
        "registering call) nor a `register_fake`/`impl_abstract` registration anywhere in the diff.",
    .why =
        "torch.compile and CUDA-graph capture trace ops with fake tensors. Without a fake the op "
        "either fails to trace or is traced by running the real kernel on fake tensors, which "
        "breaks compile mode or gives wrong output shapes only in compiled/captured runs.",
    .example =
        "```python\n@torch_compile_guard()\ndef fused_rope_quant(x: Tensor, cos: Tensor) -> Tensor:   # no gen_fake\n"
        "    ...\n```\nUse instead: `@torch_compile_guard(gen_fake=_fused_rope_quant_fake)` with a fake "
        "returning `x.new_empty(...)` of the right shape and dtype.",
    .must_not_fire =
        "A fake exists: `gen_fake=` in the decorator, `fake_impl=` in `direct_register_custom_op`, `@op.register_fake`, `register_fake(\"ns::op\")` "
        "or `impl_abstract` in the diff; the op returns None or a Python scalar (bool/int/float/str). "
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

class D7Rule : public Rule {
 public:
  const RuleMeta& meta() const override { return kMeta; }

  void check(const ReviewModel& model, std::vector<Finding>& out) const override {
    for (const ops::OpDecl& op : ops::custom_ops(model)) {
      static const RE2 kScalar(R"(^\s*(None|bool|int|float|str)\s*$)");  // no tensor metadata to fake
      const std::string& returns = op.function->return_annotation;
      if (!op.def_added || !op.gen_fake.empty() || RE2::FullMatch(returns, kScalar)) continue;
      if (op.file->is_test || ops::fake_registered(model, op.function->name)) continue;
      if (returns.empty() && !returns_value(op)) continue;
      Finding finding;
      finding.rule = "D7";
      finding.severity = Severity::Warn;
      finding.tag = Tag::Inferred;  // a fake elsewhere in the repository is invisible to the diff
      finding.path = op.file->path;
      finding.line = op.line;
      finding.side = Side::New;
      finding.message_id = "no-fake";
      finding.fields = {{"op", op.function->name},
                        {"decorator", op.decorator},
                        {"returns", returns.empty() ? "an unannotated value" : returns}};
      out.push_back(std::move(finding));
    }
  }
};

}  // namespace

std::unique_ptr<Rule> make_d7_custom_op_without_fake() { return std::make_unique<D7Rule>(); }

}  // namespace atom
