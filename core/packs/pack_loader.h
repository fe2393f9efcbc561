// Loads and validates a pack (core/packs/README.md). A pack is used only when it is valid as a
// whole: any error and load_pack() returns no pack, with every error found, each naming the JSON
// Pointer of the value at fault ("/custom_rules/3/pattern") and, for a pattern, RE2's own message.
// Never throws; the limits below keep every pack cheap (RE2 matches in linear time, and max_mem
// bounds each compiled pattern), so no pack can hang or exhaust a review.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/packs/pack.h"

namespace atom {

struct PackError {
  std::string path;      // JSON Pointer ("" = the whole document)
  std::string message;
};

struct PackLimits {
  size_t max_bytes = 1 << 20;            // the pack's JSON text
  size_t max_entries = 2000;             // items of any one list (tiers, repos, stack_modules …)
  size_t max_string_bytes = 2000;        // any one string but a pattern
  size_t max_custom_rules = 64;
  size_t max_pattern_bytes = 1000;
  int64_t pattern_max_mem = 1 << 20;     // RE2::Options::max_mem per custom pattern
};

struct PackLoad {
  std::optional<Pack> pack;              // set exactly when errors is empty
  std::vector<PackError> errors;
};

// `known_rule_ids`: the built-in rules' ids; an override must name one and a custom rule must not
// take one. nullptr when the caller has no rules to check against (the loader sits below them).
PackLoad load_pack(std::string_view json_text, const std::vector<std::string>* known_rule_ids = nullptr,
                   const PackLimits& limits = PackLimits());

}  // namespace atom
