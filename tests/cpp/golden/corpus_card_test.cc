// The card's promises, checked over every real corpus PR (diff + merge-commit title/body):
// no rule ID anywhere in the drafted text; every finding has a problem, an impact, an action that
// starts "Author must" / "Reviewer should ask", and a tag; every red finding names its trigger and
// is verified; every finding bullet of the card ends with its tag.
#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <re2/re2.h>

#include "core/engine/review.h"
#include "core/report/review_json.h"
#include "core/report/render.h"
#include "core/rules/registry.h"
#include "tests/cpp/ci/ci_test_support.h"

namespace atom {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

bool starts_with(const std::string& text, const std::string& prefix) { return text.rfind(prefix, 0) == 0; }

// The bullets of the card that are findings.
std::vector<std::string> finding_bullets(const std::string& card) {
  std::vector<std::string> bullets;
  std::istringstream lines(card);
  for (std::string line; std::getline(lines, line);)
    if (starts_with(line, "- 🔴") || starts_with(line, "- ⚠️") || starts_with(line, "- 📝")) bullets.push_back(line);
  return bullets;
}

void check_result(const std::string& name, const json& result) {
  SCOPED_TRACE(name);
  const std::string draft = result["draft"].get<std::string>();
  for (const Rule* rule : all_rules()) {
    const RE2 whole_word("\\b" + RE2::QuoteMeta(rule->meta().id) + "\\b");
    EXPECT_FALSE(RE2::PartialMatch(draft, whole_word)) << "rule id " << rule->meta().id << " in the card";
  }
  for (const json& finding : result["findings"]) {
    const std::string rule = finding["rule"].get<std::string>();
    SCOPED_TRACE(rule);
    EXPECT_FALSE(finding["problem"].get<std::string>().empty());
    EXPECT_FALSE(finding["impact"].get<std::string>().empty());
    const std::string action = finding["action"].get<std::string>();
    const std::string tag = finding["tag"].get<std::string>();
    EXPECT_TRUE(tag == "verified" || tag == "inferred") << tag;
    EXPECT_TRUE(starts_with(action, tag == "verified" ? "Author must " : "Reviewer should ask ")) << action;
    if (finding["severity"] == "red") {
      EXPECT_TRUE(finding["trigger"].is_string() && !finding["trigger"].get<std::string>().empty());
      EXPECT_EQ(tag, "verified") << "an inferred finding is never red";
    }
  }
  const std::vector<std::string> bullets = finding_bullets(draft);
  EXPECT_EQ(bullets.size(), result["findings"].size());
  for (const std::string& bullet : bullets) {
    const bool tagged = bullet.size() > 11 && (bullet.substr(bullet.size() - 10) == "[verified]" ||
                                                bullet.substr(bullet.size() - 10) == "[inferred]");
    EXPECT_TRUE(tagged) << bullet;
  }
}

class CorpusCard : public ::testing::TestWithParam<const char*> {};

TEST_P(CorpusCard, EveryCardKeepsItsPromises) {
  const fs::path dir = ci_test::corpus_dir() / GetParam();
  if (!fs::exists(dir)) GTEST_SKIP() << "no shared corpus at " << dir;
  const std::vector<fs::path> diffs = ci_test::diffs_in(dir);
  ASSERT_FALSE(diffs.empty());
  size_t with_findings = 0;
  for (const fs::path& diff : diffs) {
    const fs::path meta_path = ci_test::meta_beside(diff);
    const std::string meta = fs::exists(meta_path) ? ci_test::read_file(meta_path) : std::string();
    const json result = json::parse(review_to_json_text(ci_test::read_file(diff), meta), nullptr, false);
    ASSERT_FALSE(result.is_discarded()) << diff;
    if (!result["findings"].empty()) ++with_findings;
    check_result(diff.filename().string(), result);
  }
  EXPECT_GT(with_findings, 0u) << "no finding at all: the checks above would be empty";
}

INSTANTIATE_TEST_SUITE_P(Corpus, CorpusCard, ::testing::Values("atom", "aiter"));

}  // namespace
}  // namespace atom
