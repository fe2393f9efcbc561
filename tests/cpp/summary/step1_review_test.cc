// Step 1 context through the whole engine: meta JSON in, result JSON out.
#include <chrono>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "core/engine/review.h"
#include "core/report/review_json.h"
#include "tests/cpp/analysis/analysis_test_support.h"

namespace atom {
namespace {

using nlohmann::json;

json review(const std::string& diff, const std::string& meta) {
  const json result = json::parse(review_to_json_text(diff, meta), nullptr, false);
  EXPECT_FALSE(result.is_discarded());
  return result;
}

const char* kMeta = R"({"repo": "ROCm/ATOM", "author": "carol", "base_ref": "main", "body": "Fixes #1540",
  "comments": [{"author": "alice", "body": "Why?", "path": "atom/a.py", "line": 10},
               {"author": "carol", "body": "because"}],
  "reviews": [{"author": {"login": "copilot-pull-request-reviewer"}, "body": "Summary"}],
  "checks": [{"name": "docs/readthedocs.com:rocm-atom", "state": "FAILURE"},
             {"name": "unit", "bucket": "fail", "link": "https://ci/unit"},
             {"name": "lint", "bucket": "pass"}]})";

TEST(Step1Review, MetaFactsReachTheResultAndTheCard) {
  const json result = review(testing::one_hunk_diff("atom/a.py", "+x = 1\n"), kMeta);
  EXPECT_EQ(result["context"]["linked_issues"], (json{"#1540"}));
  EXPECT_EQ(result["context"]["review_comments"]["total"], 1);
  EXPECT_EQ(result["context"]["review_comments"]["authors"], (json{"alice"}));
  ASSERT_EQ(result["ci"].size(), 2u);
  EXPECT_EQ(result["ci"][0]["name"], "unit");
  EXPECT_EQ(result["ci"][0]["url"], "https://ci/unit");
  EXPECT_EQ(result["ci"][1]["class"], "unrelated");
  const std::string draft = result["draft"];
  EXPECT_NE(draft.find("🔗 Linked issue: #\xE2\x81\xA0" "1540."), std::string::npos) << draft;
  EXPECT_NE(draft.find("💬 1 prior human review comment (inline, by alice)"), std::string::npos) << draft;
  EXPECT_NE(draft.find("🧪 CI unrelated: `docs/readthedocs.com:rocm-atom`"), std::string::npos) << draft;
}

TEST(Step1Review, RenamingADocsFileOutOfDocsCountsAsADocsChange) {
  const std::string rename =
      "diff --git a/docs/guide.rst b/atom/guide_notes.txt\nsimilarity index 100%\n"
      "rename from docs/guide.rst\nrename to atom/guide_notes.txt\n";
  const json result = review(rename, R"({"checks": [{"name": "docs", "state": "failure"}]})");
  ASSERT_EQ(result["ci"].size(), 1u);
  EXPECT_EQ(result["ci"][0]["class"], "worth_a_look");
  EXPECT_NE(result["ci"][0]["reason"].get<std::string>().find("docs/guide.rst"), std::string::npos);
}

TEST(Step1Review, HugeInputsStayFast) {
  std::string body;
  for (int i = 0; i < 100000; ++i) body += "fixes #" + std::to_string(i) + " ";
  json meta = {{"body", body}, {"comments", json::array()}, {"checks", json::array()}};
  for (int i = 0; i < 20000; ++i) {
    meta["comments"].push_back({{"author", "r" + std::to_string(i)}, {"body", std::string(2000, 'x')}});
    meta["checks"].push_back({{"name", "docs " + std::to_string(i)}, {"state", "failure"}});
  }
  const auto start = std::chrono::steady_clock::now();
  const json result = review(testing::one_hunk_diff("atom/a.py", "+x = 1\n"), meta.dump());
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(20));
  EXPECT_EQ(result["context"]["linked_issues"].size(), 100000u);
  EXPECT_EQ(result["context"]["review_comments"]["total"], 20000);
  EXPECT_EQ(result["context"]["review_comments"]["items"].size(), 20u);
  EXPECT_EQ(result["ci"].size(), 20000u);
}

}  // namespace
}  // namespace atom
