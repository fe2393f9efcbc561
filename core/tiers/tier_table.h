// Blast-radius tiers for the files a PR touches. The table is data (a pack JSON embedded at
// build time, core/packs/atom.json), not code: path rules tried in order, first match wins.
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
  // The table of the pack that names this repository ("ROCm/ATOM"); an empty table
  // (Tier 3 everywhere, reason "not in the tier table") when no pack names it.
  static TierTable for_repo(std::string_view repo);
  static TierTable builtin_atom();
  // Parses one pack's JSON (core/packs/README.md). On error returns an empty table and sets
  // `error` to one line naming what is wrong; never throws.
  static TierTable from_pack_json(std::string_view json_text, std::string& error);

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
