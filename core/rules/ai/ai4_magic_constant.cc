// AI4 — a new tile size, threshold or epsilon written as a bare number inside kernel or dispatch
// code, with no comment and no named constant saying where it comes from.
#include <memory>
#include <set>
#include <re2/re2.h>
#include "core/analysis/structure.h"
#include "core/rules/ai/ai_support.h"
#include "core/rules/rule.h"

namespace atom {
namespace {

const RuleMeta& ai4_meta() {
  static const RuleMeta meta = [] {
    RuleMeta m;
    m.id = "AI4";
    m.slug = "magic-constant";
    m.category = "AI";
    m.default_severity = Severity::Note;
    m.summary = "A new tile size, threshold or epsilon set to a bare number inside a kernel or dispatch function, with no derivation.";
    m.what =
        "In non-test kernel and dispatch code (Python or C++ files under `model_ops/`, `ops/`, `kernels/`, "
        "`csrc/`, or named after attention/moe/gemm/triton/dispatch): an added assignment inside a function of a "
        "name that reads as a tile size, threshold or epsilon (`BLOCK_M`, `block_size_n`, `tile_k`, `tile`, "
        "`*threshold*`, `*thresh*`, `*cutoff*`, `eps`, `epsilon`) to a numeric literal other than 0 and 1, with "
        "no comment giving a reason (three or more words) on that line or the line above. Precision first: module-level constants (already named), "
        "values moved unchanged from a removed line, names the file already sets to bare numbers on unchanged "
        "lines (its tuning-table style), and one-dimensional `BLOCK`/`BLOCK_SIZE` (an elementwise launch width) "
        "are skipped.";
    m.why =
        "Tile sizes and thresholds are tuned for one GPU, dtype and shape; without the reason (the LDS budget, a "
        "measured crossover, the dtype's precision) nobody can tell when they stop being right, and a value "
        "that was guessed looks the same as one that was measured.";
    m.example = "```python\ndef _pick_config(M, N):\n    split_threshold = 3072\n    if M * N > split_threshold:\n```";
    m.must_not_fire =
        "A comment explaining the value on the line or the line before; a module-level constant (`BLOCK_M = 64` at "
        "the top of the file is itself the named constant); 0 and 1; the same assignment removed elsewhere in the "
        "file (moved code) or already present on unchanged lines; test files.";
    m.source = "—";
    m.messages = {{"magic_constant", "`{name} = {value}` at {path}:{line} has no stated derivation",
                   "If the value was tuned for one GPU or shape, other configurations may silently get a slower or "
                   "wrong tiling/threshold, and nobody can tell when to change it.",
                   "name the constant and say where {value} comes from (measurement, hardware limit, dtype precision).",
                   "where `{name} = {value}` comes from and on which GPUs/shapes it was chosen."}};
    return m;
  }();
  return meta;
}

bool kernel_or_dispatch_file(const FileView& file) {
  static const RE2 path(R"((?i)(model_ops/|/ops/|^ops/|kernels?/|csrc/|triton|attention|attn|moe|gemm|dispatch|\.cuh?$|\.hip$))");
  return !file.is_test && is_code_file(file) && RE2::PartialMatch(file.path, path);
}

class Ai4MagicConstant final : public Rule {
 public:
  const RuleMeta& meta() const override { return ai4_meta(); }

  void check(const ReviewModel& model, std::vector<Finding>& out) const override {
    static const RE2 assignment(
        R"(^(?:(?:const|constexpr|static|int|int64_t|int32_t|float|double|auto|size_t|index_t)\s+)*([A-Za-z_]\w*)\s*(?::\s*[\w.\[\]]+\s*)?=\s*(-?\d+(?:\.\d+)?(?:[eE]-?\d+)?)[fFlLuU]*\s*;?$)");
    static const RE2 tuned_name(
        R"((?i)^(?:block_?(?:size_?)?[mnk]|blk_?[mnk]|tile(?:_?(?:size_?)?[mnk])?|\w*thresh\w*|\w*cutoff\w*|eps|epsilon|\w+_eps)$)");
    for (const FileView& file : model.files) {
      if (!kernel_or_dispatch_file(file)) continue;
      const std::set<std::string> known = unchanged_or_removed(file);
      const std::set<std::string> literal_names = names_given_literals(file, assignment);
      for (const HunkView& hunk : file.hunks) {
        const SideLines lines = side_lines(hunk, Side::New);
        for (size_t i = 0; i < lines.size(); ++i) {
          const CodeLine& line = *lines[i];
          if (!is_new_code(line) || line.function.empty() || !is_statement_start(line)) continue;
          const std::string code = trimmed(line.code);
          std::string name, value;
          if (!RE2::FullMatch(code, assignment, &name, &value) || !RE2::FullMatch(name, tuned_name)) continue;
          if (value == "0" || value == "1" || value == "-1" || known.count(code) > 0 || literal_names.count(name) > 0)
            continue;
          if (ai::comment_gives_reason(ai::comment_of(line, file.language))) continue;
          if (i > 0 && ai::comment_gives_reason(ai::comment_of(*lines[i - 1], file.language))) continue;
          out.push_back(ai::line_finding("AI4", Severity::Note, Tag::Verified, file, line, "magic_constant",
                                         {{"name", name}, {"value", value}}));
        }
      }
    }
  }

 private:
  // The trimmed code of every removed or unchanged line of the file.
  static std::set<std::string> unchanged_or_removed(const FileView& file) {
    std::set<std::string> codes;
    for (const HunkView& hunk : file.hunks)
      for (const CodeLine& line : hunk.lines)
        if (!is_new_code(line)) codes.insert(trimmed(line.code));
    return codes;
  }

  // Names that unchanged or removed lines of the file already set to a bare number: the file's
  // established (tuning-table) style, not something this PR introduces.
  static std::set<std::string> names_given_literals(const FileView& file, const RE2& assignment) {
    std::set<std::string> names;
    for (const HunkView& hunk : file.hunks)
      for (const CodeLine& line : hunk.lines) {
        std::string name, value;
        if (!is_new_code(line) && RE2::FullMatch(trimmed(line.code), assignment, &name, &value))
          names.insert(name);
      }
    return names;
  }
};

}  // namespace

std::unique_ptr<Rule> make_ai4_magic_constant() { return std::make_unique<Ai4MagicConstant>(); }

}  // namespace atom
