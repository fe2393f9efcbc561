#include "cli/repo_snapshot.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>

namespace atom::cli {

namespace fs = std::filesystem;

bool read_repository_snapshot(const std::string& dir, std::vector<SnapshotFile>& out, std::string& error) {
  std::error_code code;
  if (!fs::is_directory(dir, code)) {
    error = dir + ": --repo needs a directory (a checkout at the pull request's head)";
    return false;
  }
  std::vector<std::pair<std::string, fs::path>> found;
  fs::recursive_directory_iterator walk(dir, fs::directory_options::skip_permission_denied, code);
  for (; !code && walk != fs::recursive_directory_iterator(); walk.increment(code)) {
    const fs::directory_entry& entry = *walk;
    const std::string name = entry.path().filename().string();
    if (entry.is_symlink(code)) continue;
    if (entry.is_directory(code)) {
      if (name == ".git") walk.disable_recursion_pending();
      continue;
    }
    const std::string relative = entry.path().lexically_relative(dir).generic_string();
    if (!entry.is_regular_file(code) || !RepositoryIndex::indexes_path(relative)) continue;
    if (entry.file_size(code) > RepositoryIndex::kMaxIndexedFileBytes || code) continue;
    found.emplace_back(relative, entry.path());
  }
  std::sort(found.begin(), found.end());
  size_t total = 0;
  for (const auto& [relative, full] : found) {
    std::ifstream stream(full, std::ios::binary);
    std::string bytes((std::istreambuf_iterator<char>(stream)), std::istreambuf_iterator<char>());
    if (stream.bad() || total + bytes.size() > kMaxSnapshotBytes) continue;
    total += bytes.size();
    out.push_back({relative, std::move(bytes)});
  }
  return true;
}

}  // namespace atom::cli
