// The index on real trees (ATOM and aiter after the earlier PRs, from ../shared/earlier's
// bundles): the files it says mention a name are exactly what `git grep -lw` lists, and the
// removed-name check finds nothing broken in a tree no PR touched. Skips without ../shared.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>

#include <gtest/gtest.h>

#include "core/repository/python_side.h"

namespace atom {
namespace {

namespace fs = std::filesystem;

std::string run(const std::string& command) {
  std::string out;
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return out;
  char buffer[65536];
  for (size_t n; (n = fread(buffer, 1, sizeof buffer, pipe)) > 0;) out.append(buffer, n);
  pclose(pipe);
  return out;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream stream(text);
  for (std::string line; std::getline(stream, line);)
    if (!line.empty()) lines.push_back(line);
  return lines;
}

// A checkout of the bundle's last commit (the tree after the earlier PRs), made once and reused.
fs::path checkout(const std::string& repo) {
  const fs::path bundle = fs::path(ATOM_SHARED_DIR) / "earlier" / (repo + ".bundle");
  if (!fs::exists(bundle)) return {};
  const fs::path dir = fs::temp_directory_path() / ("atom-review-real-tree-" + repo);
  const std::string quoted = "'" + dir.string() + "'";
  if (run("git -C " + quoted + " rev-parse -q --verify HEAD 2>/dev/null").empty()) {
    fs::remove_all(dir);
    run("git clone -q -b main '" + bundle.string() + "' " + quoted + " 2>&1");
  }
  return dir;
}

std::vector<SnapshotFile> snapshot_of(const fs::path& dir) {
  std::vector<SnapshotFile> files;
  for (const std::string& path : lines_of(run("git -C '" + dir.string() + "' ls-files"))) {
    if (!RepositoryIndex::indexes_path(path)) continue;
    std::ifstream stream(dir / path, std::ios::binary);
    files.push_back({path, std::string((std::istreambuf_iterator<char>(stream)), std::istreambuf_iterator<char>())});
  }
  return files;
}

class RealTree : public ::testing::TestWithParam<std::string> {};

TEST_P(RealTree, FilesMentioningMatchGitGrepWordForWord) {
  const fs::path dir = checkout(GetParam());
  if (dir.empty()) GTEST_SKIP() << "no ../shared/earlier";
  const RepositoryIndex index(snapshot_of(dir));
  ASSERT_GT(index.python_file_count(), 100u);
  // 30 module-scope names spread over the Python files in path order: functions, classes, constants.
  std::vector<std::string> all_names;
  for (const std::string& path : lines_of(run("git -C '" + dir.string() + "' ls-files '*.py'")))
    if (const PythonModuleScan* scan = index.python_scan(path))
      for (const auto& [name, line] : scan->definitions) all_names.push_back(name);
  ASSERT_GT(all_names.size(), 300u);
  std::vector<std::string> names;
  for (size_t i = 0; i < all_names.size(); i += all_names.size() / 30) names.push_back(all_names[i]);
  for (const std::string& name : names) {
    std::vector<std::string> grepped;
    for (const std::string& path :
         lines_of(run("cd '" + dir.string() + "' && LC_ALL=C git grep -lw -e '" + name + "' 2>/dev/null")))
      if (index.has_file(path)) grepped.push_back(path);
    EXPECT_EQ(index.files_mentioning(name), grepped) << name;
  }
}

// At a commit no PR has touched yet, a use that resolves to nothing was broken before any PR:
// the check only reports what a PR changes, but the count says how much a diff-blind grep would raise.
TEST_P(RealTree, MostInRepositoryImportsResolve) {
  const fs::path dir = checkout(GetParam());
  if (dir.empty()) GTEST_SKIP() << "no ../shared/earlier";
  const RepositoryIndex index(snapshot_of(dir));
  const PythonSide side(index);
  size_t in_repository = 0, resolved = 0;
  for (const std::string& path : lines_of(run("git -C '" + dir.string() + "' ls-files '*.py'"))) {
    const PythonModuleScan* scan = index.python_scan(path);
    if (scan == nullptr) continue;
    for (const PythonImport& entry : scan->imports) {
      const Resolution found = side.resolve(side.absolute_module(path, entry), entry.name == "*" ? "" : entry.name);
      if (found == Resolution::Unknown) continue;
      ++in_repository;
      resolved += found == Resolution::Resolves ? 1 : 0;
    }
  }
  ASSERT_GT(in_repository, 200u);
  EXPECT_GT(static_cast<double>(resolved) / static_cast<double>(in_repository), 0.97)
      << resolved << " of " << in_repository << " in-repository imports resolve";
}

INSTANTIATE_TEST_SUITE_P(EarlierBundles, RealTree, ::testing::Values("atom", "aiter"));

}  // namespace
}  // namespace atom
