// On every real corpus diff: the base rebuilt by reverse_apply(head, diff) is the base/ file that
// scripts/corpus-trees extracted from the window bundles, byte for byte, for every touched text
// file. The exceptions are the window commits that fold an original commit missing from the
// corpus (../shared/repos/README.md): their parent is older than the corpus diff's base. They are
// found here from the history itself (corpus/<repo>-gitlog.txt: a corpus commit whose next older
// commit is not in the corpus), not listed by hand.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "core/diff/parse_diff.h"
#include "core/diff/reverse_apply.h"
#include "tests/cpp/ci/ci_test_support.h"

namespace atom {
namespace {

namespace fs = std::filesystem;

std::string read_all(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}


// sha10 of the corpus commits whose window commit folds in an earlier commit missing from the corpus.
std::set<std::string> folded_commits(const fs::path& corpus, const std::string& repo) {
  std::set<std::string> in_corpus;
  std::istringstream index(read_all(corpus / repo / "index.tsv"));
  std::string row;
  std::getline(index, row);  // header
  while (std::getline(index, row)) in_corpus.insert(row.substr(0, row.find('\t')));
  std::vector<std::string> log;  // newest first
  std::istringstream history(read_all(corpus / (repo + "-gitlog.txt")));
  while (std::getline(history, row))
    if (row.rfind("commit ", 0) == 0) log.push_back(row.substr(7, 40));
  std::set<std::string> folded;
  size_t oldest = 0;
  for (size_t i = 0; i < log.size(); ++i)
    if (in_corpus.count(log[i])) oldest = i;
  for (size_t i = 0; i < oldest; ++i)
    if (in_corpus.count(log[i]) && !in_corpus.count(log[i + 1])) folded.insert(log[i].substr(0, 10));
  return folded;
}

struct Tally {
  int files = 0, agree = 0, folded_differ = 0;
  std::vector<std::string> failures;
};

void check_diff(const fs::path& diff_path, const fs::path& trees, bool folded, Tally& tally) {
  const ParsedDiff diff = parse_diff(read_all(diff_path));
  const fs::path dir = trees / diff_path.stem();
  for (const FileDiff& file : diff.files) {
    if (file.binary) continue;
    const fs::path head = dir / "head" / file.new_path, base = dir / "base" / file.old_path;
    std::optional<std::string> rebuilt, expected;
    if (file.status == FileStatus::Added) {
      rebuilt = whole_side_from_diff(file, LineKind::Added);
      expected = read_all(head);
    } else if (file.status == FileStatus::Deleted) {
      rebuilt = whole_side_from_diff(file, LineKind::Removed);
      expected = read_all(base);
    } else {
      if (!fs::exists(head)) continue;  // a symlink or submodule git archive did not write as a file
      rebuilt = reverse_apply(file, read_all(head));
      expected = read_all(base);
    }
    ++tally.files;
    if (rebuilt == expected) {
      ++tally.agree;
    } else if (folded) {
      ++tally.folded_differ;
    } else {
      tally.failures.push_back(diff_path.filename().string() + " " + file.path() + (rebuilt ? " (base differs)" : " (head disagrees)"));
    }
  }
}

TEST(ReverseApplyCorpus, RebuildsEveryBaseFileExceptFoldedWindowCommits) {
  const fs::path corpus = fs::path(ATOM_SHARED_DIR) / "corpus";
  if (!fs::exists(corpus / "atom" / "index.tsv")) GTEST_SKIP() << "no shared corpus (../shared)";
  const std::string trees = ci_test::corpus_trees_dir();
  if (trees.empty()) GTEST_SKIP() << "scripts/corpus-trees made no trees (../shared/repos absent?)";
  Tally tally;
  int diffs = 0;
  for (const std::string repo : {"atom", "aiter"}) {
    const std::set<std::string> folded = folded_commits(corpus, repo);
    for (const auto& entry : fs::directory_iterator(corpus / repo)) {
      if (entry.path().extension() != ".diff") continue;
      ++diffs;
      check_diff(entry.path(), fs::path(trees) / repo, folded.count(entry.path().stem().string()) > 0, tally);
    }
  }
  std::cout << "[ reverse-apply ] " << diffs << " diffs, " << tally.files << " text files: " << tally.agree
            << " agree, " << tally.folded_differ << " differ in folded window commits, " << tally.failures.size()
            << " differ elsewhere\n";
  EXPECT_GT(diffs, 0);
  EXPECT_GT(tally.agree, 0);
  for (const std::string& failure : tally.failures) ADD_FAILURE() << failure;
}

}  // namespace
}  // namespace atom
