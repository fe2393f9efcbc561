// P3 — measured performance numbers with nothing that lets anyone reproduce them.
#include <memory>
#include "core/rules/p/pr_text.h"
#include "core/rules/rule.h"

namespace atom {
namespace {

const RuleMeta& p3_meta() {
  static const RuleMeta meta = [] {
    RuleMeta m;
    m.id = "P3";
    m.slug = "perf-claim-without-repro";
    m.category = "P";
    m.default_severity = Severity::Warn;
    m.summary = "Performance numbers with neither a command/script nor the GPU they were measured on.";
    m.what =
        "PR-level. Runs when the PR claims performance and the body reports measured numbers (a claim with no "
        "numbers is P1's). Fires when the body has no reproduction command or script (a code block, a `python`/"
        "`torchrun`/`bash` line, a `.py`/`.sh` script, `--model`/`-tp` flags) and names no GPU or arch (MI300X, "
        "MI355X, MI308, gfx942, gfx950 …). The message lists which of ROCm version, TP/DP and checkpoint are "
        "also missing. With no description the rule does not run.";
    m.why =
        "Numbers that cannot be rerun cannot be checked, compared with main later, or trusted across GPUs: the "
        "same kernel can win on gfx942 and lose on gfx950.";
    m.example = "Body: `Decode latency 52 ms -> 44 ms (15% faster).` and nothing else.";
    m.must_not_fire =
        "A body with a command or script, or that names the GPU; no measured numbers (P1); no body.";
    m.source = "—";
    m.messages = {{"no_repro", "The performance numbers come without a command or script and without the GPU they were measured on",
                   "Nobody can rerun or verify them, or tell whether they hold on the other GPUs the change runs on.",
                   "add what is missing for a rerun: {missing}.",
                   "for what a rerun needs and the description lacks: {missing}."}};
    return m;
  }();
  return meta;
}

bool body_has(const p::PrText& text, const RE2& pattern) {
  for (const std::string& line : text.body_lines)
    if (RE2::PartialMatch(line, pattern)) return true;
  return false;
}

class P3PerfClaimWithoutRepro final : public Rule {
 public:
  const RuleMeta& meta() const override { return p3_meta(); }

  void check(const ReviewModel& model, std::vector<Finding>& out) const override {
    static const RE2 command(
        R"((?i)(```|^\s*(?:\$\s*)?(?:python3?|torchrun|bash|sh|pytest|lm_eval|vllm|sglang|atom|HIP_VISIBLE_DEVICES|\w+=\S+\s+python)\b|\.py\b|\.sh\b|--model\b|\s-tp\s|--tensor-parallel|benchmark_serving))");
    static const RE2 gpu(R"((?i)(\bmi\d{3}[a-z]*\b|\bgfx\d{3,4}|\bh[12]00\b|\bb200\b))");
    static const RE2 rocm(R"((?i)\brocm\s*v?\d)");
    static const RE2 parallel(R"((?i)(\b[td]p\s*[=:]?\s*\d|\b[td]p\d\b|tensor[-_ ]parallel|data[-_ ]parallel))");
    static const RE2 checkpoint(R"((?i)(\b[\w.-]+/[\w.-]*(?:deepseek|qwen|llama|kimi|glm|gpt-oss|mixtral|minimax)[\w.-]*|checkpoint))");
    const std::optional<p::PrText> text = p::read_pr_text(model);
    if (!text || p::perf_claim(*text).empty() || p::measured_numbers(*text).empty()) return;
    if (body_has(*text, command) || body_has(*text, gpu)) return;
    std::vector<std::string> missing = {"command or script", "GPU"};
    if (!body_has(*text, rocm)) missing.push_back("ROCm version");
    if (!body_has(*text, parallel)) missing.push_back("TP/DP");
    if (!body_has(*text, checkpoint)) missing.push_back("checkpoint");
    std::string list;
    for (const std::string& item : missing) list += (list.empty() ? "" : ", ") + item;
    out.push_back(p::pr_finding("P3", "no_repro", {{"missing", list}}));
  }
};

}  // namespace

std::unique_ptr<Rule> make_p3_perf_claim_without_repro() { return std::make_unique<P3PerfClaimWithoutRepro>(); }

}  // namespace atom
