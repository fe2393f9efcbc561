// Step 3 and Step 4 of the seed as a checklist: what each PR type calls for, then the mandatory
// questions for every Tier 1 and Tier 2 file (and plugin bridges) the PR touches.
#include <algorithm>
#include <map>

#include "core/summary/diff_scan.h"
#include "core/summary/summary_parts.h"

namespace atom {
namespace {

// What each Step 3 type asks the reviewer to check (the rules behind it run on every PR anyway).
const std::map<std::string, std::string>& type_checks() {
  static const std::map<std::string, std::string> checks = {
      {"performance", "Performance: are there numbers with units, production shapes, reproduction info, and is every per-call cost inside the timing window?"},
      {"aiter_op", "aiter op usage: is the aiter change linked, does every ATOM dispatch branch handle new kwargs, and does a consumer pass new params?"},
      {"api_signature", "API signature: do all callers, subclasses and plugin bridges follow the changed signature?"},
      {"routing_flag", "Routing flag / constexpr / attribute key: does every dispatch branch handle or assert the new value, and is no arch string hardcoded?"},
      {"model_integration", "Model integration: does the change reach shared backbone code used by other models or GPUs?"},
      {"dispatch", "Dispatch logic: is any parameter silently dropped on a branch, is decode vs prefill decided by an explicit flag, and is the enabled scope no broader than what was tested?"},
      {"cudagraph", "cudagraph / capture path: is every new statement in the captured region capture-safe (no Python branch on tensor values, no .item(), no allocation)?"},
      {"plugin_interface", "Plugin / vLLM / SGLang interface: are the bridges updated together with what they read?"},
      {"config_tuning", "Config / tuning: does it hold on the other GPU archs, and is the enabled scope no broader than what was tested?"},
      {"bug_fix", "Bug fix: is the root cause explained, do sibling functions carry the same bug, and is there a regression test?"},
      {"fp8_quant", "FP8 / quantization: is any dtype hardcoded, and is fnuz decided from the tensor dtype rather than the arch name?"},
      {"weight_transform", "Weight transform: is the original weight freed when a transformed copy is stored (no double HBM)?"},
      {"async_stream", "Async / multi-stream: is every cross-stream read preceded by a wait, and does every serving-loop queue read have a timeout?"},
      {"branch_assignment", "New if/elif assigning a variable: is it assigned on every path before it is used?"},
      {"custom_op", "Custom op: does a fake/abstract implementation exist and match the real op's dtype and shape?"},
      {"index_arithmetic", "Index / offset arithmetic: does any int32 product overflow 2^31 at production sizes?"},
      {"kernel_call", "Kernel call: are strided inputs made contiguous (or asserted) before the call?"},
      {"invariant_removal", "Removed zero-init / assert / .contiguous(): does the PR cite why the invariant no longer holds?"},
  };
  return checks;
}

std::string method_name(const std::string& function) {
  const size_t dot = function.rfind('.');
  return dot == std::string::npos ? function : function.substr(dot + 1);
}

bool touches(const FileView& file, const RE2& pattern) {
  for (const HunkView& hunk : file.hunks)
    for (const CodeLine& line : hunk.lines)
      if (is_changed_code(line) && RE2::PartialMatch(line.code, pattern)) return true;
  return false;
}

std::string plain_list(const std::vector<std::string>& names) {
  std::string text;
  for (size_t i = 0; i < names.size(); ++i) text += (i == 0 ? "`" : ", `") + names[i] + "`";
  return text;
}

bool any_test_file(const ReviewModel& model) {
  return std::any_of(model.files.begin(), model.files.end(), [](const FileView& f) { return f.is_test; });
}

void add_tier1_items(const ReviewModel& model, const FileView& file, std::vector<std::string>& items) {
  if (file.changed_functions.empty()) {
    items.push_back("No changed function found (module-level lines only): which code runs these lines, and when?");
  } else {
    items.push_back("Functions changed: " + plain_list(file.changed_functions) + ".");
    for (const std::string& function : file.changed_functions) {
      const std::string name = method_name(function);
      items.push_back("Callers of `" + function + "`: run `grep -rn '" + name +
                      "(' atom/models/ atom/model_engine/`; flag any caller the PR does not mention.");
    }
  }
  if (file.path == "atom/models/deepseek_v2.py") {
    for (const std::string& function : file.changed_functions)
      items.push_back("Does a subclass override `" + method_name(function) + "`? Run `grep -rn 'def " +
                      method_name(function) + "' atom/models/`; if none does, DSv2, DSv3, DSv3-0324 and Kimi are all affected.");
    if (file.changed_functions.empty())
      items.push_back("deepseek_v2.py is the base of DSv2, DSv3, DSv3-0324 and Kimi: all four are affected unless a subclass overrides the changed code.");
  }
  items.push_back(std::string("Is there an integration test (a full forward pass, not a unit test alone) for this path after the change?") +
                  (any_test_file(model) ? "" : " The PR changes no test file."));
  std::string breaks = "If this change is wrong, what breaks (crash / silent wrong value / OOM / cudagraph break), and how would it be detected?";
  if (!file.tier.failure_mode.empty()) breaks += " Known failure mode of this file: " + file.tier.failure_mode + ".";
  items.push_back(breaks);
  if (file.path == "atom/model_engine/model_runner.py" || file.path == "atom/config.py")
    items.push_back("Does the change reach the cudagraph-captured region? New Python control flow, dynamic tensor "
                    "allocation or attribute lookups there silently break capture.");
}

void add_tier2_items(const FileView& file, std::vector<std::string>& items) {
  static const RE2 fp8(R"((?i)fp8|float8|fnuz|e4m3|e5m2|mxfp4)");
  static const RE2 bf16(R"((?i)bf16|bfloat16)");
  std::string families = "Which model families use this op";
  if (!file.tier.blast_radius.empty()) families += " (" + file.tier.blast_radius + ")";
  items.push_back(families + "? Is at least one model of each family tested?");
  if (!file.changed_functions.empty()) items.push_back("Functions changed: " + plain_list(file.changed_functions) + ".");
  items.push_back("Are production shapes covered: TP=4, TP=8, single-token decode, prefill ISL ≥ 4096?");
  const bool fp8_lines = touches(file, fp8), bf16_lines = touches(file, bf16);
  std::string paths = "Does the change affect the FP8 path, the BF16 path, or both? If both, are both tested?";
  if (fp8_lines && bf16_lines) paths += " The changed lines mention both FP8 and BF16.";
  else if (fp8_lines) paths += " The changed lines mention FP8 only: what happens on BF16?";
  else if (bf16_lines) paths += " The changed lines mention BF16 only: what happens on FP8?";
  items.push_back(paths);
}

void add_bridge_items(const FileView& file, std::vector<std::string>& items) {
  items.push_back("Plugin bridge (high visibility): its users see an API break at once. Does it still match what the "
                  "host framework and ATOM's changed structures expect?");
  if (!file.changed_functions.empty()) items.push_back("Functions changed: " + plain_list(file.changed_functions) + ".");
}

}  // namespace

std::vector<ChecklistEntry> build_checklist(const ReviewModel& model, const std::vector<PrType>& types) {
  std::vector<ChecklistEntry> checklist;
  ChecklistEntry pr_level{"", {}};
  for (const PrType& type : types) {
    const auto it = type_checks().find(type.id);
    if (it != type_checks().end()) pr_level.items.push_back(it->second);
  }
  if (!pr_level.items.empty()) checklist.push_back(std::move(pr_level));

  std::vector<const FileView*> files;
  for (const FileView& file : model.files)
    if (!file.is_test && (file.tier.tier <= 2 || file.tier.high_visibility)) files.push_back(&file);
  std::stable_sort(files.begin(), files.end(), [](const FileView* a, const FileView* b) {
    return a->tier.tier != b->tier.tier ? a->tier.tier < b->tier.tier : a->path < b->path;
  });
  for (const FileView* file : files) {
    if (!checklist.empty() && checklist.back().path == file->path) continue;  // same file in several commits
    ChecklistEntry entry{file->path, {}, file->tier.tier <= 2};
    if (file->tier.tier == 1) add_tier1_items(model, *file, entry.items);
    else if (file->tier.tier == 2) add_tier2_items(*file, entry.items);
    else add_bridge_items(*file, entry.items);
    checklist.push_back(std::move(entry));
  }
  return checklist;
}

}  // namespace atom
