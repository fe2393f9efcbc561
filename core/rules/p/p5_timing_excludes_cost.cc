// P5 — the stated timing leaves out a cost that is paid on every call or at cold start.
#include <memory>
#include "core/rules/finding_at.h"
#include "core/rules/p/pr_text.h"
#include "core/rules/rule.h"

namespace atom {
namespace {

const RuleMeta& p5_meta() {
  static const RuleMeta meta = [] {
    RuleMeta m;
    m.id = "P5";
    m.slug = "timing-excludes-recurring-cost";
    m.category = "P";
    m.default_severity = Severity::Warn;
    m.summary = "The timing window leaves out a cost paid on every call or at cold start.";
    m.what =
        "PR-level. Reads the body sentence by sentence: a sentence that talks about timing (time, timing, latency, measured, "
        "benchmark, bench, us, ms) and says something is left out (excluding, excludes, not including, does not "
        "include, without counting, w/o, only measures/times the kernel) fires when what is left out is a cost "
        "paid per call or at cold start: activation/input quantization, dequantization, casts, transposes, "
        "copies, padding, sorting, allocation, host sync, launch overhead, the first call or cold start, "
        "uncached compilation. With no description the rule does not run.";
    m.why =
        "A kernel that is faster only once its per-call preprocessing is taken off the clock is not faster for "
        "the model: the excluded work still runs on every forward pass.";
    m.example = "Body: `GEMM 38 us -> 29 us (excluding the per-token activation quantization).`";
    m.must_not_fire =
        "The excluded cost is one-time and amortised: weight preshuffle, weight load or conversion at init, a "
        "cached JIT build, warm-up iterations (aiter#4166 excludes the one-time weight preshuffle and must not "
        "fire); a sentence that is not about timing; no body.";
    m.source = "aiter#4166 (must not)";
    m.messages = {{"excluded_recurring_cost", "The timing leaves out {cost}, which is paid {when}",
                   "The reported gain overstates what the model sees: the excluded work still runs {when}.",
                   "report the timing with {cost} included, or show it is paid once and amortised.",
                   "whether {cost} is paid {when}, and what the timing is with it included."}};
    return m;
  }();
  return meta;
}

// The body split into sentences (at ". ", "; " and line ends): the timing, the exclusion and the
// excluded cost must be said together.
std::vector<std::string> sentences(const p::PrText& text) {
  std::vector<std::string> out;
  for (const std::string& line : text.body_lines) {
    size_t start = 0;
    for (size_t i = 0; i + 1 < line.size(); ++i)
      if ((line[i] == '.' || line[i] == ';') && line[i + 1] == ' ') {
        out.push_back(line.substr(start, i - start));
        start = i + 2;
      }
    out.push_back(line.substr(start));
  }
  return out;
}

class P5TimingExcludesCost final : public Rule {
 public:
  const RuleMeta& meta() const override { return p5_meta(); }

  void check(const ReviewModel& model, std::vector<Finding>& out) const override {
    static const RE2 timing(R"((?i)(\btim(?:e|es|ed|ing)\b|\blatency\b|\bmeasur\w*|\bbench\w*|\d\s*(?:us|µs|ms)\b))");
    static const RE2 excluded(
        R"((?i)(\bexclud(?:e|es|ed|ing)\b|\bnot includ(?:e|ed|ing)\b|\bdo(?:es)?n[o']?t include\b|\bwithout (?:counting|including)\b|\bw/o\b|\bonly (?:measures?|times?|counts?) the kernel\b))");
    static const RE2 one_time(
        R"((?i)(preshuffl\w*|pre-shuffl\w*|shuffl\w* (?:of )?(?:the )?weights?|weights? (?:shuffl|load|conversion|prep)\w*|\bload(?:ing)?\b|warm-?ups?|\bcached\b|one-time|one time|amortis\w*|amortiz\w*|\binit\w*|offline|autotun\w*|tuning))");
    static const RE2 cold_start(R"((?i)(first call|first run|first iteration|cold start|jit compil\w*|compil(?:e|ation) time))");
    static const RE2 per_call(
        R"((?i)((?:activation|input|dynamic|per-token|per token)[- ]quant\w*|\bdequant\w*|\bcasts?\b|\bcasting\b|\btranspos\w*|\bcopy\b|\bcopies\b|\bpadding\b|\bsort(?:ing)?\b|\balloc\w*|host sync\w*|\bsynchroni[sz]\w*|launch overhead|\bpreprocess\w*|\bpost-?process\w*))");
    const std::optional<p::PrText> text = p::read_pr_text(model);
    if (!text) return;
    for (const std::string& sentence : sentences(*text)) {
      if (!RE2::PartialMatch(sentence, timing)) continue;
      re2::StringPiece start(sentence);
      std::string word;
      if (!RE2::FindAndConsume(&start, excluded, &word)) continue;
      const std::string tail(start);  // what is said to be left out follows the exclusion word
      if (RE2::PartialMatch(tail, one_time)) continue;
      std::string cost;
      const char* when = nullptr;
      if (RE2::PartialMatch(tail, cold_start, &cost)) when = "at cold start";
      else if (RE2::PartialMatch(tail, per_call, &cost)) when = "on every call";
      if (when == nullptr) continue;
      out.push_back(pr_finding("P5", Severity::Warn, Tag::Inferred, "excluded_recurring_cost", {{"cost", cost}, {"when", when}}));
      return;
    }
  }
};

}  // namespace

std::unique_ptr<Rule> make_p5_timing_excludes_cost() { return std::make_unique<P5TimingExcludesCost>(); }

}  // namespace atom
