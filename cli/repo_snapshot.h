// `--repo DIR` read whole: every source file below DIR (core/repository/repository_index.h
// indexes_path), for the rules that check a change against the rest of the repository.
#pragma once
#include <string>
#include <vector>

#include "core/repository/repository_index.h"

namespace atom::cli {

// Appends to `out` each indexed file below `dir` (relative '/'-separated paths), skipping `.git`,
// symbolic links, files over RepositoryIndex::kMaxIndexedFileBytes, and
// everything past kMaxSnapshotBytes in path order. Returns false with a line naming `dir` when it
// is not a readable directory.
bool read_repository_snapshot(const std::string& dir, std::vector<SnapshotFile>& out, std::string& error);

inline constexpr size_t kMaxSnapshotBytes = size_t{256} << 20;

}  // namespace atom::cli
