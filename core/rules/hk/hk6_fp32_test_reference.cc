// HK6 — a test's reference is promoted to fp32/fp64 while the kernel under test runs in a low
// precision, and the reference is compared without being cast back.
#include <memory>
#include <re2/re2.h>
#include "core/analysis/python_structure.h"
#include "core/analysis/review_model.h"
#include "core/rules/rule.h"

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

struct Statement {
  size_t first = 0;
  std::string code;
};

std::vector<Statement> statements(const SideLines& lines) {
  std::vector<Statement> out;
  for (size_t i = 0; i < lines.size(); ++i) {
    if (lines[i]->blank_or_comment) continue;
    if (lines[i]->continuation && !out.empty()) {
      out.back().code += " " + trimmed(lines[i]->code);
      continue;
    }
    out.push_back({i, trimmed(lines[i]->code)});
  }
  return out;
}

class Hk6Fp32TestReference final : public Rule {
 public:
  const RuleMeta& meta() const override { return hk6_meta(); }

  void check(const ReviewModel& model, std::vector<Finding>& out) const override {
    static const RE2 low_precision(R"(\b(bfloat16|bf16|float16|fp16|half|fp8|float8\w*|e4m3\w*|e5m2\w*)\b)");
    static const RE2 reference_assignment(
        R"(^(\w*(?:ref|expected|golden|torch_out|baseline)\w*)\s*=[^=](.*)$)");
    static const RE2 promotion(
        R"(\.float\(\)|\.double\(\)|\.to\(\s*(?:dtype\s*=\s*)?torch\.(?:float32|float64|float|double)\s*\)|dtype\s*=\s*torch\.float32)");
    // Tolerance comparisons only: an exact torch.equal against an fp32 value implies an fp32 output.
    static const RE2 comparison(R"(\b(allclose|assert_close|checkAllclose|assert_allclose|assert_verbose_allclose|isclose)\b)");
    for (const FileView& file : model.files) {
      if (!file.is_test || file.language != Language::Python) continue;
      for (const HunkView& hunk : file.hunks) {
        const SideLines lines = side_lines(hunk, Side::New);
        const std::vector<Statement> stmts = statements(lines);
        bool shows_low_precision = false;
        for (const Statement& s : stmts) shows_low_precision |= RE2::PartialMatch(s.code, low_precision);
        if (!shows_low_precision) continue;
        for (size_t s = 0; s < stmts.size(); ++s) {
          std::string ref, rhs;
          if (!is_new_code(*lines[stmts[s].first])) continue;
          if (!RE2::FullMatch(stmts[s].code, reference_assignment, &ref, &rhs) || !RE2::PartialMatch(rhs, promotion)) continue;
          // Computed in low precision and only then promoted (the rounding is already in it), or a
          // scale, which quantization kernels keep in fp32 by design.
          if (RE2::PartialMatch(rhs, low_precision) || ref.find("scale") != std::string::npos) continue;
          const int compare_line = uncast_comparison(stmts, s, ref, lines, comparison);
          if (compare_line == 0) continue;
          const CodeLine& line = *lines[stmts[s].first];
          Finding finding;
          finding.rule = "HK6";
          finding.severity = Severity::Warn;
          finding.path = file.path;
          finding.line = line.new_line;
          finding.message_id = "promoted_reference";
          finding.fields = {{"ref", ref}, {"compare_line", std::to_string(compare_line)}};
          finding.place = line.function;
          out.push_back(std::move(finding));
        }
      }
    }
  }

 private:
  // The new-file line of the first comparison after stmts[from] that uses `ref`, provided no
  // statement in between casts it back; 0 when there is none in view or it is cast back first.
  static int uncast_comparison(const std::vector<Statement>& stmts, size_t from, const std::string& ref,
                               const SideLines& lines, const RE2& comparison) {
    const RE2 cast_back("\\b" + ref + R"(\s*\.\s*(to|bfloat16|half|type_as)\s*\()");
    const RE2 reassigned("^" + ref + R"(\s*=[^=])");
    for (size_t s = from + 1; s < stmts.size(); ++s) {
      const std::string& code = stmts[s].code;
      if (!has_identifier(code, ref)) continue;
      if (RE2::PartialMatch(code, cast_back) || RE2::PartialMatch(code, reassigned)) return 0;
      if (RE2::PartialMatch(code, comparison)) return lines[stmts[s].first]->new_line;
    }
    return 0;
  }
};

}  // namespace

std::unique_ptr<Rule> make_hk6_fp32_test_reference() { return std::make_unique<Hk6Fp32TestReference>(); }

}  // namespace atom
