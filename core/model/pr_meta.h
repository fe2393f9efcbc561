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
};

struct MetaParseResult {
  PrMeta meta;
  std::string error;       // empty on success; else one line, e.g. "meta JSON: syntax error at byte 17"
};

// Parses PR.json text. Empty input gives an empty PrMeta and no error.
MetaParseResult parse_pr_meta(std::string_view json_text);

}  // namespace atom
