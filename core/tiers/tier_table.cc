#include "core/tiers/tier_table.h"

#include "core/tiers/path_glob.h"

namespace atom {

TierInfo TierTable::classify(std::string_view path) const {
  for (const PathRule& rule : rules_)
    if (path_glob_matches(rule.pattern, path)) return rule.info;
  TierInfo unknown;
  unknown.reason = "not in the tier table";
  return unknown;
}

}  // namespace atom
