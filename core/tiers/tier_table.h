// Blast-radius tiers for the files a PR touches. The table is data (the "tiers" of a pack,
// core/packs/README.md, loaded by core/packs/pack_loader.h), not code: path rules tried in order,
// first match wins.
#pragma once
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace atom {

struct TierInfo {
  int tier = 3;                  // 1 = every forward pass / base of many models; 2 = shared op; 3 = rest
  bool high_visibility = false;  // plugin bridges
  std::string reason;            // why this tier, one line ("not in the tier table" for unknown files)
  std::string blast_radius;      // may be empty
  std::string failure_mode;      // may be empty
};

class TierTable {
 public:
  // An empty table (no pack name, Tier 3 everywhere, reason "not in the tier table") by default.
  TierInfo classify(std::string_view path) const;
  const std::string& pack_name() const { return pack_name_; }   // "ATOM" or "" when no pack
  bool empty() const { return rules_.empty(); }

  struct PathRule {
    std::string pattern;   // glob: '*' within a segment, '**' across segments
    TierInfo info;
  };
  explicit TierTable(std::string pack_name = {}, std::vector<PathRule> rules = {})
      : pack_name_(std::move(pack_name)), rules_(std::move(rules)) {}

 private:
  std::string pack_name_;
  std::vector<PathRule> rules_;
};

}  // namespace atom
