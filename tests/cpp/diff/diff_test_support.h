// Helpers shared by the diff parser tests.
#pragma once
#include <gtest/gtest.h>

#include <fstream>
#include <numeric>
#include <sstream>
#include <string>

#include "core/diff/parse_diff.h"

namespace atom::diff_test {

// Reads tests/fixtures/diffs/<name>; fails the test when it is missing.
inline std::string read_fixture(const std::string& name) {
  std::string path = std::string(ATOM_SOURCE_DIR) + "/tests/fixtures/diffs/" + name;
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in.good()) << "missing fixture " << path;
  std::ostringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

inline const FileDiff* find_file(const ParsedDiff& diff, const std::string& path,
                                 int commit_index = 0) {
  for (const FileDiff& file : diff.files) {
    if (file.path() == path && file.commit_index == commit_index) return &file;
  }
  return nullptr;
}

inline int total_additions(const ParsedDiff& diff) {
  return std::accumulate(diff.files.begin(), diff.files.end(), 0,
                         [](int sum, const FileDiff& f) { return sum + f.additions; });
}

inline int total_deletions(const ParsedDiff& diff) {
  return std::accumulate(diff.files.begin(), diff.files.end(), 0,
                         [](int sum, const FileDiff& f) { return sum + f.deletions; });
}

}  // namespace atom::diff_test
