// Helpers for rule tests: run one rule on a diff, and list/read the fixtures under tests/rules/.
#pragma once
#include <filesystem>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>
#include "core/model/pr_meta.h"
#include "core/rules/finding.h"

namespace atom::testing {

// The meta a fixture gets when it has no .meta.json beside it: an ATOM PR with a neutral
// title and an empty (but present) description.
PrMeta default_fixture_meta();

// Parses `diff`, builds the review model and runs the rule `rule_id` alone (no red gate, no
// folding), so that every hit the rule reports is visible. Unknown rule → ADD_FAILURE, empty.
std::vector<Finding> run_rule(const std::string& rule_id, std::string_view diff,
                              const PrMeta& meta = default_fixture_meta());

std::string read_text_file(const std::filesystem::path& path);

struct Fixture {
  std::string rule;                     // the folder name: tests/rules/<rule>/
  std::filesystem::path diff;           // .../fires_basic.diff
  std::filesystem::path meta;           // .../fires_basic.meta.json, empty when absent
  std::string test_name;                // "HK4_fires_basic" (gtest-safe)
};

// gtest prints a failing parameter with this instead of its bytes.
void PrintTo(const Fixture& fixture, std::ostream* out);

std::filesystem::path fixtures_root();  // <source>/tests/rules
std::vector<Fixture> all_fixtures();    // sorted by rule, then file name

}  // namespace atom::testing
