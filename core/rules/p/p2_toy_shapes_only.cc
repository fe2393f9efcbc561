// P2 — the description's performance numbers were taken only at toy sizes.
#include <algorithm>
#include <memory>
#include "core/rules/finding_at.h"
#include "core/rules/p/pr_text.h"
#include "core/rules/rule.h"

namespace atom {
namespace {

const RuleMeta& p2_meta() {
  static const RuleMeta meta = [] {
    RuleMeta m;
    m.id = "P2";
    m.slug = "toy-shapes-only";
    m.category = "P";
    m.default_severity = Severity::Warn;
    m.summary = "Performance numbers shown only for toy sizes (M ≤ 256, one token).";
    m.what =
        "PR-level. Runs when the PR claims performance (P1's word stems) and the body has measured numbers. It "
        "collects the sizes the body states (`M=128`, `num_tokens: 64`, `bs=32`, `seq_len=256`, `ISL 1k`; a `k` "
        "suffix means ×1024) and fires when there is at least one and all are ≤ 256 and the body names no "
        "production setting (TP=4/8, an expert count, concurrency, ISL/OSL, a production model family). With no "
        "description the rule does not run.";
    m.why =
        "Kernels behave differently at production sizes: a tiling that wins at M=64 can lose at decode batch "
        "16384 or prefill 32k, where the real traffic is.";
    m.example = "Body: `MoE GEMM at M=16: 21 us -> 17 us; M=128: 40 us -> 33 us.`";
    m.must_not_fire =
        "Any stated size above 256; production shapes or settings named (DSv4 E=385/topk=7 TP=4/8, GPT-OSS 120B, "
        "Kimi-K2.5, GLM5, decode up to 16384, prefill 1k/4k/32k, concurrency); no size stated at all (P3's "
        "business); no body.";
    m.source = "—";
    m.messages = {{"toy_shapes", "The performance numbers are shown only at small sizes (largest stated: {largest})",
                   "Production shapes (large decode batches, long prefill, TP=4/8) may behave differently, so the gain "
                   "may not hold, or may turn into a regression, where it matters.",
                   "add measurements at production shapes (decode batch up to 16384, prefill 1k/4k/32k, TP=4/8).",
                   "whether the gain holds at production shapes (largest stated size: {largest})."}};
    return m;
  }();
  return meta;
}

class P2ToyShapesOnly final : public Rule {
 public:
  const RuleMeta& meta() const override { return p2_meta(); }

  void check(const ReviewModel& model, std::vector<Finding>& out) const override {
    static const RE2 size(
        R"((?i)\b(?:m|num_tokens|token_num|n_tokens|tokens|bs|batch(?:[_ ]size)?|seq_?len|seqlen|ctx_len|context[_ ]len(?:gth)?)\s*[=:]\s*(\d+k?)\b)");
    static const RE2 production(
        R"((?i)(\btp\s*[=:]?\s*[48]\b|\btp[48]\b|-tp\s+[48]\b|tensor[-_ ]parallel[-_ ]size[= ]+[48]\b|\be\s*=\s*\d{3}\b|\btopk\s*=|\bconc(?:urrency)?\b|\bisl\b|\bosl\b|\bprefill\b[^.\n]*\d+k\b))");
    // The production models a benchmark may name are the pack's (knowledge.production_models).
    const RE2* models = model.pack->knowledge.production_model_pattern.get();
    const std::optional<p::PrText> text = p::read_pr_text(model);
    if (!text || p::perf_claim(*text).empty() || p::measured_numbers(*text).empty()) return;
    for (const std::string& line : text->body_lines)
      if (RE2::PartialMatch(line, production) || (models != nullptr && RE2::PartialMatch(line, *models))) return;
    long largest = -1;
    for (const std::string& value : p::body_matches(*text, size)) {
      const bool kilo = value.back() == 'k' || value.back() == 'K';
      const std::string digits = kilo ? value.substr(0, value.size() - 1) : value;
      if (digits.size() > 7) return;
      largest = std::max(largest, std::stol(digits) * (kilo ? 1024 : 1));
    }
    if (largest < 0 || largest > 256) return;
    out.push_back(pr_finding("P2", Severity::Warn, Tag::Inferred, "toy_shapes", {{"largest", std::to_string(largest)}}));
  }
};

}  // namespace

std::unique_ptr<Rule> make_p2_toy_shapes_only() { return std::make_unique<P2ToyShapesOnly>(); }

}  // namespace atom
