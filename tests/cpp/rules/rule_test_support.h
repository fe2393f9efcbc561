// Helpers for rule tests: run one rule on a diff, and list/read the fixtures under tests/rules/.
#pragma once
#include <filesystem>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>
#include "core/diff/widen_to_whole_files.h"
#include "core/model/diff.h"
#include "core/model/pr_meta.h"
#include "core/repository/repository_index.h"
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

// The same, "whole-file", as `review --repo` sees it: each file's head is `head[path]` where given,
// else made from the diff alone (head_from_new_side); the files are widened to whole files with
// their bases rebuilt, and the differential filter drops what the whole base already had. A head
// that does not agree with the diff is a test failure.
// With `repository`, the rules that check the change against the whole repository run too.
std::vector<Finding> run_rule_whole_file(const std::string& rule_id, std::string_view diff,
                                         const PrMeta& meta = default_fixture_meta(), const HeadFiles& head = {},
                                         const RepositoryIndex* repository = nullptr);

// True when the diff shows every file's whole head, or `head` holds it: added, deleted or binary
// files, and files whose hunks run on from line 1 without a gap (taken to end where the last hunk
// ends).
bool shows_whole_heads(const ParsedDiff& diff, const HeadFiles& head = {});

// A head text for a fixture's file: the new side of its hunks at their own line numbers, every
// line the diff does not show as an empty line (a blank line changes neither Python nor C++
// structure). Where a hunk starts at line 1 and runs to the end, that is exactly the file.
std::string head_from_new_side(const FileDiff& file);

std::string read_text_file(const std::filesystem::path& path);

// Every regular file under `dir`, keyed by its path relative to `dir` ('/'-separated).
HeadFiles read_head_files(const std::filesystem::path& dir);

struct Fixture {
  std::string rule;                     // the folder name: tests/rules/<rule>/
  std::filesystem::path diff;           // .../fires_basic.diff
  std::filesystem::path meta;           // .../fires_basic.meta.json, empty when absent
  std::filesystem::path head;           // .../fires_basic.head/, the files whole; empty when absent
  // .../fires_basic.repo/, the whole repository at the PR's head (the rules that verify against the
  // repository, core/repository); empty when absent. Such a fixture runs whole-file only.
  std::filesystem::path repo;
  std::string test_name;                // "HK4_fires_basic" (gtest-safe)
};

// gtest prints a failing parameter with this instead of its bytes.
void PrintTo(const Fixture& fixture, std::ostream* out);

// <source>/tests/rules, or $ATOM_RULE_FIXTURES when set (to run a built atom_tests on another
// checkout's fixtures).
std::filesystem::path fixtures_root();
std::vector<Fixture> all_fixtures();    // sorted by rule, then file name

}  // namespace atom::testing
