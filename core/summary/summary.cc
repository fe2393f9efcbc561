#include "core/summary/summary.h"

#include <map>
#include <string>

#include "core/diff/line_anchors.h"
#include "core/rules/registry.h"
#include "core/summary/pr_context.h"
#include "core/summary/summary_parts.h"

namespace atom {
namespace {

constexpr size_t kElevatedSigns = 3;

bool has_structural_ai_finding(const std::vector<Finding>& findings) {
  for (const Finding& finding : findings) {
    const Rule* rule = find_rule(finding.rule);
    if (rule != nullptr && rule->meta().category == "AI") return true;
  }
  return false;
}

// Per path, as the diff names it: a path named twice (a multi-commit patch) gets the anchors of
// every section, the first section's winning a shared line. Computed once per section.
void attach_removed_line_anchors(const ReviewModel& model, ReviewResult& result) {
  std::map<std::string, std::map<int, int>> anchors_by_path;
  for (const FileView& view : model.files) {
    if (view.file == nullptr) continue;
    std::map<int, int>& anchors = anchors_by_path[view.path];
    for (const auto& [old_line, new_line] : removed_line_anchors(*view.file)) anchors.emplace(old_line, new_line);
  }
  for (FileSummary& summary : result.files) {
    const auto found = anchors_by_path.find(summary.path);
    if (found == anchors_by_path.end()) continue;
    for (const auto& [old_line, new_line] : found->second) summary.removed_line_anchors.emplace(old_line, new_line);
  }
}

// Both sides of every file: a rename out of docs/ changes the docs as much as an edit does.
std::vector<std::string> changed_paths(const ReviewModel& model) {
  std::vector<std::string> paths;
  for (const FileView& view : model.files) {
    paths.push_back(view.path);
    if (view.file != nullptr && !view.file->old_path.empty() && view.file->old_path != view.path)
      paths.push_back(view.file->old_path);
  }
  return paths;
}

void add_step1_context(const ReviewModel& model, ReviewResult& result) {
  if (model.meta == nullptr) return;
  result.context = build_pr_context(*model.meta);
  result.ci = classify_ci_failures(model.meta->checks, changed_paths(model), model.meta->base_ref);
}

}  // namespace

void summarize(const ReviewModel& model, ReviewResult& result) {
  result.pr_types = classify_pr_types(model);
  result.headline_functions = headline_functions(model);
  result.questions = answer_questions(model, result.pr_types, result.headline_functions);
  result.checklist = build_checklist(model, result.pr_types);
  result.prompts = reviewer_prompts(model);
  result.ai_signals = detect_ai_signals(model, result.pr_types, result.findings);
  result.elevated_ai_risk = result.ai_signals.size() >= kElevatedSigns || has_structural_ai_finding(result.findings);
  attach_removed_line_anchors(model, result);
  add_step1_context(model, result);
  result.to_verify = evidence_to_verify(model);
}

}  // namespace atom
