// D6: a custom op's fake returns a different arity/dtype than the real op, or the real op's
// return changes while its fake is not touched.
#include <memory>
#include <re2/re2.h>

#include "core/analysis/review_model.h"
#include "core/rules/d/custom_ops.h"
#include "core/rules/d/dg_support.h"
#include "core/rules/d/python_chain.h"
#include "core/rules/rule.h"

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
        "Pairs each custom op with its fake (`gen_fake=F`, `@op.register_fake`) and compares what "
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
        "are not compared. An op whose fake is not in the diff is reported only when its own return "
        "changed, as inferred (warn).",
    .source = "aiter#4110",
    .messages = {{
                     .id = "fake-differs",
                     .problem = "the fake `{fake}` of op `{op}` returns {fake_returns}, the real op returns {real_returns}",
                     .impact = "torch.compile / graph capture plans outputs from the fake: wrong output or a "
                               "crash in compiled runs only",
                     .action_verified = "make `{fake}` return exactly what `{op}` returns ({real_returns})",
                     .action_inferred = "whether `{fake}` still matches `{op}` ({real_returns})",
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

std::string allocation_dtype(const std::string& expression) {
  static const RE2 kDtype(R"(\bdtype\s*=\s*(torch\.\w+))");
  static const RE2 kAllocation(R"(^\s*[\w.]*(empty|empty_like|new_empty|zeros|zeros_like|ones|full|empty_strided)\()");
  std::string dtype;
  if (RE2::PartialMatch(expression, kAllocation)) RE2::PartialMatch(expression, kDtype, &dtype);
  return dtype;
}

// What the shown body returns; arity only when every return agrees.
Returns body_returns(const dg::FunctionSlice& slice) {
  Returns result;
  std::map<std::string, std::string> allocations;  // local name → its allocation text
  bool conflict = false;
  const auto& lines = slice.lines;
  for (size_t i = 0; i < lines.size(); ++i) {
    if (!dg::is_statement_start(*lines[i])) continue;
    size_t end = i;
    std::string statement = dg::statement_text(lines, i, &end);
    std::vector<std::string> bound = dg::python_bound_names(statement);
    size_t eq = statement.find('=');
    if (bound.size() == 1 && eq != std::string::npos && !allocation_dtype(statement.substr(eq + 1)).empty())
      allocations[bound[0]] = statement.substr(eq + 1);
    std::string_view code = dg::trim(statement);
    if (dg::starts_with_word(code, "return")) {
      std::string expression(dg::trim(code.substr(6)));
      std::optional<int> arity = dg::return_arity(expression);
      std::string dtype = allocation_dtype(expression);
      if (allocations.count(expression)) {
        arity = 1;
        dtype = allocation_dtype(allocations[expression]);
      }
      if (!arity || (result.arity && *result.arity != *arity)) conflict = true;
      else result.arity = arity;
      if (!dtype.empty()) result.dtype = result.dtype.empty() || result.dtype == dtype ? dtype : "?";
    }
    i = end;
  }
  if (conflict) result.arity.reset();
  if (result.dtype == "?") result.dtype.clear();
  return result;
}

std::string describe(const Returns& returns) {
  std::string text = returns.arity ? std::to_string(*returns.arity) + (*returns.arity == 1 ? " value" : " values")
                                   : std::string("values");
  if (!returns.dtype.empty()) text += " of dtype " + returns.dtype;
  return text;
}

// The old return annotation of `op` (from a removed def line), "" when the def did not change.
std::string old_annotation(const FileView& file, const std::string& op) {
  static const RE2 kReturn(R"(\)\s*->\s*(.+?)\s*:\s*$)");
  std::vector<const CodeLine*> lines = dg::old_side_lines(file);
  for (size_t i = 0; i < lines.size(); ++i) {
    if (!dg::is_statement_start(*lines[i]) || dg::python_def_name(lines[i]->code) != op) continue;
    size_t end = i;
    std::string signature = dg::statement_text(lines, i, &end);
    bool changed = false;
    for (size_t k = i; k <= end; ++k) changed |= is_deleted_code(*lines[k]);
    std::string annotation;
    if (changed) RE2::PartialMatch(signature, kReturn, &annotation);
    return annotation;
  }
  return {};
}

class D6Rule : public Rule {
 public:
  const RuleMeta& meta() const override { return kMeta; }

  void check(const ReviewModel& model, std::vector<Finding>& out) const override {
    for (const dg::OpDecl& op : dg::custom_ops(model)) {
      if (op.gen_fake.empty() || op.file->is_test) continue;
      Returns real = body_returns(dg::function_lines(*op.file, op.name));
      if (std::optional<int> declared = dg::annotation_arity(op.return_annotation)) real.arity = declared;
      std::string fake_name = op.gen_fake;
      Returns fake;
      bool fake_shown = false;
      if (fake_name.rfind("lambda", 0) == 0) {
        fake.arity = dg::return_arity(fake_name.substr(fake_name.rfind(':') + 1));
        fake.dtype = allocation_dtype(fake_name.substr(fake_name.rfind(':') + 1));
        fake_shown = true;
        fake_name = "lambda";
      } else {
        for (const FileView& file : model.files) {
          dg::FunctionSlice slice = dg::function_lines(file, fake_name);
          if (slice.lines.empty()) continue;
          fake = body_returns(slice);
          fake_shown = true;
        }
      }
      if (fake_shown) compare(op, fake_name, real, fake, out);
      else report_unseen_fake(op, fake_name, out);
    }
  }

 private:
  void compare(const dg::OpDecl& op, const std::string& fake_name, const Returns& real, const Returns& fake,
               std::vector<Finding>& out) const {
    bool arity_differs = real.arity && fake.arity && *real.arity != *fake.arity;
    bool dtype_differs = !real.dtype.empty() && !fake.dtype.empty() && real.dtype != fake.dtype;
    if (!arity_differs && !dtype_differs) return;
    Finding finding = dg::finding_at("D6", *op.file, *op.def_line, "fake-differs",
                                     {{"op", op.name},
                                      {"fake", fake_name},
                                      {"fake_returns", describe(fake)},
                                      {"real_returns", describe(real)}});
    finding.severity = Severity::Red;
    finding.trigger = "fake `" + fake_name + "` returns " + describe(fake) + ", `" + op.name + "` returns " + describe(real);
    dg::add_unique(out, std::move(finding));
  }

  void report_unseen_fake(const dg::OpDecl& op, const std::string& fake_name, std::vector<Finding>& out) const {
    std::string old_returns = old_annotation(*op.file, op.name);
    if (old_returns.empty() || dg::trim(old_returns) == dg::trim(op.return_annotation)) return;
    Finding finding = dg::finding_at("D6", *op.file, *op.def_line, "real-changed-fake-unseen",
                                     {{"op", op.name},
                                      {"fake", fake_name},
                                      {"old_returns", "`" + old_returns + "`"},
                                      {"real_returns", "`" + op.return_annotation + "`"}});
    finding.tag = Tag::Inferred;
    dg::add_unique(out, std::move(finding));
  }
};

}  // namespace

std::unique_ptr<Rule> make_d6_fake_mismatch() { return std::make_unique<D6Rule>(); }

}  // namespace atom
