// HK3 — a bug fix that adds no test and shows no reproduction.
#include <memory>
#include <re2/re2.h>
#include "core/analysis/review_model.h"
#include "core/rules/finding_at.h"
#include "core/rules/rule.h"

namespace atom {
namespace {

const RuleMeta& hk3_meta() {
  static const RuleMeta meta = [] {
    RuleMeta m;
    m.id = "HK3";
    m.slug = "fix-without-test";
    m.category = "HK";
    m.default_severity = Severity::Note;
    m.summary = "A bug fix that touches code but adds no test and shows no reproduction.";
    m.what =
        "Fires once per PR when the title or a label says it fixes a bug (`fix`, `bug`, `bugfix`, `hotfix`, "
        "`crash`, `regression`), the PR changes Python or C++/HIP code outside developer tooling (`tools/`, "
        "benchmark folders), no changed file is a test or the CI's own configuration (`.github/`: a fix that "
        "changes its workflow or accuracy job brings the job that runs it), and the description holds no "
        "reproduction or verification: no code block, no `repro`/`reproduce`, no `pytest`/`python -m` command, "
        "no accuracy or test-result table, no quoted tool error (`error: …`), no measured throughput (`tok/s`).";
    m.why =
        "A fix without a test that fails before it and passes after can regress silently at the next refactor, "
        "and a reviewer cannot tell whether the root cause or only a symptom was addressed.";
    m.example = "Title: \"fix kv cache block offset for TP=8\"; files: `atom/model_ops/attention_mla.py` only; body: \"fixed\".";
    m.must_not_fire =
        "The PR adds or changes a test file; the description shows a repro command, a code block or a results "
        "table; the description is not available; reverts; fixes of formatting, typos, docs, CI, build or "
        "compile or import errors, headers, warnings and profiler traces (no regression test applies).";
    m.source = "—";
    m.messages = {{"no_test", "This bug fix adds no test and its description shows no reproduction",
                   "The fixed behaviour is unguarded: the bug can come back unnoticed.",
                   "add a test that fails without the fix, or a reproduction in the description.",
                   "how the fix was verified, and for a test that fails without it."}};
    return m;
  }();
  return meta;
}

bool is_bug_fix(const PrMeta& meta) {
  static const RE2 fix_words(R"((?i)\b(fix(e[sd])?|bug(fix)?|hotfix|crash(es)?|regression)\b)");
  static const RE2 no_test_needed(
      R"((?i)\b(revert|typo|format(ting)?|lint|black|ruff|docs?|readme|ci|build|compile|header|include|imports?|warnings?|trace|profil\w*)\b)");
  if (RE2::PartialMatch(meta.title, no_test_needed)) return false;
  if (RE2::PartialMatch(meta.title, fix_words)) return true;
  for (const std::string& label : meta.labels)
    if (RE2::PartialMatch(label, fix_words)) return true;
  return false;
}

// A fix to a profiler script or the benchmark client: no regression test is worth asking for.
bool is_tooling(const std::string& path) {
  static const RE2 tooling(R"((^|/)(tools|benchmarks?)/)");
  return RE2::PartialMatch(path, tooling);
}

bool is_ci_config(const std::string& path) { return path.rfind(".github/", 0) == 0; }

bool shows_reproduction(const std::string& body) {
  static const RE2 evidence(
      R"((?i)(```|\brepro(duc\w*)?\b|\bpytest\b|\bpython3?\s+(-m\s+)?\S+|\blm_eval\b|\bgsm8k\b|\baccuracy\b|\|\s*-{3,}|\berror:\s|\btok(en)?s?/s\b))");
  return RE2::PartialMatch(body, evidence);
}

class Hk3FixWithoutTest final : public Rule {
 public:
  const RuleMeta& meta() const override { return hk3_meta(); }

  void check(const ReviewModel& model, std::vector<Finding>& out) const override {
    if (model.meta == nullptr || !model.has_body || !is_bug_fix(*model.meta)) return;
    bool changes_code = false;
    for (const FileView& file : model.files) {
      if (file.is_test || is_ci_config(file.path)) return;
      changes_code |= is_code_file(file) && !is_tooling(file.path);
    }
    if (!changes_code || shows_reproduction(model.meta->body.value_or(""))) return;
    out.push_back(pr_finding("HK3", Severity::Note, Tag::Inferred, "no_test"));
  }
};

}  // namespace

std::unique_ptr<Rule> make_hk3_fix_without_test() { return std::make_unique<Hk3FixWithoutTest>(); }

}  // namespace atom
