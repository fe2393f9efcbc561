// Helpers for rule tests: run one rule on a diff, and list/read the fixtures under tests/rules/.
#pragma once
#include <filesystem>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>
#include "core/model/diff.h"
#include "core/model/pr_meta.h"
#include "core/rules/finding.h"

namespace atom::testing {

// The meta a fixture gets when it has no .meta.json beside it: an ATOM PR with a neutral
// title and an empty (but present) description.
PrMeta default_fixture_meta();

// Parses `diff`, builds the review model and runs the rule `rule_id` alone (no red gate, no
// folding), less what it also finds on the hunks' old sides (the differential filter,
// core/engine/baseline_filter.h, as the engine applies it). Unknown rule → ADD_FAILURE, empty.
std::vector<Finding> run_rule(const std::string& rule_id, std::string_view diff,
                              const PrMeta& meta = default_fixture_meta());

// The same, "whole-file", as `review --repo` sees it: each file's head is made from the diff alone
// (head_from_new_side), the files are widened to whole files with their bases rebuilt, and the
// differential filter drops what the whole base already had.
std::vector<Finding> run_rule_whole_file(const std::string& rule_id, std::string_view diff,
                                         const PrMeta& meta = default_fixture_meta());

// True when the diff shows every file's whole head: added, deleted or binary files, and files
// whose hunks run on from line 1 without a gap (taken to end where the last hunk ends).
bool shows_whole_heads(const ParsedDiff& diff);

// A head text for a fixture's file: the new side of its hunks at their own line numbers, every
// line the diff does not show as an empty line (a blank line changes neither Python nor C++
// structure). Where a hunk starts at line 1 and runs to the end, that is exactly the file.
std::string head_from_new_side(const FileDiff& file);

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
