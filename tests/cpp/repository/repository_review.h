// The whole review of a PR given as a diff file and its repository at the head (a folder), as
// `review --repo DIR` runs it: the touched files read whole from DIR, every file indexed.
#pragma once
#include <filesystem>

#include "core/engine/review.h"
#include "core/packs/builtin_packs.h"
#include "tests/cpp/rules/rule_test_support.h"

namespace atom::testing {

// Without `with_repository` the same files are read whole and nothing is indexed.
inline ReviewResult review_with_repository_dir(const std::filesystem::path& diff_path, const std::filesystem::path& repo,
                                               const PrMeta& meta, bool with_repository = true) {
  const std::string diff = read_text_file(diff_path);
  const HeadFiles head = read_head_files(repo);
  const Pack& pack = builtin_pack_for_repo(meta.repo);
  if (!with_repository) return run_review(diff, meta, nlohmann::json::object(), pack, head);
  std::vector<SnapshotFile> snapshot;
  for (const auto& [path, bytes] : head) snapshot.push_back({path, bytes});
  const RepositoryIndex repository(std::move(snapshot));
  return run_review(diff, meta, nlohmann::json::object(), pack, head, repository);
}

}  // namespace atom::testing
