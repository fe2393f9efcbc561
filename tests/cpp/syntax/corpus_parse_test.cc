// The grammars on real files: every Python and C/C++/HIP head file of the first corpus commits of
// each repository (by name) that touch such files, as scripts/corpus-trees lays them out. Skips when ../shared is absent.
// Prints the error-node rate and the parse throughput (measured, not asserted).
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <utility>
#include <sstream>
#include <string>
#include <vector>

#include "core/analysis/file_syntax.h"
#include "tests/cpp/ci/ci_test_support.h"

namespace atom::syntax {
namespace {

namespace fs = std::filesystem;

constexpr size_t kCommitsPerGrammar = 10;  // per repository and grammar


struct Tally {
  size_t files = 0, clean_files = 0, error_nodes = 0, bytes = 0, lines = 0;
  size_t sparse_files = 0;  // at most one error node per 100 lines
  double seconds = 0;
};

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(CorpusParse, HeadFilesOfRealCommitsParseWithFewErrors) {
  if (!fs::exists(fs::path(ATOM_SHARED_DIR) / "repos")) GTEST_SKIP() << "no ../shared (repos/)";
  const std::string root = ci_test::corpus_trees_dir();
  if (root.empty() || !fs::is_directory(root)) GTEST_SKIP() << "scripts/corpus-trees made no trees";

  Tally python, cpp;
  for (const char* repo : {"atom", "aiter"}) {
    std::vector<fs::path> commits;
    for (const auto& entry : fs::directory_iterator(fs::path(root) / repo)) commits.push_back(entry.path());
    std::sort(commits.begin(), commits.end());
    size_t python_commits = 0, cpp_commits = 0;
    for (const fs::path& commit : commits) {
      if (!fs::is_directory(commit / "head")) continue;
      std::vector<std::pair<fs::path, Grammar>> files;
      bool has_python = false, has_cpp = false;
      for (const auto& entry : fs::recursive_directory_iterator(commit / "head")) {
        const auto grammar = entry.is_regular_file() ? ast::grammar_for_path(entry.path().string()) : std::nullopt;
        if (!grammar) continue;
        files.emplace_back(entry.path(), *grammar);
        (*grammar == Grammar::Python ? has_python : has_cpp) = true;
      }
      const bool take_python = has_python && python_commits < kCommitsPerGrammar;
      const bool take_cpp = has_cpp && cpp_commits < kCommitsPerGrammar;
      python_commits += take_python;
      cpp_commits += take_cpp;
      for (const auto& [path, grammar] : files) {
        if (!(grammar == Grammar::Python ? take_python : take_cpp)) continue;
        std::string text = read_file(path);
        Tally& tally = grammar == Grammar::Python ? python : cpp;
        const auto start = std::chrono::steady_clock::now();
        const SyntaxTree tree(grammar, std::move(text));
        tally.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        const size_t errors = tree.error_count() + tree.missing_count();
        ++tally.files;
        tally.clean_files += errors == 0;
        tally.sparse_files += errors * 100 <= static_cast<size_t>(tree.line_count());
        tally.error_nodes += errors;
        tally.bytes += tree.text().size();
        tally.lines += static_cast<size_t>(tree.line_count());
        if (errors > 20) std::printf("[corpus-parse] %zu error nodes in %s\n", errors, path.c_str());
      }
    }
  }
  for (const auto& [name, tally] : {std::pair<const char*, const Tally&>{"python", python}, {"cpp", cpp}}) {
    std::printf("[corpus-parse] %s: %zu files, %zu clean (%.1f%%), %zu with <= 1 error node per 100 lines, "
                "%zu error nodes (%.2f per 1000 lines), %.1f MB in %.3f s = %.1f MB/s\n",
                name, tally.files, tally.clean_files, tally.files ? 100.0 * tally.clean_files / tally.files : 0.0,
                tally.sparse_files,
                tally.error_nodes, tally.lines ? 1000.0 * tally.error_nodes / tally.lines : 0.0, tally.bytes / 1e6,
                tally.seconds, tally.seconds > 0 ? tally.bytes / 1e6 / tally.seconds : 0.0);
  }
  ASSERT_GT(python.files, 20u);
  ASSERT_GT(cpp.files, 5u);
  // Python is the grammar's own language: nearly every real file parses without an error node.
  EXPECT_GE(python.clean_files * 100, python.files * 97);
  EXPECT_LT(1000.0 * python.error_nodes / python.lines, 0.5);
  // C++/HIP: macros the grammar cannot expand (operator-generating macros, say) can wreck one
  // file, but most parse clean and nearly all keep errors rare.
  EXPECT_GE(cpp.clean_files * 100, cpp.files * 60);
  EXPECT_GE(cpp.sparse_files * 100, cpp.files * 85);
}

}  // namespace
}  // namespace atom::syntax
