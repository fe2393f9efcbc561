// The rule catalogue (`atom-review rules`), generated from each rule's RuleMeta so the docs
// cannot drift from the code. Also the per-rule help text that SARIF carries.
#pragma once
#include <string>
#include <nlohmann/json.hpp>
#include "core/rules/rule.h"
#include "core/rules/rule_status.h"

namespace atom {

inline constexpr const char* kToolName = "atom-review";
inline constexpr const char* kToolVersion = "0.1.0";

// "A" → "Coverage gaps", … ; unknown categories are returned as given.
std::string category_title(const std::string& category);

// One rule's documentation: summary, severity, what it does, why, example, when it must not
// fire, source PRs, and its messages.
std::string rule_help_markdown(const RuleMeta& meta);

// "Status: stable — precision 92% on 12 hand labels (TP 11, LOW 1, FP 0; labeled through …)." or
// the preview wording, from `statuses` (the active table: the embedded rule_status.json unless replaced).
std::string rule_status_markdown(const std::string& rule_id,
                                 const RuleStatusTable& statuses = RuleStatusTable::active());

// "## Status at a glance": how many rules are stable, preview and off, then one row per rule
// (id, name, status, precision, labels, TP / LOW / FP) in catalogue order.
std::string status_table_markdown(const RuleStatusTable& statuses);

// The status table, then every registered rule, grouped by category in catalogue order, as one markdown document.
std::string catalogue_markdown();

// [{"id", "slug", "category", "category_title", "default_severity", "summary", "what", "why",
//   "example", "must_not_fire", "source", "messages": [{"id", "problem", "impact",
//   "action_verified", "action_inferred"}], "status": "stable|preview", "precision": 0.92 or null,
//   "labels", "tp", "low", "fp", "labeled_through": "2026-12-01" or null}] in catalogue order.
nlohmann::json catalogue_json();

}  // namespace atom
