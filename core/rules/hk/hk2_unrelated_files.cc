// HK2 — files that do not belong to the PR's purpose. Inferred and deliberately narrow
// (precision over recall): editor/OS droppings, binary artifacts, and files whose only change is
// formatting while the rest of the PR changes code.
#include <algorithm>
#include <memory>
#include <re2/re2.h>
#include "core/analysis/review_model.h"
#include "core/rules/finding_at.h"
#include "core/rules/rule.h"

namespace atom {
namespace {

const RuleMeta& hk2_meta() {
  static const RuleMeta meta = [] {
    RuleMeta m;
    m.id = "HK2";
    m.slug = "unrelated-files";
    m.category = "HK";
    m.default_severity = Severity::Note;
    m.summary = "A file that does not serve the PR's purpose: editor/OS droppings, binary artifacts, formatting-only churn.";
    m.what =
        "Flags, in a PR that also makes real changes elsewhere: editor and OS files (`.vscode/`, `.idea/`, "
        "`.DS_Store`), binary artifacts (`*.pt`, `*.pth`, `*.safetensors`, `*.npy`, `*.npz`, `*.pkl`, `*.ckpt`, "
        "`*.ipynb`), and Python/C++ files whose every change is what a formatter does (whitespace, line wrapping, quote style, trailing commas). Always a note, "
        "always inferred: the engine cannot know the author's intent.";
    m.why =
        "Unrelated files widen the review and the blast radius, hide the real change, and are a common sign of "
        "an unreviewed `git add -A` or of AI-generated PRs; formatting churn makes `git blame` lie.";
    m.example = "```\nM  atom/model_ops/moe.py        (the fix)\nM  atom/models/llama.py         (only re-wrapped lines)\nA  .vscode/settings.json\n```";
    m.must_not_fire =
        "A PR that is only formatting or only tooling (then it is the purpose); files with any non-whitespace "
        "change; repository-maintained assistant docs (`CLAUDE.md`, `.claude/skills/…`), which ATOM and aiter "
        "keep on purpose.";
    m.source = "—";
    m.messages = {
        {"stray_file", "{path} ({kind}) seems unrelated to the rest of the PR",
         "Unrelated files widen the review and ship content nobody asked for.",
         "drop {path} from the PR, or say in the description why it belongs.",
         "whether {path} belongs in this PR."},
        {"formatting_only", "{path} changes only formatting (whitespace, wrapping, quotes, trailing commas)",
         "Formatting churn hides the real change and rewrites blame history.",
         "move the formatting of {path} to its own PR.",
         "whether the formatting change to {path} belongs in this PR."},
    };
    return m;
  }();
  return meta;
}

const char* stray_kind(const std::string& path) {
  static const RE2 editor(R"((^|/)(\.vscode|\.idea)/|(^|/)\.DS_Store$)");
  static const RE2 artifact(R"(\.(pt|pth|safetensors|npy|npz|pkl|ckpt|ipynb)$)");
  if (RE2::PartialMatch(path, editor)) return "editor or OS file";
  if (RE2::PartialMatch(path, artifact)) return "binary artifact";
  return nullptr;
}

// What a formatter (black, clang-format) may change: whitespace, quote style, trailing commas.
std::string formatter_invariant(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') continue;
    out.push_back(c == '\'' ? '"' : c);
  }
  return out;
}

std::string without_trailing_commas(const std::string& text) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    const char next = i + 1 < text.size() ? text[i + 1] : '\0';
    if (text[i] == ',' && (next == ')' || next == ']' || next == '}')) continue;
    out.push_back(text[i]);
  }
  return out;
}

// Every changed line of a code file is the same on both sides once formatting is ignored.
bool formatting_only(const FileView& file) {
  if (!is_code_file(file)) return false;
  std::string added, removed;
  bool changed = false;
  for (const HunkView& hunk : file.hunks)
    for (const CodeLine& line : hunk.lines) {
      if (line.kind == LineKind::Context) continue;
      changed = true;
      (line.kind == LineKind::Added ? added : removed) += formatter_invariant(line.diff->text);
    }
  return changed && without_trailing_commas(added) == without_trailing_commas(removed);
}

class Hk2UnrelatedFiles final : public Rule {
 public:
  const RuleMeta& meta() const override { return hk2_meta(); }

  void check(const ReviewModel& model, std::vector<Finding>& out) const override {
    std::vector<bool> stray(model.files.size()), churn(model.files.size());
    for (size_t i = 0; i < model.files.size(); ++i) {
      stray[i] = stray_kind(model.files[i].path) != nullptr;
      churn[i] = formatting_only(model.files[i]);
    }
    size_t purposeful = 0;
    for (size_t i = 0; i < model.files.size(); ++i) purposeful += !stray[i] && !churn[i];
    if (purposeful == 0) return;  // the odd files are the PR's purpose
    for (size_t i = 0; i < model.files.size(); ++i) {
      const FileView& file = model.files[i];
      if (!stray[i] && !churn[i]) continue;
      Finding finding = file_finding("HK2", Severity::Note, Tag::Inferred, file, stray[i] ? "stray_file" : "formatting_only",
                                     {{"path", file.path}});
      if (stray[i]) finding.fields["kind"] = stray_kind(file.path);
      out.push_back(std::move(finding));
    }
  }
};

}  // namespace

std::unique_ptr<Rule> make_hk2_unrelated_files() { return std::make_unique<Hk2UnrelatedFiles>(); }

}  // namespace atom
