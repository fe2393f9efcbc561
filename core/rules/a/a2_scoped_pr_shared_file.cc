// A2 — the title or labels scope the PR to one GPU or model, but it touches a shared backbone
// file that serves the others too.
#include <memory>
#include <re2/re2.h>
#include "core/rules/a/abc_support.h"
#include "core/rules/finding_at.h"
#include "core/rules/rule.h"

namespace atom {
namespace {

const RuleMeta& a2_meta() {
  static const RuleMeta meta = [] {
    RuleMeta m;
    m.id = "A2";
    m.slug = "scoped-pr-shared-backbone";
    m.category = "A";
    m.default_severity = Severity::Warn;
    m.summary = "The PR is scoped to one GPU or model but touches a shared backbone file.";
    m.what =
        "PR-level. Reads the title and labels (the PR meta; with no meta the rule cannot run). A scope marker is "
        "a GPU or arch in brackets or as a label (`[MI308]`, `[MI355X]`, `[gfx950]`), or a model named as the "
        "only target (`DSv4-only`, `Kimi only`, `[DeepSeek-V4]`, `for Qwen3 only`). When such a PR changes a "
        "Tier 1 or Tier 2 file (the shared backbone: model_runner, config, scheduler, deepseek_v2, moe, "
        "attention, linear, layernorm …) that is not the scoped model's own file, the rule asks about the other "
        "GPUs and models that file serves.";
    m.why =
        "A change meant for one GPU or model lands in code that every model or GPU runs: a \"[MI308]\" tuning "
        "in moe.py also changes gfx950 (MI355X) behaviour (ATOM#1498); a \"Kimi-only\" fix in deepseek_v2.py "
        "changes DSv2, DSv3 and DSv3-0324 too.";
    m.example = "Title `[MI308] tune fused MoE block size`, touching `atom/model_ops/moe.py` (Tier 2).";
    m.must_not_fire =
        "The touched files are not shared (Tier 3, e.g. one model's own file); the scoped model's own file "
        "(`[DSv4]` touching `deepseek_v4.py`); no scope marker in the title or labels; no PR meta.";
    m.source = "ATOM#1498";
    m.messages = {
        {"scoped_shared", "The PR is scoped to {scope} but changes the shared backbone file(s) {files}",
         "Every other GPU and model family served by these files runs the changed code too: a regression there "
         "(wrong output, perf drop) would not show in this PR's testing.",
         "limit the change to {scope} (a guard or a scoped config) or show results for the other GPUs/models "
         "these files serve.",
         "whether the change in {files} was checked on the other GPUs and models they serve, not only {scope}."},
    };
    return m;
  }();
  return meta;
}

// The scope named by the title or a label ("MI308", "DSv4-only"), or "" when none.
std::string pr_scope(const PrMeta& meta, std::string& model_key) {
  static const RE2 gpu(R"((?i)\[\s*((?:MI\d{3}[A-Z]?|gfx\d{3,4}[a-z]?))\s*\])");
  static const RE2 gpu_label(R"((?i)^\s*((?:MI\d{3}[A-Z]?|gfx\d{3,4}[a-z]?))\s*$)");
  static const RE2 model_only(
      R"((?i)\b((?:DSv\d|DeepSeek[- ]?V\d(?:\.\d)?|Kimi(?:[- ]K\d(?:\.\d)?)?|Qwen\d?(?:\.\d)?|GLM[- ]?\d?(?:\.\d)?|GPT[- ]OSS|Llama\s?\d?|MiniMax(?:[- ]M\d)?))[- ](?:only)\b|\bonly\s+(?:for\s+)?((?:DSv\d|DeepSeek[- ]?V\d|Kimi(?:[- ]K\d)?|Qwen\d?|GLM[- ]?\d?|GPT[- ]OSS|Llama\s?\d?|MiniMax))\b|\[\s*((?:DSv\d|DeepSeek[- ]?V\d(?:\.\d)?|Kimi(?:[- ]K\d(?:\.\d)?)?|Qwen\d?(?:\.\d)?|GLM[- ]?\d?|GPT[- ]OSS|MiniMax(?:[- ]M\d)?))\s*\])");
  std::string found;
  if (RE2::PartialMatch(meta.title, gpu, &found)) return "[" + found + "]";
  for (const std::string& label : meta.labels)
    if (RE2::PartialMatch(label, gpu_label, &found)) return found;
  std::string a, b, c;
  if (RE2::PartialMatch(meta.title, model_only, &a, &b, &c)) {
    const std::string model = !a.empty() ? a : !b.empty() ? b : c;
    model_key = abc::alnum_lower(model);
    return model;
  }
  return {};
}

// A file named after the scoped model ("deepseek_v4.py" for "DSv4"/"DeepSeek-V4").
bool scoped_model_file(const std::string& path, const std::string& model_key) {
  if (model_key.empty()) return false;
  std::string key = model_key;
  if (key.rfind("dsv", 0) == 0) key = "deepseekv" + key.substr(3);
  const std::string file = abc::alnum_lower(path.substr(path.find_last_of('/') + 1));
  return file.find(key) != std::string::npos;
}

class A2ScopedPrSharedFile final : public Rule {
 public:
  const RuleMeta& meta() const override { return a2_meta(); }

  void check(const ReviewModel& model, std::vector<Finding>& out) const override {
    if (!model.meta) return;
    std::string model_key;
    const std::string scope = pr_scope(*model.meta, model_key);
    if (scope.empty()) return;
    std::vector<std::string> shared;
    for (const FileView& file : model.files) {
      if (file.tier.tier > 2 || file.is_test || scoped_model_file(file.path, model_key)) continue;
      if (file.file->additions + file.file->deletions == 0) continue;
      shared.push_back(file.path + " (Tier " + std::to_string(file.tier.tier) + ")");
    }
    if (shared.empty()) return;
    std::sort(shared.begin(), shared.end());
    out.push_back(pr_finding("A2", Severity::Warn, Tag::Inferred, "scoped_shared",
                             {{"scope", scope}, {"files", abc::quoted_list(shared)}}));
  }
};

}  // namespace

std::unique_ptr<Rule> make_a2_scoped_pr_shared_file() { return std::make_unique<A2ScopedPrSharedFile>(); }

}  // namespace atom
