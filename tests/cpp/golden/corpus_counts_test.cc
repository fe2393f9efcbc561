// Golden test on real data: every corpus diff (`git show --format= --patch -M` of recent
// ROCm/ATOM and ROCm/aiter commits) must parse without errors into exactly the number of files
// and the added/deleted line counts that git's --numstat recorded in index.tsv.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <cstdio>
#include <map>

#include <nlohmann/json.hpp>

#include "core/diff/parse_diff.h"

namespace atom {
namespace {

namespace fs = std::filesystem;

struct CorpusEntry {
  std::string sha;
  int files_changed = 0, added_lines = 0, deleted_lines = 0;
};

std::vector<std::string> split_tabs(const std::string& line) {
  std::vector<std::string> fields;
  std::stringstream stream(line);
  std::string field;
  while (std::getline(stream, field, '\t')) fields.push_back(field);
  return fields;
}

std::vector<CorpusEntry> read_index(const fs::path& index_path) {
  std::ifstream in(index_path);
  std::vector<CorpusEntry> entries;
  std::string line;
  std::getline(in, line);  // column names
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    std::vector<std::string> f = split_tabs(line);
    if (f.size() < 5) {
      ADD_FAILURE() << index_path << ": short row: " << line;
      continue;
    }
    entries.push_back({f[0], std::stoi(f[2]), std::stoi(f[3]), std::stoi(f[4])});
  }
  return entries;
}

std::string read_bytes(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

int check_corpus(const fs::path& dir) {
  std::vector<CorpusEntry> entries = read_index(dir / "index.tsv");
  EXPECT_FALSE(entries.empty()) << dir;
  for (const CorpusEntry& entry : entries) {
    fs::path diff_path = dir / (entry.sha.substr(0, 10) + ".diff");
    SCOPED_TRACE(diff_path.string());
    if (!fs::exists(diff_path)) {
      ADD_FAILURE() << "missing diff file";
      continue;
    }
    ParsedDiff parsed = parse_diff(read_bytes(diff_path));
    int added = 0, deleted = 0;
    for (const FileDiff& file : parsed.files) {
      added += file.additions;
      deleted += file.deletions;
    }
    EXPECT_TRUE(parsed.looks_like_diff);
    EXPECT_EQ(parsed.files.size(), static_cast<size_t>(entry.files_changed));
    EXPECT_EQ(added, entry.added_lines);
    EXPECT_EQ(deleted, entry.deleted_lines);
    for (const ParseError& error : parsed.errors) {
      ADD_FAILURE() << error.code << " at line " << error.line << ": " << error.message;
    }
  }
  return static_cast<int>(entries.size());
}

class CorpusCounts : public ::testing::TestWithParam<const char*> {};

TEST_P(CorpusCounts, FilesAndLineCountsMatchNumstat) {
  fs::path dir = fs::path(ATOM_SHARED_DIR) / "corpus" / GetParam();
  if (!fs::exists(dir / "index.tsv")) GTEST_SKIP() << "no shared corpus at " << dir;
  int checked = check_corpus(dir);
  RecordProperty("diffs_checked", checked);
}

// The same numbers as the product reports them: `atom-review batch` (one JSON result per diff,
// identical to `review --format json`) must carry index.tsv's counts in stats.
TEST_P(CorpusCounts, CliJsonStatsMatchNumstat) {
  fs::path dir = fs::path(ATOM_SHARED_DIR) / "corpus" / GetParam();
  if (!fs::exists(dir / "index.tsv")) GTEST_SKIP() << "no shared corpus at " << dir;
  std::map<std::string, CorpusEntry> expected;
  for (const CorpusEntry& entry : read_index(dir / "index.tsv")) expected[entry.sha.substr(0, 10)] = entry;

  const std::string command = std::string(ATOM_CLI_PATH) + " batch --jobs 2 '" + dir.string() + "'";
  FILE* pipe = popen(command.c_str(), "r");
  ASSERT_NE(pipe, nullptr) << command;
  std::string output;
  char buffer[1 << 16];
  for (size_t n; (n = fread(buffer, 1, sizeof buffer, pipe)) > 0;) output.append(buffer, n);
  ASSERT_EQ(pclose(pipe), 0) << command;

  size_t compared = 0;
  std::istringstream lines(output);
  for (std::string line; std::getline(lines, line);) {
    const nlohmann::json result = nlohmann::json::parse(line, nullptr, false);
    ASSERT_FALSE(result.is_discarded()) << "not JSON: " << line.substr(0, 200);
    if (!result.contains("input")) continue;  // the summary line
    const std::string stem = fs::path(result["input"].get<std::string>()).stem().string();
    SCOPED_TRACE(stem);
    auto it = expected.find(stem);
    ASSERT_NE(it, expected.end()) << "a result for a diff index.tsv does not list";
    EXPECT_EQ(result["stats"]["files"], it->second.files_changed);
    EXPECT_EQ(result["stats"]["additions"], it->second.added_lines);
    EXPECT_EQ(result["stats"]["deletions"], it->second.deleted_lines);
    EXPECT_EQ(result["files"].size(), static_cast<size_t>(it->second.files_changed));
    ++compared;
  }
  EXPECT_EQ(compared, expected.size());
}

INSTANTIATE_TEST_SUITE_P(Corpus, CorpusCounts, ::testing::Values("atom", "aiter"));

}  // namespace
}  // namespace atom
