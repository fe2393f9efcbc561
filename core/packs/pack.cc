#include "core/packs/pack.h"

#include "core/tiers/path_glob.h"

namespace atom {
namespace {

std::string lowercase(std::string_view text) {
  std::string out(text);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
  return out;
}

}  // namespace

bool Pack::rule_enabled(const std::string& rule_id) const {
  const auto it = rule_overrides.find(rule_id);
  return it == rule_overrides.end() || it->second.enabled;
}

const PatternRule* Pack::custom_rule(const std::string& rule_id) const {
  for (const PatternRule& rule : custom_rules)
    if (rule.id == rule_id) return &rule;
  return nullptr;
}

bool Pack::applies_to(std::string_view repo) const {
  const std::string wanted = lowercase(repo);
  for (const std::string& glob : repos)
    if (path_glob_matches(lowercase(glob), wanted)) return true;
  return false;
}

}  // namespace atom
