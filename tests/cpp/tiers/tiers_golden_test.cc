// The seed's backbone table, reproduced from the real ATOM git log (contract.md "Golden fact").
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>

#include <gtest/gtest.h>

#include "core/tiers/commit_counts.h"

namespace atom {
namespace {

TEST(TiersGolden, AtomGitLogReproducesTheSeedTable) {
  const std::string path = std::string(ATOM_SHARED_DIR) + "/corpus/atom-gitlog.txt";
  if (!std::filesystem::exists(path)) GTEST_SKIP() << path << " not present";
  std::ifstream file(path, std::ios::binary);
  const std::string text((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  const GitLog log = parse_git_log(text);
  ASSERT_EQ(log.error, "");
  const auto counts = count_commits_per_file(log.commits, *parse_iso_time("2025-01-01", DateBound::StartOfDay),
                                             *parse_iso_time("2026-06-23T16:00+08:00", DateBound::EndOfDay));
  std::map<std::string, int> by_path;
  for (const FileCommitCount& row : counts) by_path[row.path] = row.commits;
  const std::map<std::string, int> seed = {
      {"atom/model_engine/model_runner.py", 158}, {"atom/config.py", 91},
      {"atom/model_ops/moe.py", 69},             {"atom/models/deepseek_v2.py", 68},
      {"atom/model_engine/scheduler.py", 68},    {"atom/model_ops/attention_mla.py", 54},
      {"atom/model_ops/attentions/aiter_mla.py", 52}, {"atom/model_ops/linear.py", 49},
      {"atom/model_ops/attention_mha.py", 46},   {"atom/models/deepseek_v4.py", 34},
      {"atom/model_ops/layernorm.py", 32},
  };
  for (const auto& [file, commits] : seed) EXPECT_EQ(by_path[file], commits) << file;
  ASSERT_FALSE(counts.empty());
  EXPECT_EQ(counts.front().path, "atom/model_engine/model_runner.py");
}

}  // namespace
}  // namespace atom
