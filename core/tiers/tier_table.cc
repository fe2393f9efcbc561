#include "core/tiers/tier_table.h"

#include <nlohmann/json.hpp>

#include "core/packs/embedded_packs.h"
#include "core/tiers/path_glob.h"

namespace atom {
namespace {

constexpr const char* kUnknownReason = "not in the tier table";
constexpr std::string_view kDefaultRepo = "ROCm/ATOM";

struct LoadedPack {
  std::vector<std::string> repos;
  TierTable table;
};

std::string optional_string(const nlohmann::json& object, const char* key) {
  auto it = object.find(key);
  return it != object.end() && it->is_string() ? it->get<std::string>() : std::string();
}

// Returns false with `error` set when the pack is unusable.
bool parse_pack(std::string_view text, LoadedPack& out, std::string& error) {
  const nlohmann::json pack = nlohmann::json::parse(text, nullptr, false);
  if (pack.is_discarded() || !pack.is_object()) {
    error = "pack JSON: not a JSON object";
    return false;
  }
  const std::string name = optional_string(pack, "name");
  if (auto repos = pack.find("repos"); repos != pack.end() && repos->is_array())
    for (const auto& repo : *repos)
      if (repo.is_string()) out.repos.push_back(repo.get<std::string>());
  std::vector<TierTable::PathRule> rules;
  auto tiers = pack.find("tiers");
  if (tiers != pack.end() && !tiers->is_array()) {
    error = "pack JSON: \"tiers\" must be an array";
    return false;
  }
  if (tiers != pack.end()) {
    for (size_t i = 0; i < tiers->size(); ++i) {
      const auto& entry = (*tiers)[i];
      const std::string where = "pack JSON: tiers[" + std::to_string(i) + "]";
      if (!entry.is_object() || !entry.contains("match") || !entry["match"].is_string()) {
        error = where + " needs a string \"match\"";
        return false;
      }
      auto tier = entry.find("tier");
      if (tier == entry.end() || !tier->is_number_integer() || tier->get<int>() < 1 || tier->get<int>() > 3) {
        error = where + " needs \"tier\" 1, 2 or 3";
        return false;
      }
      TierTable::PathRule rule;
      rule.pattern = entry["match"].get<std::string>();
      rule.info.tier = tier->get<int>();
      auto visibility = entry.find("high_visibility");
      rule.info.high_visibility = visibility != entry.end() && visibility->is_boolean() && visibility->get<bool>();
      rule.info.reason = optional_string(entry, "reason");
      rule.info.blast_radius = optional_string(entry, "blast_radius");
      rule.info.failure_mode = optional_string(entry, "failure_mode");
      rules.push_back(std::move(rule));
    }
  }
  out.table = TierTable(name, std::move(rules));
  return true;
}

bool same_repo(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; };
    if (lower(a[i]) != lower(b[i])) return false;
  }
  return true;
}

// The embedded packs, parsed once (thread-safe static init). A broken embedded pack is a build
// defect caught by the tests; at run time it is skipped rather than taking the engine down.
const std::vector<LoadedPack>& loaded_packs() {
  static const std::vector<LoadedPack> packs = [] {
    std::vector<LoadedPack> result;
    for (const EmbeddedPack& embedded : embedded_packs()) {
      LoadedPack pack;
      std::string error;
      if (parse_pack(embedded.json, pack, error)) result.push_back(std::move(pack));
    }
    return result;
  }();
  return packs;
}

}  // namespace

TierTable TierTable::from_pack_json(std::string_view json_text, std::string& error) {
  error.clear();
  LoadedPack pack;
  if (!parse_pack(json_text, pack, error)) return TierTable();
  return pack.table;
}

TierTable TierTable::for_repo(std::string_view repo) {
  const std::string_view wanted = repo.empty() ? kDefaultRepo : repo;
  for (const LoadedPack& pack : loaded_packs())
    for (const std::string& named : pack.repos)
      if (same_repo(named, wanted)) return pack.table;
  return TierTable();
}

TierTable TierTable::builtin_atom() { return for_repo(kDefaultRepo); }

TierInfo TierTable::classify(std::string_view path) const {
  for (const PathRule& rule : rules_)
    if (path_glob_matches(rule.pattern, path)) return rule.info;
  TierInfo unknown;
  unknown.reason = kUnknownReason;
  return unknown;
}

}  // namespace atom
