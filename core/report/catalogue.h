// The rule catalogue (`atom-review rules`), generated from each rule's RuleMeta so the docs
// cannot drift from the code. Also the per-rule help text that SARIF carries.
#pragma once
#include <string>
#include <nlohmann/json.hpp>
#include "core/rules/rule.h"

namespace atom {

inline constexpr const char* kToolName = "atom-review";
inline constexpr const char* kToolVersion = "0.1.0";

// "A" → "Coverage gaps", … ; unknown categories are returned as given.
std::string category_title(const std::string& category);

// One rule's documentation: summary, severity, what it does, why, example, when it must not
// fire, source PRs, and its messages.
std::string rule_help_markdown(const RuleMeta& meta);

// Every registered rule, grouped by category in catalogue order, as one markdown document.
std::string catalogue_markdown();

// [{"id", "slug", "category", "category_title", "default_severity", "summary", "what", "why",
//   "example", "must_not_fire", "source", "messages": [{"id", "problem", "impact",
//   "action_verified", "action_inferred"}]}] in catalogue order.
nlohmann::json catalogue_json();

}  // namespace atom
