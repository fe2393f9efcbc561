// P4 — a new attention/norm op or dispatch whose results are shown at one head count (TP=1) only.
#include <memory>
#include <set>
#include "core/analysis/structure.h"
#include "core/rules/finding_at.h"
#include "core/rules/p/pr_text.h"
#include "core/rules/rule.h"

namespace atom {
namespace {

const RuleMeta& p4_meta() {
  static const RuleMeta meta = [] {
    RuleMeta m;
    m.id = "P4";
    m.slug = "single-head-count";
    m.category = "P";
    m.default_severity = Severity::Warn;
    m.summary = "A new attention/norm op or dispatch shown at TP=1 (one head count) only.";
    m.what =
        "PR-level. Runs when the diff adds a function or a branch (`def`, `if`/`elif`, a C++ function or kernel) "
        "in a non-test attention or norm file (path naming attention, attn, mla, mha or norm) and the body's run "
        "reports (lines naming a test, benchmark, measurement, result, accuracy, a command, or a timing) state "
        "the tensor-parallel size or head count it was run at (`TP=1`, `-tp 1`, `tp1`, `--tensor-parallel-size 1`, "
        "`num_heads=128`, `128 heads`). Fires when every stated TP is 1, or, with no TP stated, every head count "
        "is the same single value. With no description the rule does not run.";
    m.why =
        "Attention and norm kernels see heads ÷ TP per GPU: at TP=4/8 the head count drops to 32 or 16 (DeepSeek "
        "MLA: 128 → 16), which changes the tiling, the occupancy and often the dispatch branch taken.";
    m.example = "Adds `def mla_decode_fwd_v2(...)` in `atom/model_ops/attention_mla.py`; body: `tested with -tp 1`.";
    m.must_not_fire =
        "Any TP above 1 or two different head counts named; no TP or head count stated in a run report (\"limit "
        "the path to TP=1\" describes code, not a test); the diff adds no "
        "function or branch in an attention/norm file; no body.";
    m.source = "—";
    m.messages = {{"single_head_count", "The new attention/norm code in {file} is shown at {shown} only",
                   "At TP=4/8 each GPU sees heads ÷ 4/8, which can change the tiling and dispatch branch: the path "
                   "production runs may be untested.",
                   "add results at TP=4 and TP=8 (heads ÷ 4/8), or show that the head count does not change the path.",
                   "whether the new code in {file} was run at TP=4/8 (heads ÷ 4/8), not only at {shown}."}};
    return m;
  }();
  return meta;
}

// The first non-test attention/norm file in which the diff adds a function or a branch.
std::string new_attention_code(const ReviewModel& model) {
  static const RE2 attention_path(R"((?i)(attention|attn|mla|mha|norm))");
  static const RE2 new_code(R"(^(?:async\s+)?def\s|^(?:if|elif)\b|^(?:el)?if\s*\(|__global__|^(?:template\s*<|static\s+|inline\s+)*[\w:<>]+\s+\w+\s*\([^;]*$)");
  for (const FileView& file : model.files) {
    if (file.is_test || !is_code_file(file) || !RE2::PartialMatch(file.path, attention_path)) continue;
    for (const HunkView& hunk : file.hunks)
      for (const CodeLine& line : hunk.lines)
        if (is_new_code(line) && is_statement_start(line) && RE2::PartialMatch(trimmed(line.code), new_code))
          return file.path;
  }
  return {};
}

class P4SingleHeadCount final : public Rule {
 public:
  const RuleMeta& meta() const override { return p4_meta(); }

  void check(const ReviewModel& model, std::vector<Finding>& out) const override {
    static const RE2 tp(R"((?i)(?:\btp\s*[=:]?\s*|-tp\s+|tensor[-_ ]parallel[-_ ]size[=\s]+)(\d+)\b)");
    static const RE2 heads(R"((?i)(?:\bnum_(?:q_|attention_)?heads\s*[=:]\s*|\bheads?\s*[=:]\s*|\bh\s*=\s*)(\d+)\b|\b(\d+)\s+(?:q\s+)?heads\b)");
    static const RE2 run_report(
        R"((?i)(\btest\w*|\bbench\w*|\bmeasur\w*|\bresults?\b|\baccuracy\b|gsm8k|lm_eval|\bpython|torchrun|\s--\w|\d\s*(?:us|µs|ms|tok/s|tokens/s|tflops|%)))");
    const std::optional<p::PrText> text = p::read_pr_text(model);
    if (!text) return;
    const std::string file = new_attention_code(model);
    if (file.empty()) return;
    // Only lines that report a run count: "Limit X to TP=1" describes code, not a test.
    p::PrText runs;
    for (const std::string& line : text->body_lines)
      if (RE2::PartialMatch(line, run_report)) runs.body_lines.push_back(line);
    std::set<std::string> tp_values;
    for (const std::string& value : p::body_matches(runs, tp)) tp_values.insert(value);
    std::set<std::string> head_values;
    for (const std::string& line : runs.body_lines) {
      re2::StringPiece rest(line);
      std::string a, b;
      while (RE2::FindAndConsume(&rest, heads, &a, &b)) head_values.insert(a.empty() ? b : a);
    }
    std::string shown;
    if (!tp_values.empty()) {
      if (tp_values != std::set<std::string>{"1"}) return;
      shown = "TP=1";
    } else if (head_values.size() == 1) {
      shown = *head_values.begin() + " heads";
    } else {
      return;
    }
    out.push_back(pr_finding("P4", Severity::Warn, Tag::Inferred, "single_head_count", {{"file", file}, {"shown", shown}}));
  }
};

}  // namespace

std::unique_ptr<Rule> make_p4_single_head_count() { return std::make_unique<P4SingleHeadCount>(); }

}  // namespace atom
