// Everything a review produced, before it is rendered (JSON, card, SARIF).
#pragma once
#include <map>
#include <string>
#include <vector>
#include <nlohmann/json.hpp>
#include "core/model/diff.h"
#include "core/model/pr_meta.h"
#include "core/rules/finding.h"
#include "core/tiers/tier_table.h"

namespace atom {

struct FileSummary {
  std::string path, old_path;            // old_path empty unless renamed/copied
  FileStatus status = FileStatus::Modified;
  bool binary = false;
  int additions = 0, deletions = 0;
  TierInfo tier;
  std::vector<std::string> functions;    // changed functions/methods ("ModelRunner.capture_cudagraph"), sorted
  // Removed line (old-side number) → the nearest new-side line of its hunk, where tools that
  // show only the head (SARIF code scanning) place a finding about that removed line.
  // Filled by summarize() (core/summary) from the diff; see removed_line_anchors().
  std::map<int, int> removed_line_anchors;
};

struct PrType { std::string id; std::string evidence; };
struct Question { std::string id; std::string answer; std::vector<std::string> evidence; };
struct ChecklistEntry { std::string path; std::vector<std::string> items; };
struct AiSignal { std::string id; std::string evidence; };
struct DismissedFinding { Finding finding; std::string reason; };

enum class Verdict { Lgtm, NeedsWork, Block };
const char* to_string(Verdict verdict);  // "lgtm" | "needs_work" | "block"

struct ReviewResult {
  nlohmann::json pr_given = nlohmann::json::object();  // the meta exactly as given (echoed as "pr")
  PrMeta meta;
  std::string pack_name;                 // "ATOM", or "" when no pack names the repository
  size_t bytes = 0;
  std::vector<FileSummary> files;
  std::vector<PrType> pr_types;
  std::vector<Question> questions;
  std::vector<ChecklistEntry> checklist;
  std::vector<std::string> prompts;      // Step 7/7.5 "Reviewer should ask…" prompts
  std::vector<Finding> findings;         // after red gate, folding, dismissals; sorted by severity then place
  std::vector<DismissedFinding> dismissed;
  std::vector<AiSignal> ai_signals;
  bool elevated_ai_risk = false;
  Verdict verdict = Verdict::Lgtm;
  std::vector<ParseError> errors;
};

}  // namespace atom
