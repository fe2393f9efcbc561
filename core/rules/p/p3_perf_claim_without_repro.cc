// P3 — measured performance numbers with nothing that lets anyone reproduce them.
#include <memory>
#include "core/rules/finding_at.h"
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
    m.summary = "Performance numbers with no command/script and at most one of GPU, ROCm version, TP/DP, checkpoint, shapes.";
    m.what =
        "PR-level. Runs when the PR claims performance and the body reports measured numbers (a claim with no "
        "numbers is P1's). Fires when the body has no reproduction command or script (a code block, a `python`/"
        "`torchrun`/`bash` line, a `.py`/`.sh` script, `--model`/`-tp` flags) and the title and body state at most "
        "one of: the GPU "
        "or arch (MI300X, MI355X, MI308, gfx942, gfx950 …), the ROCm version, the TP/DP setting, the checkpoint "
        "(`org/model`, a model name with its version such as `DeepSeek-R1` or `gpt-oss-120b`, or the word checkpoint), the shapes (`M=4096`, `512x7168`, \"shapes\"). The message lists what "
        "is missing. With no description the rule "
        "does not run.";
    m.why =
        "Numbers that cannot be rerun cannot be checked, compared with main later, or trusted across GPUs: the "
        "same kernel can win on gfx942 and lose on gfx950.";
    m.example = "Body: `Decode latency 52 ms -> 44 ms (15% faster).` and nothing else.";
    m.must_not_fire =
        "A body with a command or script, or stating two or more of GPU, ROCm version, TP/DP, checkpoint and "
        "shapes (`MI355X, DeepSeek-R1, TP=8`; a kernel PR's `gfx950, M=4096`); no measured numbers (P1); no body.";
    m.source = "—";
    m.messages = {{"no_repro", "The performance numbers come without the command and setup they were measured with",
                   "Nobody can rerun or verify them, or tell whether they hold on the other GPUs the change runs on.",
                   "add what is missing for a rerun: {missing}.",
                   "for what a rerun needs and the description lacks: {missing}."}};
    return m;
  }();
  return meta;
}

// The title counts too: "(gfx950)" or "for DeepSeek-V4 shapes" there states the setup.
bool states(const p::PrText& text, const RE2& pattern) {
  if (RE2::PartialMatch(text.title, pattern)) return true;
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
    static const RE2 shapes(R"((?i)(\b[mnkt]\s*=\s*\d+|\b\d+\s*x\s*\d+\b|\bshapes?\b))");
    static const RE2 checkpoint(
        R"((?i)(\b[\w.-]+/[\w.-]*(?:deepseek|qwen|llama|kimi|glm|gpt-oss|mixtral|minimax)[\w.-]*|\b(?:deepseek|qwen|llama|kimi|glm|gpt-oss|mixtral|minimax)[\w.-]*\d[\w.-]*|checkpoint))");
    const std::optional<p::PrText> text = p::read_pr_text(model);
    if (!text || p::perf_claim(*text).empty() || p::measured_numbers(*text).empty()) return;
    if (states(*text, command)) return;
    std::vector<std::string> missing = {"command or script"};
    const std::pair<const char*, const RE2*> settings[] = {
        {"GPU", &gpu}, {"ROCm version", &rocm}, {"TP/DP", &parallel}, {"checkpoint", &checkpoint}, {"shapes", &shapes}};
    for (const auto& [name, pattern] : settings)
      if (!states(*text, *pattern)) missing.push_back(name);
    if (missing.size() < 5) return;  // no command, but two or more of the settings are stated
    std::string list;
    for (const std::string& item : missing) list += (list.empty() ? "" : ", ") + item;
    out.push_back(pr_finding("P3", Severity::Warn, Tag::Inferred, "no_repro", {{"missing", list}}));
  }
};

}  // namespace

std::unique_ptr<Rule> make_p3_perf_claim_without_repro() { return std::make_unique<P3PerfClaimWithoutRepro>(); }

}  // namespace atom
