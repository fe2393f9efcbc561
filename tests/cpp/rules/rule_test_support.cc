#include "tests/cpp/rules/rule_test_support.h"

#include <algorithm>
#include <fstream>
#include <sstream>
#include <gtest/gtest.h>
#include "core/analysis/review_model.h"
#include "core/diff/parse_diff.h"
#include "core/rules/registry.h"
#include "core/tiers/tier_table.h"

namespace atom::testing {

PrMeta default_fixture_meta() {
  PrMeta meta;
  meta.repo = "ROCm/ATOM";
  meta.number = 1;
  meta.title = "Update code";
  meta.body = "";
  return meta;
}

std::vector<Finding> run_rule(const std::string& rule_id, std::string_view diff, const PrMeta& meta) {
  const Rule* rule = find_rule(rule_id);
  if (rule == nullptr) {
    ADD_FAILURE() << "no registered rule " << rule_id;
    return {};
  }
  const ParsedDiff parsed = parse_diff(diff);
  const TierTable tiers = TierTable::for_repo(meta.repo);
  const ReviewModel model = build_review_model(parsed, meta, tiers);
  std::vector<Finding> findings;
  rule->check(model, findings);
  return findings;
}

std::string read_text_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

void PrintTo(const Fixture& fixture, std::ostream* out) { *out << fixture.diff.string(); }

std::filesystem::path fixtures_root() { return std::filesystem::path(ATOM_SOURCE_DIR) / "tests" / "rules"; }

std::vector<Fixture> all_fixtures() {
  std::vector<Fixture> fixtures;
  std::error_code error;
  if (!std::filesystem::is_directory(fixtures_root(), error)) return fixtures;
  for (const auto& folder : std::filesystem::directory_iterator(fixtures_root(), error)) {
    if (!folder.is_directory()) continue;
    for (const auto& entry : std::filesystem::directory_iterator(folder.path(), error)) {
      if (entry.path().extension() != ".diff") continue;
      Fixture fixture;
      fixture.rule = folder.path().filename().string();
      fixture.diff = entry.path();
      std::filesystem::path meta = entry.path();
      meta.replace_extension(".meta.json");
      if (std::filesystem::exists(meta)) fixture.meta = meta;
      std::string name = fixture.rule + "_" + entry.path().stem().string();
      for (char& c : name)
        if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
      fixture.test_name = name;
      fixtures.push_back(std::move(fixture));
    }
  }
  std::sort(fixtures.begin(), fixtures.end(), [](const Fixture& a, const Fixture& b) {
    return std::tie(a.rule, a.diff) < std::tie(b.rule, b.diff);
  });
  return fixtures;
}

}  // namespace atom::testing
