// A deeply nested meta is refused before parsing (found by tests/fuzz/fuzz_review: 200,000 nested
// arrays overflowed the stack where nlohmann copies the meta echoed in the result).
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "core/engine/review.h"
#include "core/report/review_json.h"
#include "core/model/pr_meta.h"

namespace atom {
namespace {

constexpr size_t kMaxMetaJsonDepth = 64;  // core/model/pr_meta.cc

std::string meta_nested(size_t arrays) {
  return "{\"repo\": \"ROCm/ATOM\", \"x\": " + std::string(arrays, '[') + std::string(arrays, ']') + "}";
}

TEST(PrMetaDepth, NestingUpToTheLimitParses) {
  const MetaParseResult parsed = parse_pr_meta(meta_nested(kMaxMetaJsonDepth - 1));  // + the top object
  EXPECT_EQ(parsed.error, "");
  EXPECT_EQ(parsed.meta.repo, "ROCm/ATOM");
}

TEST(PrMetaDepth, NestingPastTheLimitIsAnError) {
  const MetaParseResult parsed = parse_pr_meta(meta_nested(kMaxMetaJsonDepth));
  EXPECT_EQ(parsed.error, "meta JSON: arrays and objects nested deeper than 64 levels");
}

TEST(PrMetaDepth, BracketsInsideStringsDoNotCount) {
  const std::string brackets(1000, '[');
  const MetaParseResult parsed = parse_pr_meta("{\"title\": \"" + brackets + "\\\"" + brackets + "\"}");
  EXPECT_EQ(parsed.error, "");
  EXPECT_EQ(parsed.meta.title, brackets + "\"" + brackets);
}

TEST(PrMetaDepth, AHugelyNestedMetaGivesABadMetaResultNotACrash) {
  const std::string diff = "diff --git a/x.py b/x.py\n--- a/x.py\n+++ b/x.py\n@@ -1 +1 @@\n-a = 1\n+a = 2\n";
  const nlohmann::json result = nlohmann::json::parse(review_to_json_text(diff, meta_nested(200000)));
  ASSERT_EQ(result["errors"].size(), 1u);
  EXPECT_EQ(result["errors"][0]["code"], "bad-meta");
  EXPECT_TRUE(result["files"].empty());
}

}  // namespace
}  // namespace atom
