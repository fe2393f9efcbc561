// HK6 — a test's reference is promoted to fp32/fp64 while the kernel under test runs in a low
// precision, and the reference is compared without being cast back.
#include <algorithm>
#include <memory>
#include <re2/re2.h>
#include "core/analysis/file_trees.h"
#include "core/analysis/diff_lines_by_side.h"
#include "core/analysis/structure.h"
#include "core/analysis/review_model.h"
#include "core/rules/rule.h"
#include "core/rules/finding_at.h"

namespace atom {
namespace {

const RuleMeta& hk6_meta() {
  static const RuleMeta meta = [] {
    RuleMeta m;
    m.id = "HK6";
    m.slug = "fp32-test-reference";
    m.category = "HK";
    m.default_severity = Severity::Warn;
    m.summary = "A test reference computed in fp32/fp64 is compared with a bf16/fp8 kernel without casting back.";
    m.what =
        "In test files, flags an added assignment to a reference (`ref…`, `expected…`, `golden…`, `torch_out…`, "
        "`baseline…`) that promotes to full precision (`.float()`, `.double()`, `.to(torch.float32)`, "
        "`dtype=torch.float32`) when the test shows a low-precision dtype (bf16, fp16, fp8) and a comparison "
        "visible in the same hunk uses the reference before any cast back (`ref.to(out.dtype)`, "
        "`.bfloat16()`, `.type_as(out)`).";
    m.why =
        "A full-precision reference measures the kernel's rounding as error, so the test needs a loose "
        "tolerance; loosened tolerances then hide real bugs, and the test can no longer tell a wrong kernel "
        "from bf16 rounding.";
    m.example =
        "```python\nref = torch_moe(x.float(), w.float())   # fp32 reference\nout = aiter.fused_moe(x, w)               # bf16 kernel\n"
        "torch.testing.assert_close(out.float(), ref, atol=1e-1, rtol=1e-1)\n```";
    m.must_not_fire =
        "The reference is cast back to the kernel's dtype before comparing; a reference computed in the low "
        "precision and promoted afterwards (`torch.tensor(v, dtype=torch.bfloat16).float()`); scales "
        "(`expected_scale`, fp32 by design); exact `torch.equal` checks; tests with no low-precision dtype in "
        "view; files that are not tests; comparisons the hunk does not show.";
    m.source = "—";
    m.messages = {{"promoted_reference", "The reference {ref} is computed in full precision and compared with the "
                                         "low-precision kernel output without casting back (line {compare_line})",
                   "The test measures bf16/fp8 rounding as error, so its tolerance must be loose enough to hide real bugs.",
                   "cast {ref} back to the kernel's dtype before comparing (or compute it in that dtype), and keep the tolerance tight.",
                   "whether {ref} should be cast back to the kernel's dtype before the comparison."}};
    return m;
  }();
  return meta;
}

// The first call after `from` in `scope` that compares `ref` with a tolerance; 0 when there is none
// in view, or `ref` is rebound or cast back (`ref.to(out.dtype)`, also inside the comparison) first.
int uncast_comparison(const ast::PythonSyntax& syntax, const std::string& ref, int from, const ast::LineRange& scope) {
  static const RE2 cast_back(R"(^(?:to|bfloat16|half|type_as)$)");
  // Tolerance comparisons only: an exact torch.equal against an fp32 value implies an fp32 output.
  static const RE2 comparison(R"(^(?:allclose|assert_close|checkAllclose|assert_allclose|assert_verbose_allclose|isclose)$)");
  int stop = scope.last + 1;
  for (const ast::PyBinding& binding : syntax.bindings)
    if (binding.target == ast::PyTarget::Name && binding.name == ref && binding.line > from && scope.contains(binding.line))
      stop = std::min(stop, binding.line);
  std::vector<const ast::PyCall*> casts;
  for (const ast::PyCall& call : syntax.calls) {
    const size_t dot = call.callee.rfind('.');
    if (dot != std::string::npos && call.callee.substr(0, dot) == ref && RE2::FullMatch(call.callee.substr(dot + 1), cast_back) &&
        call.line > from && scope.contains(call.line))
      casts.push_back(&call);
  }
  for (const ast::PyCall* cast : casts) stop = std::min(stop, cast->range.first);
  int found = 0;
  for (const ast::PyCall& call : syntax.calls) {
    if (call.line <= from || !scope.contains(call.line)) continue;
    const size_t dot = call.callee.rfind('.');
    if (!RE2::FullMatch(dot == std::string::npos ? call.callee : call.callee.substr(dot + 1), comparison)) continue;
    const bool uses_ref = std::any_of(call.arguments.begin(), call.arguments.end(),
                                      [&](const ast::PyArgument& argument) { return has_identifier(argument.text, ref); });
    if (!uses_ref) continue;
    const bool casts_inside = std::any_of(casts.begin(), casts.end(), [&](const ast::PyCall* cast) {
      return call.range.contains(cast->line);
    });
    if (casts_inside || call.range.first >= stop) continue;
    if (found == 0 || call.line < found) found = call.line;
  }
  return found;
}

class Hk6Fp32TestReference final : public Rule {
 public:
  const RuleMeta& meta() const override { return hk6_meta(); }

  void check(const ReviewModel& model, std::vector<Finding>& out) const override {
    static const RE2 low_precision(R"(\b(bfloat16|bf16|float16|fp16|half|fp8|float8\w*|e4m3\w*|e5m2\w*)\b)");
    static const RE2 reference_name(R"(\w*(?:ref|expected|golden|torch_out|baseline)\w*)");
    static const RE2 promotion(
        R"(\.float\(\)|\.double\(\)|\.to\(\s*(?:dtype\s*=\s*)?torch\.(?:float32|float64|float|double)\s*\)|dtype\s*=\s*torch\.float32)");
    for (const FileView& file : model.files) {
      if (!file.is_test || file.language != Language::Python) continue;
      const HeadLines lines(file);
      for (const ast::FileSyntax& part : head_trees(file).parts) {
        // The test (the file, or the hunk when only the diff is known) must show a low-precision dtype.
        if (!RE2::PartialMatch(part.tree.text(), low_precision)) continue;
        const ast::PythonSyntax& syntax = part.python();
        for (const ast::PyBinding& binding : syntax.bindings) {
          if (binding.form != ast::PyBindingForm::Assign || binding.target != ast::PyTarget::Name || binding.unpacked ||
              binding.chained || !lines.new_code(binding.line))
            continue;
          if (!RE2::FullMatch(binding.name, reference_name) || !RE2::PartialMatch(binding.value, promotion)) continue;
          // Computed in low precision and only then promoted (the rounding is already in it), or a
          // scale, which quantization kernels keep in fp32 by design.
          if (RE2::PartialMatch(binding.value, low_precision) || binding.name.find("scale") != std::string::npos) continue;
          const ast::PyFunction* function = ast::function_at(syntax, binding.line);
          const ast::LineRange scope = function ? function->body : ast::LineRange{part.first_line, part.last_line};
          const int compare_line = uncast_comparison(syntax, binding.name, binding.line, scope);
          if (compare_line == 0) continue;
          const CodeLine& line = *lines.at(binding.line);
          Finding finding = finding_at("HK6", Severity::Warn, Tag::Verified, file, line.new_line, "promoted_reference",
                                       {{"ref", binding.name}, {"compare_line", std::to_string(compare_line)}});
          finding.place = line.function;
          out.push_back(std::move(finding));
        }
      }
    }
  }
};

}  // namespace

std::unique_ptr<Rule> make_hk6_fp32_test_reference() { return std::make_unique<Hk6Fp32TestReference>(); }

}  // namespace atom
