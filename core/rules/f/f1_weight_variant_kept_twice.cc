// F1: a preshuffled/quantized copy of a weight stored next to the original, which stays alive.
#include <memory>
#include <re2/re2.h>

#include "core/analysis/review_model.h"
#include "core/rules/d/dg_support.h"
#include "core/rules/d/python_chain.h"
#include "core/rules/rule.h"

namespace atom {
namespace {

const RuleMeta kMeta{
    .id = "F1",
    .slug = "weight-variant-kept-twice",
    .category = "F",
    .default_severity = Severity::Warn,
    .summary = "A new weight variant (`*_preshuffled`, `*_quantized`) is stored next to the original "
               "without freeing it.",
    .what =
        "Finds a new attribute, parameter or buffer named like a transformed copy of a weight "
        "(`<name>_preshuffled`, `_shuffled`, `_quantized`, `_swizzled`, `_packed`, `_transposed`) "
        "stored on a module, where the same function neither deletes nor replaces the original "
        "`<name>` (`del m.<name>`, `m.<name> = …`, `.data = …`, `delattr`, `replace_parameter`, "
        "`resize_(0)`).",
    .why =
        "Both copies stay resident: the model's weight memory doubles for that layer type, which on "
        "large MoE checkpoints is the difference between fitting in HBM and an OOM at load or a "
        "smaller KV cache (ATOM#1469).",
    .example =
        "```python\nlayer.w13_weight_preshuffled = shuffle_weight(layer.w13_weight)   # w13_weight kept\n```\n"
        "Use instead: replace the original (`layer.w13_weight = Parameter(shuffled, requires_grad=False)`) "
        "or `del layer.w13_weight` once the variant exists.",
    .must_not_fire =
        "The original is freed or replaced in the same function. When the function is not fully "
        "shown the finding is inferred: the original may be freed in unseen lines.",
    .source = "ATOM#1469",
    .messages = {{
        .id = "variant-kept-with-original",
        .problem = "`{variant}` is stored next to `{original}`, which is never freed or replaced in `{function}`",
        .impact = "both copies stay in HBM: double weight memory for this layer, OOM or a smaller KV cache "
                  "on large checkpoints",
        .action_verified = "replace `{original}` with the transformed tensor, or delete it once `{variant}` "
                           "is built",
        .action_inferred = "whether `{original}` is freed after `{variant}` is built (outside the lines shown)",
    }},
    .line_patterns = {},
};

// "layer.w13_weight_preshuffled = …", setattr(layer, "w_quantized", …), register_parameter("…", …)
bool variant_store(const std::string& code, std::string* owner, std::string* original, std::string* variant) {
  static const RE2 kAttr(
      R"(^\s*([A-Za-z_][\w.]*)\.((\w+?)_(preshuffled|preshuffle|shuffled|quantized|swizzled|packed|transposed))\s*(:[^=]*)?=[^=])");
  static const RE2 kCall(
      R"(\b(?:setattr|register_parameter|register_buffer)\(\s*(?:([A-Za-z_][\w.]*)\s*,\s*)?["']((\w+?)_(preshuffled|preshuffle|shuffled|quantized|swizzled|packed|transposed))["'])");
  static const RE2 kFlagValue(R"(=\s*(True|False|None)\s*$)");
  static const RE2 kFlagName(R"(^(is|has|use|was|need|needs|do)$)");
  std::string suffix;
  bool matched = RE2::PartialMatch(code, kAttr, owner, variant, original, &suffix) ||
                 RE2::PartialMatch(code, kCall, owner, variant, original, &suffix);
  // `w.is_shuffled = True` marks a tensor; it does not store a second copy.
  return matched && !RE2::PartialMatch(code, kFlagValue) && !RE2::FullMatch(*original, kFlagName);
}

// Statements that free or replace `original`: `del w.x`, `w.x = …`, `delattr(w, "x")`, `x.resize_(0)`.
std::unique_ptr<RE2> freeing_pattern(const std::string& original) {
  const std::string quoted = RE2::QuoteMeta(original);
  return std::make_unique<RE2>("\\bdel\\s+[\\w.]*\\b" + quoted + "\\b|\\." + quoted + "\\s*(\\.data\\s*)?=[^=]|\\b(delattr|replace_parameter|setattr)\\([^)]*[\"']" +
                               quoted + "[\"']|\\b" + quoted + "\\b[\\w.()]*\\.resize_\\(\\s*0\\s*\\)");
}

class F1Rule : public Rule {
 public:
  const RuleMeta& meta() const override { return kMeta; }

  void check(const ReviewModel& model, std::vector<Finding>& out) const override {
    for (const FileView& file : model.files) {
      if (file.language != Language::Python || file.is_test) continue;
      for (const dg::FunctionSlice& slice : dg::new_side_functions(file)) check_function(file, slice, out);
    }
  }

 private:
  void check_function(const FileView& file, const dg::FunctionSlice& slice, std::vector<Finding>& out) const {
    const auto& lines = slice.lines;
    for (const CodeLine* line : lines) {
      std::string owner, original, variant;
      if (!is_new_code(*line) || !variant_store(line->code, &owner, &original, &variant)) continue;
      const std::unique_ptr<RE2> frees = freeing_pattern(original);  // compiled once per stored variant
      bool freed = false;
      for (const CodeLine* other : lines)
        if (other != line && dg::is_statement_start(*other)) freed |= RE2::PartialMatch(other->code, *frees);
      if (freed) continue;
      Finding finding = dg::finding_at(
          "F1", file, *line, "variant-kept-with-original",
          {{"variant", variant}, {"original", original}, {"function", slice.function.empty() ? "<module>" : slice.function}});
      bool whole_function = dg::starts_at_def(slice) && dg::contiguous(lines, 0, lines.size() - 1);
      if (!whole_function) finding.tag = Tag::Inferred;
      dg::add_unique(out, std::move(finding));
    }
  }
};

}  // namespace

std::unique_ptr<Rule> make_f1_weight_variant_kept_twice() { return std::make_unique<F1Rule>(); }

}  // namespace atom
