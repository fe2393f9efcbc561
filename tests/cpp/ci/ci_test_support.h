// Shared by the CI-facing tests: running the built `atom-review`, temp folders, corpus listing.
#pragma once
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "core/rules/registry.h"

namespace atom::ci_test {

namespace fs = std::filesystem;

struct CliRun {
  int exit_code = -1;
  std::string out;
  std::string err;
};

inline std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

inline size_t count_lines(const std::string& text) {
  return static_cast<size_t>(std::count(text.begin(), text.end(), '\n'));
}

// A fresh folder per test, removed afterwards.
class CiTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("atom-ci-test-" + std::to_string(getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string write(const std::string& name, const std::string& content) {
    const fs::path path = dir_ / name;
    fs::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary) << content;
    return path.string();
  }

  // "--rule-status FILE " giving every rule `status` ("stable": the severity the rule gives;
  // "preview": notes only), for tests about severities rather than about the measured statuses.
  std::string rule_status_option(const std::string& status) {
    nlohmann::json rules = nlohmann::json::object();
    for (const Rule* rule : all_rules()) rules[rule->meta().id] = {{"status", status}};
    const std::string path = write("rule-status-" + status + ".json", nlohmann::json{{"rules", rules}}.dump());
    return "--rule-status '" + path + "' ";
  }

  // `args` goes to the shell as written: quote paths that may hold spaces.
  CliRun invoke(const std::string& args) {
    const std::string err_path = (dir_ / "stderr.txt").string();
    const std::string command = std::string("'") + ATOM_CLI_PATH + "' " + args + " 2>'" + err_path + "'";
    CliRun result;
    FILE* pipe = popen(command.c_str(), "r");
    if (!pipe) return result;
    std::array<char, 4096> buffer;
    size_t n;
    while ((n = fread(buffer.data(), 1, buffer.size(), pipe)) > 0) result.out.append(buffer.data(), n);
    const int status = pclose(pipe);
    result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    result.err = read_file(err_path);
    return result;
  }

  fs::path dir_;
};

// The *.diff files of `dir`, sorted.
inline std::vector<fs::path> diffs_in(const fs::path& dir) {
  std::vector<fs::path> diffs;
  std::error_code code;
  for (const auto& entry : fs::recursive_directory_iterator(dir, code))
    if (entry.is_regular_file() && entry.path().extension() == ".diff") diffs.push_back(entry.path());
  std::sort(diffs.begin(), diffs.end());
  return diffs;
}

// x.diff → x.meta.json beside it (the corpus and rule-fixture convention).
inline fs::path meta_beside(const fs::path& diff) { return diff.parent_path() / (diff.stem().string() + ".meta.json"); }

inline fs::path corpus_dir() { return fs::path(ATOM_SHARED_DIR) / "corpus"; }

// The folder scripts/corpus-trees prints (each corpus diff's touched files at head and base), or ""
// when it cannot make one (no ../shared).
inline std::string corpus_trees_dir() {
  const std::string command = "ATOM_SHARED_DIR='" + std::string(ATOM_SHARED_DIR) + "' '" +
                              std::string(ATOM_SOURCE_DIR) + "/scripts/corpus-trees' 2>/dev/null";
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return "";
  std::string out;
  char buffer[512];
  while (fgets(buffer, sizeof buffer, pipe) != nullptr) out += buffer;
  if (pclose(pipe) != 0) return "";
  while (!out.empty() && (out.back() == '\n' || out.back() == '\r')) out.pop_back();
  return out;
}

// Every corpus diff (atom, then aiter); empty when the shared folder is absent.
inline std::vector<fs::path> corpus_diffs() {
  std::vector<fs::path> all;
  for (const char* repo : {"atom", "aiter"}) {
    std::vector<fs::path> some = diffs_in(corpus_dir() / repo);
    all.insert(all.end(), some.begin(), some.end());
  }
  return all;
}

// Every `step`-th element, starting with the first: a fixed, spread-out sample.
inline std::vector<fs::path> every_nth(const std::vector<fs::path>& all, size_t step) {
  std::vector<fs::path> sample;
  for (size_t i = 0; i < all.size(); i += step) sample.push_back(all[i]);
  return sample;
}

inline std::string shell_quoted(const fs::path& path) { return "'" + path.string() + "'"; }

}  // namespace atom::ci_test
