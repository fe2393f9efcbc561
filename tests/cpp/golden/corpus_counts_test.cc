// Golden test on real data: every corpus diff (`git show --format= --patch -M` of recent
// ROCm/ATOM and ROCm/aiter commits) must parse without errors into exactly the number of files
// and the added/deleted line counts that git's --numstat recorded in index.tsv.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

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

INSTANTIATE_TEST_SUITE_P(Corpus, CorpusCounts, ::testing::Values("atom", "aiter"));

}  // namespace
}  // namespace atom
