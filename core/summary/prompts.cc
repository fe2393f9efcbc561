// Steps 7 and 7.5 of the checklist: free-form questions the engine cannot answer, raised for the
// human reviewer only where their keywords appear in the diff. Never findings, never red.
#include <memory>
#include <optional>

#include "core/summary/diff_scan.h"
#include "core/summary/summary_parts.h"

namespace atom {
namespace {

struct PromptRule {
  const char* trigger;     // must match a changed line (raw text) of a non-test file
  const char* companion;   // must also match some line of that file, changed or context ("" = none)
  const char* question;    // completes "Reviewer should ask "
};

const PromptRule kPromptRules[] = {
    {R"((?i)\bmla\b|kv_lora_rank|attention_mla|aiter_mla|mla_(?:decode|prefill|attn|fwd))",
     R"((?i)paged|page_size|block_table|kv_indptr|kv_indices)",
     "whether the MLA change holds for both the paged and the dense KV layout"},
    {R"((?i)\bmoe\b|_moe|moe_|expert)", R"((?i)\bep_size|\bep_rank|expert_parallel|\bEP\b|\buse_ep\b)",
     "how MoE routing behaves under expert parallelism, and whether each size divides by the EP or the TP world size"},
    {R"((?i)(?:quant|fp8).*scale|scale.*(?:quant|fp8))", "",
     "in which order the scales are applied and where dtypes are promoted in the quantized path"},
    {R"(\bnum_\w+_blocks\b)", "",
     "whether the block-count size math includes every factor (ATOM#1423 missed a `* block_size`)"},
    {R"(\.copy_\s*\()", R"(\bout\s*=)",
     "whether the `.copy_()` could be dropped by passing `out=` to the op that produces the value"},
    {R"((?i)\bBLOCK_\w+\s*[:=]|\btile\w*\s*=|num_warps|num_stages)", R"(\btl\.|\btriton\b)",
     "whether the Triton tile/block sizes fit the 64 KB of LDS per CU on gfx942/gfx950 and the MI300X/MI355X memory hierarchy"},
    {R"(/\s*(?:self\.)?(?:tp_size|ep_size|world_size|tp_world_size)\b|//\s*(?:self\.)?(?:tp_size|ep_size|world_size)\b)", "",
     "whether each division uses the right parallel size (EP vs TP denominators)"},
};

bool file_mentions(const FileView& file, const RE2& pattern) {
  for (const HunkView& hunk : file.hunks)
    for (const CodeLine& line : hunk.lines)
      if (line.diff != nullptr && RE2::PartialMatch(line.diff->text, pattern)) return true;
  return false;
}

// The companion is looked for only in a file whose changed lines trigger: a whole file's context
// is long, its changed lines few.
std::optional<std::string> first_trigger(const ReviewModel& model, const RE2& trigger, const RE2* companion) {
  for (const FileView& file : model.files) {
    if (file.is_test) continue;
    const CodeLine* first = nullptr;
    for (const HunkView& hunk : file.hunks) {
      for (const CodeLine& line : hunk.lines)
        if (line.kind != LineKind::Context && line.diff != nullptr && RE2::PartialMatch(line.diff->text, trigger)) {
          first = &line;
          break;
        }
      if (first != nullptr) break;
    }
    if (first != nullptr && (companion == nullptr || file_mentions(file, *companion))) return where({&file, first}).text;
  }
  return std::nullopt;
}

}  // namespace

std::vector<std::string> reviewer_prompts(const ReviewModel& model) {
  struct Compiled {
    std::unique_ptr<RE2> trigger, companion;
    const char* question;
  };
  static const std::vector<Compiled> compiled = [] {
    std::vector<Compiled> rules;
    for (const PromptRule& rule : kPromptRules)
      rules.push_back({std::make_unique<RE2>(rule.trigger),
                       *rule.companion ? std::make_unique<RE2>(rule.companion) : nullptr, rule.question});
    return rules;
  }();
  std::vector<std::string> prompts;
  for (const Compiled& rule : compiled)
    if (auto at = first_trigger(model, *rule.trigger, rule.companion.get()))
      prompts.push_back(std::string("Reviewer should ask ") + rule.question + " (`" + *at + "`)");
  return prompts;
}

}  // namespace atom
