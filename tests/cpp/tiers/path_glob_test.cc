#include "core/tiers/path_glob.h"

#include <gtest/gtest.h>

namespace atom {
namespace {

TEST(PathGlob, LiteralPathMatchesOnlyItself) {
  EXPECT_TRUE(path_glob_matches("atom/config.py", "atom/config.py"));
  EXPECT_FALSE(path_glob_matches("atom/config.py", "atom/config.pyc"));
  EXPECT_FALSE(path_glob_matches("atom/config.py", "other/atom/config.py"));
  EXPECT_FALSE(path_glob_matches("atom/config.py", "atom/configs/config.py"));
}

TEST(PathGlob, StarStaysWithinOneSegment) {
  EXPECT_TRUE(path_glob_matches("atom/models/*.py", "atom/models/llama.py"));
  EXPECT_TRUE(path_glob_matches("atom/models/*.py", "atom/models/.py"));
  EXPECT_FALSE(path_glob_matches("atom/models/*.py", "atom/models/sub/llama.py"));
  EXPECT_TRUE(path_glob_matches("*_bridge.py", "foo_bridge.py"));
  EXPECT_FALSE(path_glob_matches("*_bridge.py", "a/foo_bridge.py"));
  EXPECT_TRUE(path_glob_matches("a*b*c", "aXXbYYbc"));
  EXPECT_FALSE(path_glob_matches("a*b*c", "aXXbYYb"));
}

TEST(PathGlob, DoubleStarSpansZeroOrMoreSegments) {
  EXPECT_TRUE(path_glob_matches("**/*_bridge.py", "foo_bridge.py"));
  EXPECT_TRUE(path_glob_matches("**/*_bridge.py", "atom/plugin/sglang/deepseek_v4_bridge.py"));
  EXPECT_FALSE(path_glob_matches("**/*_bridge.py", "atom/bridge.py"));
  EXPECT_TRUE(path_glob_matches("atom/plugin/**", "atom/plugin/vllm/x.py"));
  EXPECT_TRUE(path_glob_matches("atom/plugin/**", "atom/plugin/__init__.py"));
  EXPECT_FALSE(path_glob_matches("atom/plugin/**", "atom/plugins/x.py"));
  EXPECT_TRUE(path_glob_matches("a/**/b/**/c", "a/b/c"));
  EXPECT_TRUE(path_glob_matches("a/**/b/**/c", "a/x/y/b/z/c"));
  EXPECT_FALSE(path_glob_matches("a/**/b/**/c", "a/x/y/z/c"));
}

TEST(PathGlob, HostilePatternsFinishQuickly) {
  const std::string long_name(5000, 'a');
  EXPECT_FALSE(path_glob_matches("*a*a*a*a*a*a*a*a*b", long_name));
  std::string deep;
  for (int i = 0; i < 2000; ++i) deep += "d/";
  EXPECT_FALSE(path_glob_matches("**/**/**/**/x", deep + "y"));
  EXPECT_TRUE(path_glob_matches("**/**/**/**/x", deep + "x"));
}

}  // namespace
}  // namespace atom
