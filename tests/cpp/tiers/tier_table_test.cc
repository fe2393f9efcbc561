#include "core/packs/builtin_packs.h"
#include "core/tiers/tier_table.h"

#include <gtest/gtest.h>


namespace atom {
namespace {

struct Expected {
  const char* path;
  int tier;
};

// The seed's backbone table (Step 4) with the decisions of rules.md (scheduler is Tier 1).
const Expected kSeedTable[] = {
    {"atom/model_engine/model_runner.py", 1}, {"atom/config.py", 1},
    {"atom/models/deepseek_v2.py", 1},        {"atom/model_ops/moe.py", 2},
    {"atom/model_engine/scheduler.py", 1},    {"atom/model_ops/attention_mla.py", 2},
    {"atom/model_ops/attentions/aiter_mla.py", 2}, {"atom/model_ops/linear.py", 2},
    {"atom/model_ops/attention_mha.py", 2},   {"atom/model_ops/layernorm.py", 2},
    {"atom/models/deepseek_v4.py", 2},
};

TEST(TierTable, SeedTableFilesGetTheirTier) {
  const TierTable table = builtin_pack_for_repo("ROCm/ATOM").tiers;
  EXPECT_EQ(table.pack_name(), "ATOM");
  for (const Expected& row : kSeedTable) {
    const TierInfo info = table.classify(row.path);
    EXPECT_EQ(info.tier, row.tier) << row.path;
    EXPECT_FALSE(info.high_visibility) << row.path;
    EXPECT_NE(info.reason, "not in the tier table") << row.path;
    EXPECT_FALSE(info.blast_radius.empty()) << row.path;
    EXPECT_FALSE(info.failure_mode.empty()) << row.path;
  }
}

TEST(TierTable, ReasonsNameTheTierTestPassed) {
  const TierTable table = builtin_pack_for_repo("ROCm/ATOM").tiers;
  EXPECT_NE(table.classify("atom/model_engine/scheduler.py").reason.find("every request"), std::string::npos);
  EXPECT_NE(table.classify("atom/models/deepseek_v2.py").reason.find("base class"), std::string::npos);
  EXPECT_NE(table.classify("atom/model_ops/moe.py").reason.find("shared op"), std::string::npos);
}

TEST(TierTable, EngineCoreIsTierOneAndConfigMeansOnlyConfigPy) {
  const TierTable table = builtin_pack_for_repo("ROCm/ATOM").tiers;
  EXPECT_EQ(table.classify("atom/model_engine/engine_core.py").tier, 1);
  EXPECT_EQ(table.classify("atom/configs/deepseek.py").tier, 3);
  EXPECT_EQ(table.classify("atom/model_ops/config.py").tier, 3);
}

TEST(TierTable, PluginBridgesAreTierThreeHighVisibility) {
  const TierTable table = builtin_pack_for_repo("ROCm/ATOM").tiers;
  for (const char* path : {"atom/plugin/vllm/x.py", "atom/plugin/sglang/deepseek_v4_bridge.py", "foo_bridge.py",
                           "atom/some/where/foo_bridge.py"}) {
    const TierInfo info = table.classify(path);
    EXPECT_EQ(info.tier, 3) << path;
    EXPECT_TRUE(info.high_visibility) << path;
    EXPECT_NE(info.reason.find("plugin bridge"), std::string::npos) << path;
  }
}

TEST(TierTable, UnknownFileIsTierThreeNotInTable) {
  const TierInfo info = builtin_pack_for_repo("ROCm/ATOM").tiers.classify("atom/models/llama.py");
  EXPECT_EQ(info.tier, 3);
  EXPECT_FALSE(info.high_visibility);
  EXPECT_EQ(info.reason, "not in the tier table");
}

TEST(TierTable, RepoSelectsThePack) {
  EXPECT_EQ(builtin_pack_for_repo("").tiers.pack_name(), "ATOM");
  EXPECT_EQ(builtin_pack_for_repo("rocm/atom").tiers.pack_name(), "ATOM");
  const TierTable other = builtin_pack_for_repo("someone/else").tiers;
  EXPECT_TRUE(other.empty());
  EXPECT_EQ(other.pack_name(), "");
  const TierInfo info = other.classify("atom/model_engine/model_runner.py");
  EXPECT_EQ(info.tier, 3);
  EXPECT_EQ(info.reason, "not in the tier table");
}

TEST(TierTable, FirstMatchingRuleWins) {
  const TierTable table("X", {{"src/core.py", {1, false, "core", "", ""}}, {"src/**", {2, true, "src", "", ""}}});
  EXPECT_EQ(table.classify("src/core.py").tier, 1);
  EXPECT_EQ(table.classify("src/a/b.py").tier, 2);
  EXPECT_TRUE(table.classify("src/a/b.py").high_visibility);
  EXPECT_EQ(table.classify("docs/x.md").tier, 3);
}

}  // namespace
}  // namespace atom
