// Steps 7 and 7.5 of the checklist: free-form questions the engine cannot answer, raised for the
// human reviewer only where their keywords appear in the diff. Never findings, never red.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/analysis/line_patterns.h"
#include "core/summary/diff_scan.h"
#include "core/summary/summary_parts.h"

namespace atom {
namespace {

struct PromptRule {
  const char* trigger;     // must match the code of a changed line (comments and string contents left out)
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

constexpr size_t kPromptCount = sizeof(kPromptRules) / sizeof(kPromptRules[0]);

// The triggers as one set keyed by their index, so each changed line is scanned once for all.
const LinePatternSet& triggers() {
  static const LinePatternSet set = [] {
    std::vector<std::pair<std::string, std::string>> patterns;
    for (size_t i = 0; i < kPromptCount; ++i) patterns.emplace_back(std::to_string(i), kPromptRules[i].trigger);
    return LinePatternSet(patterns);
  }();
  return set;
}

// Each companion on its own: over a whole file's lines, one set (its DFA run on every line) measured
// slower than these searches, which stop at the first line that matches.
const std::vector<std::unique_ptr<RE2>>& companions() {
  static const std::vector<std::unique_ptr<RE2>> compiled = [] {
    std::vector<std::unique_ptr<RE2>> all;
    for (const PromptRule& rule : kPromptRules)
      all.push_back(*rule.companion ? std::make_unique<RE2>(rule.companion) : nullptr);
    return all;
  }();
  return compiled;
}

bool file_mentions(const FileView& file, const RE2& pattern) {
  for (const HunkView& hunk : file.hunks)
    for (const CodeLine& line : hunk.lines)
      if (line.diff != nullptr && RE2::PartialMatch(line.diff->text, pattern)) return true;
  return false;
}

}  // namespace

// Each question is raised at the first code file (in diff order; tests, configs and docs left
// out) whose new or deleted lines trigger it and that mentions its companion, at that file's first
// new triggering line (else its first deleted one). Moved or reformatted lines ask nothing new.
// The companion is looked for only in a file whose changed lines trigger: a whole file's context
// is long, its changed lines few.
std::vector<ReviewerPrompt> reviewer_prompts(const ReviewModel& model) {
  std::optional<Evidence> raised_at[kPromptCount];
  size_t open = kPromptCount;
  for (const FileView& file : model.files) {
    if (file.is_test || !is_code_file(file)) continue;
    const CodeLine* first[kPromptCount] = {};
    for (const HunkView& hunk : file.hunks)
      for (const CodeLine& line : hunk.lines) {
        if (!is_changed_code(line) || line.blank_or_comment || line.in_docstring) continue;
        for (const std::string& key : triggers().match(line.code)) {
          const size_t rule = std::stoul(key);
          // The code as it will stand is what the question is about: a new line wins over a
          // deleted one (a hunk lists its removed lines first).
          if (first[rule] == nullptr || (is_new_code(line) && !is_new_code(*first[rule]))) first[rule] = &line;
        }
      }
    for (size_t rule = 0; rule < kPromptCount; ++rule) {
      if (raised_at[rule] || first[rule] == nullptr) continue;
      if (companions()[rule] && !file_mentions(file, *companions()[rule])) continue;
      raised_at[rule] = where({&file, first[rule]});
      --open;
    }
    if (open == 0) break;
  }
  std::vector<ReviewerPrompt> prompts;
  for (size_t rule = 0; rule < kPromptCount; ++rule)
    if (raised_at[rule]) prompts.push_back({kPromptRules[rule].question, *raised_at[rule]});
  return prompts;
}

}  // namespace atom
