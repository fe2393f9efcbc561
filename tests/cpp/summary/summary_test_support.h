// Runs summarize() on a handmade diff and PR text; keeps the diff, meta and model alive beside
// the result that points into nothing of theirs.
#pragma once
#include <memory>
#include <optional>
#include <string>

#include "core/packs/builtin_packs.h"
#include "core/analysis/review_model.h"
#include "core/diff/parse_diff.h"
#include "core/summary/summary.h"
#include "core/rules/rule_line_patterns.h"
#include "tests/cpp/analysis/analysis_test_support.h"

namespace atom::testing {

struct Summarized {
  ParsedDiff diff;
  PrMeta meta;
  TierTable tiers;
  ReviewModel model;
  ReviewResult result;

  const PrType* type(const std::string& id) const {
    for (const auto& t : result.pr_types)
      if (t.id == id) return &t;
    return nullptr;
  }
  const Question& question(const std::string& id) const {
    for (const auto& q : result.questions)
      if (q.id == id) return q;
    static const Question kNone;
    return kNone;
  }
  const AiSignal* signal(const std::string& id) const {
    for (const auto& s : result.ai_signals)
      if (s.id == id) return &s;
    return nullptr;
  }
  const ChecklistEntry* checklist_for(const std::string& path) const {
    for (const auto& entry : result.checklist)
      if (entry.path == path) return &entry;
    return nullptr;
  }
};

inline std::unique_ptr<Summarized> summarize_diff(const std::string& diff_text, const std::string& title,
                                                  std::optional<std::string> body = std::string(),
                                                  std::vector<Finding> findings = {}) {
  auto s = std::make_unique<Summarized>();
  s->diff = parse_diff(diff_text);
  s->meta.repo = "ROCm/ATOM";
  s->meta.title = title;
  s->meta.body = std::move(body);
  s->tiers = builtin_pack_for_repo(s->meta.repo).tiers;
  s->model = build_review_model(s->diff, s->meta, s->tiers, rule_line_patterns());
  for (const FileView& view : s->model.files) {
    FileSummary file;
    file.path = view.path;
    file.tier = view.tier;
    s->result.files.push_back(file);
  }
  s->result.findings = std::move(findings);
  summarize(s->model, s->result);
  return s;
}

inline bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace atom::testing
