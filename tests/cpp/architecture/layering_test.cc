// The core's layers, lowest first: a file under core/<layer>/ may include its own layer and the
// layers before it, never one after. Read from the sources, so a wrong include fails here.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include <re2/re2.h>

namespace atom {
namespace {

namespace fs = std::filesystem;

// The data flows diff → syntax → analysis → repository → rules → engine → report; model, syntax,
// tiers and packs are the plain data and knowledge everything reads, repository the index of the
// whole snapshot that rules query, result the review's outcome as data (which
// summary fills and report renders). Each layer is its own library (CMakeLists.txt), linked only
// to the layers before it, so a call into a later layer also fails to link.
const std::vector<std::string> kLayers = {"model",      "syntax", "tiers",  "diff",    "packs",  "analysis",
                                          "repository", "rules",  "result", "summary", "engine", "report"};

int rank_of(const std::string& layer) {
  const auto it = std::find(kLayers.begin(), kLayers.end(), layer);
  return it == kLayers.end() ? -1 : static_cast<int>(it - kLayers.begin());
}

TEST(Layering, EveryCoreLayerIsKnown) {
  for (const auto& entry : fs::directory_iterator(fs::path(ATOM_SOURCE_DIR) / "core"))
    if (entry.is_directory()) EXPECT_GE(rank_of(entry.path().filename().string()), 0) << entry.path();
}

TEST(Layering, NoCoreFileIncludesALaterLayer) {
  static const RE2 kInclude(R"re(^\s*#\s*include\s+"core/(\w+)/)re");
  size_t includes = 0;
  std::vector<std::string> wrong;
  for (const auto& entry : fs::recursive_directory_iterator(fs::path(ATOM_SOURCE_DIR) / "core")) {
    const std::string extension = entry.path().extension().string();
    if (!entry.is_regular_file() || (extension != ".h" && extension != ".cc" && extension != ".inc")) continue;
    const fs::path relative = fs::relative(entry.path(), fs::path(ATOM_SOURCE_DIR) / "core");
    const std::string layer = relative.begin()->string();
    const int rank = rank_of(layer);
    std::ifstream in(entry.path());
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
      std::string included;
      if (!RE2::PartialMatch(line, kInclude, &included)) continue;
      ++includes;
      if (rank_of(included) > rank)
        wrong.push_back("core/" + relative.string() + ":" + std::to_string(number) + " (" + layer + ") includes core/" +
                        included);
    }
  }
  EXPECT_GT(includes, 200u);
  EXPECT_TRUE(wrong.empty()) << [&] {
    std::string all;
    for (const std::string& w : wrong) all += w + "\n";
    return all;
  }();
}

}  // namespace
}  // namespace atom
