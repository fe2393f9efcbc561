// P1 — the title or description claims a performance gain but the description gives no measured
// number with a unit.
#include <memory>
#include "core/rules/finding_at.h"
#include "core/rules/p/pr_text.h"
#include "core/rules/rule.h"

namespace atom {
namespace {

const RuleMeta& p1_meta() {
  static const RuleMeta meta = [] {
    RuleMeta m;
    m.id = "P1";
    m.slug = "perf-claim-without-numbers";
    m.category = "P";
    m.default_severity = Severity::Warn;
    m.summary = "A performance claim with no measured number (with a unit) in the description.";
    m.what =
        "PR-level. A claim is one of the word stems perf, performance, optimi[sz]e, fuse/fused/fusion, faster, "
        "speed-up/speedup, latency, throughput, or \"+N%\", in the title or the body. A number counts only with a "
        "unit (ms, us, µs, s, tokens/s, tok/s, req/s, TFLOPS, GB/s, %, x) on a line of the title or body that is "
        "not an accuracy line (lines naming gsm8k, mmlu, accuracy, acc, exact_match): right after the number "
        "(`41.2 us`, `1444 tok/s/GPU`), in its label as benchmark reports print it (`Mean TTFT (ms): 812.4`), or "
        "in its table column's header (`| before (us) |`). HTML comments (template guidance) and commit "
        "trailers are ignored. With no description in the PR meta the rule does not run; reverts are skipped.";
    m.why =
        "A perf claim nobody measured is a guess: the reviewer cannot weigh the added complexity against a gain, "
        "and a regression on other shapes stays invisible. Accuracy tables and screenshots do not show speed.";
    m.example = "Title `Optimize MoE sorting for decode`, body `Use a faster sort kernel.` (no timings).";
    m.must_not_fire =
        "A body with timings (`decode 41.2 us -> 35.0 us`, `+12% tokens/s`, a benchmark report, a table with "
        "units in its header); a PR that claims nothing about "
        "speed; a body whose only numbers are accuracy results (that still fires: they do not count); no body.";
    m.source = "—";
    m.messages = {{"claim_without_numbers", "The PR claims a performance gain (\"{claim}\") but reports no measured number with a unit",
                   "The gain cannot be weighed against the change, and a regression elsewhere would go unnoticed.",
                   "add before/after measurements with units (latency in us/ms, tokens/s, TFLOPS) and the shapes they were taken at.",
                   "for before/after measurements backing the claim \"{claim}\"."}};
    return m;
  }();
  return meta;
}

class P1PerfClaimWithoutNumbers final : public Rule {
 public:
  const RuleMeta& meta() const override { return p1_meta(); }

  void check(const ReviewModel& model, std::vector<Finding>& out) const override {
    const std::optional<p::PrText> text = p::read_pr_text(model);
    if (!text) return;
    const std::string claim = p::perf_claim(*text);
    if (claim.empty() || !p::measured_numbers(*text).empty()) return;
    out.push_back(pr_finding("P1", Severity::Warn, Tag::Inferred, "claim_without_numbers", {{"claim", claim}}));
  }
};

}  // namespace

std::unique_ptr<Rule> make_p1_perf_claim_without_numbers() { return std::make_unique<P1PerfClaimWithoutNumbers>(); }

}  // namespace atom
