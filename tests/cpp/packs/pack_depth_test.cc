// A pack nested deeper than 32 levels is refused before parsing (found by tests/fuzz/fuzz_pack:
// 1 MB of nested arrays under "tiers" ran past libFuzzer's 10 s limit under ASan).
#include <string>

#include <gtest/gtest.h>

#include "core/model/json_depth.h"
#include "core/packs/pack_loader.h"

namespace atom {
namespace {

std::string pack_with_tiers_nested(size_t arrays) {
  return R"({"name": "P", "repos": ["o/r"], "tiers": )" + std::string(arrays, '[') + std::string(arrays, ']') + "}";
}

TEST(JsonDepth, CountsArraysAndObjectsButNotBracketsInStrings) {
  EXPECT_EQ(json_nesting_depth(""), 0u);
  EXPECT_EQ(json_nesting_depth("{\"a\": [1, {\"b\": []}], \"c\": {}}"), 4u);
  EXPECT_EQ(json_nesting_depth("[\"[[[\\\"[[\", [\"]]]\"]]"), 2u);
  EXPECT_EQ(json_nesting_depth("]]]}[["), 2u);  // not JSON: still bounded by its brackets
}

TEST(PackDepth, APackAtTheDepthLimitIsReadAsUsual) {
  const PackLoad load = load_pack(pack_with_tiers_nested(31));
  ASSERT_FALSE(load.errors.empty());  // nested arrays are no tier list: an ordinary error, not the depth one
  EXPECT_EQ(load.errors.front().path, "/tiers/0");
}

TEST(PackDepth, APackNestedDeeperIsRefusedAsAWhole) {
  for (size_t arrays : {size_t(32), size_t(500000)}) {
    const PackLoad load = load_pack(pack_with_tiers_nested(arrays));
    EXPECT_FALSE(load.pack.has_value());
    ASSERT_EQ(load.errors.size(), 1u);
    EXPECT_EQ(load.errors.front().path, "");
    EXPECT_EQ(load.errors.front().message, "arrays and objects nested deeper than 32 levels");
  }
}

}  // namespace
}  // namespace atom
