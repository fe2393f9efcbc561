// What we know about the pull request besides its diff (contract.md, `PR.json`).
// Every field is optional. `gh pr view --json` shapes (labels/author as objects) are accepted.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace atom {

struct PrComment {
  std::string author;
  std::string body;
  std::string path;        // empty for a top-level comment
  int line = 0;            // 0 when absent
  bool bot = false;        // the page (or gh's author.is_bot) marked the author as a bot
  std::string kind;        // "comment" (top-level) | "review" (review summary) | "inline" (on a line);
                           // when not given: "inline" if path is set, else "comment"
};

// One CI check of the PR's head commit, as the PR page (or `gh pr checks --json`) shows it.
struct PrCheck {
  std::string name;
  // Lower-case: success, failure, error, cancelled, timed_out, action_required, pending,
  // skipped, neutral, startup_failure, stale; gh's buckets are mapped (pass → success, fail →
  // failure, skipping → skipped, cancel → cancelled); any other value is kept as given, lower-cased.
  std::string state;
  std::string url;                       // the check's page or log ("" when absent)
  bool logs_expired = false;             // the log answered HTTP 410 Gone, or GitHub says it expired
  std::optional<std::string> base_state; // the same check on the base branch's latest commit; nullopt = unknown
  std::string workflow;                  // the workflow that runs it ("" when absent)
};

struct Dismissal {         // a finding the reviewer dismissed as not applicable
  std::string rule;
  std::string path;        // empty = PR-level
  int line = 0;            // 0 = file- or PR-level
  std::string reason;
};

struct PrMeta {
  std::string repo;        // "ROCm/ATOM"
  int number = 0;          // 0 = unknown
  std::string title;
  std::optional<std::string> body;  // nullopt = description not available (P rules do not run)
  std::vector<std::string> labels;
  std::string author;
  std::string base_sha, head_sha;
  std::vector<PrComment> comments;
  std::vector<Dismissal> dismissed;
  std::vector<PrCheck> checks;           // items without a name are left out
  std::string base_ref;                  // "main" (gh: baseRefName)
  // The rules their hand labels turned off run too, as notes (`review --all-rules` for one
  // review): how a reviewer who labels findings sees them. Their records stay as measured.
  bool all_rules = false;
};

struct MetaParseResult {
  PrMeta meta;
  std::string error;       // empty on success; else one line, e.g. "meta JSON: syntax error at byte 17"
};

// Parses PR.json text. Empty input gives an empty PrMeta and no error.
MetaParseResult parse_pr_meta(std::string_view json_text);

}  // namespace atom
