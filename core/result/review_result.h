// Everything a review produced, before it is rendered (JSON, card, SARIF).
#pragma once
#include <map>
#include <optional>
#include <string>
#include <vector>
#include <nlohmann/json.hpp>
#include "core/model/diff.h"
#include "core/model/file_source.h"
#include "core/model/pr_meta.h"
#include "core/model/side.h"
#include "core/rules/finding.h"
#include "core/rules/rule_status.h"
#include "core/tiers/tier_table.h"

namespace atom {

struct FileSummary {
  std::string path, old_path;            // old_path empty unless renamed/copied
  FileStatus status = FileStatus::Modified;
  bool binary = false;
  int additions = 0, deletions = 0;
  TierInfo tier;
  std::vector<std::string> functions;    // changed functions/methods ("ModelRunner.capture_cudagraph"), sorted
  ReviewSource source = ReviewSource::Hunks;  // reviewed over the whole file or from the diff's hunks
  std::string source_reason = "not-provided"; // why hunks (core/model/file_source.h); empty when whole
  // Removed line (old-side number) → the nearest new-side line of its hunk, where tools that
  // show only the head (SARIF code scanning) place a finding about that removed line.
  // Filled by summarize() (core/summary) from the diff; see removed_line_anchors().
  std::map<int, int> removed_line_anchors;
};

// What a PR type or an answer rests on: a place in the diff (path set; line 0 for the whole file)
// or the PR's own text (path empty). `text` is how it reads: "path:12", "path:12 (removed)",
// "path", `title: "Fix"`, "description".
struct Evidence {
  std::string text;
  std::string path;
  int line = 0;
  Side side = Side::New;
  bool operator==(const Evidence&) const = default;
};

struct PrType { std::string id; Evidence evidence; };
struct Question { std::string id; std::string answer; std::vector<Evidence> evidence; };
// `mandatory`: the seed's questions for a Tier 1 or Tier 2 file, which the reviewer must go through.
struct ChecklistEntry { std::string path; std::vector<std::string> items; bool mandatory = false; };
struct AiSignal { std::string id; std::string evidence; };
// A Step 7/7.5 question for the reviewer ("whether …", completing "Reviewer should ask"), at the
// changed line whose keywords raised it.
struct ReviewerPrompt {
  std::string question;
  Evidence evidence;
  bool operator==(const ReviewerPrompt&) const = default;
};
struct DismissedFinding { Finding finding; std::string reason; };

// Step 1 context (core/summary/pr_context.h): what the review should know before judging.
struct ReviewComment {
  std::string author;
  std::string kind;      // "comment" | "review" | "inline"
  std::string path;      // "" for a top-level comment or review
  int line = 0;          // 0 when none
  std::string excerpt;   // the first meaningful line of the body, at most 160 characters
};
struct PrContext {
  std::vector<std::string> linked_issues;  // "#123", "ROCm/aiter#45", in order of appearance
  size_t comments_total = 0;               // human review comments
  size_t comments_inline = 0;
  std::vector<std::string> comment_authors;  // sorted, unique
  std::vector<ReviewComment> comments;       // the first 20 human comments, in the order given
};
struct CiFailure {
  std::string name, state;
  std::string classification;  // "worth_a_look" | "stale" | "baseline" | "unrelated"
  std::string reason;          // one sentence with the action
  std::string url;             // "" when unknown
};

// A part of the input the review did not read because it was over a limit (core/engine/input_limits.h).
struct SkippedInput {
  std::string limit;   // "diff-bytes" | "files" | "file-lines"
  std::string path;    // the file, for "file-lines"; "" otherwise
  size_t size = 0;     // what the input had: bytes (as given: a host may pass only max + 1), files, or the file's diff lines
  size_t max = 0;      // the limit
};

enum class Verdict { Lgtm, NeedsWork, Block };
const char* to_string(Verdict verdict);  // "lgtm" | "needs_work" | "block"

// The repository snapshot the review checked the change against (core/repository).
struct RepositoryRead {
  size_t files = 0;  // source files indexed
  size_t bytes = 0;
};

// What the repository shows a reviewer should look at, that only a reader can judge (the panel's
// "To verify", never a finding, never in the card): the overrides of a changed method, the calls
// of a changed function elsewhere. Data; core/report words it.
struct ToVerifySite {
  std::string path;
  int line = 0;
  std::string label;  // "DeepseekRunner.run_model", "caller_fn"
};

struct ToVerify {
  std::string kind;     // "overrides" | "callers"
  std::string subject;  // "ModelRunner.run_model", "fused_moe"
  std::string path;     // the touched file that defines it
  std::vector<ToVerifySite> sites;  // the first few, ranked
  size_t total = 0;                 // every site found
};

struct ReviewResult {
  nlohmann::json pr_given = nlohmann::json::object();  // the meta exactly as given (echoed as "pr")
  PrMeta meta;
  std::string pack_name;                 // "ATOM", or "" when no pack names the repository
  size_t bytes = 0;
  std::vector<FileSummary> files;
  std::vector<PrType> pr_types;
  std::vector<Question> questions;
  // Every changed function once, the most telling first (core/summary): the card names the first.
  std::vector<std::string> headline_functions;
  std::vector<ChecklistEntry> checklist;
  std::vector<ReviewerPrompt> prompts;   // for the reviewer (the panel), not the drafted card
  PrContext context;                     // Step 1: linked issues, prior human review comments
  std::vector<CiFailure> ci;             // Step 1: failing checks, classified; worth_a_look first
  std::vector<Finding> findings;         // after red gate, folding, dismissals; sorted by severity then place
  std::vector<DismissedFinding> dismissed;
  // Each built-in rule with a finding here (kept or dismissed): its measured status and label
  // counts, so a reader can weigh its findings. A pack's own rules are not measured: no entry.
  std::map<std::string, RuleStatusEntry> rule_records;
  std::vector<AiSignal> ai_signals;
  bool elevated_ai_risk = false;
  Verdict verdict = Verdict::Lgtm;
  std::vector<ParseError> errors;
  std::vector<SkippedInput> skipped;     // empty unless the review is partial
  std::optional<RepositoryRead> repository;  // none: only the diff's files were read
  std::vector<ToVerify> to_verify;           // with a repository only
};

}  // namespace atom
