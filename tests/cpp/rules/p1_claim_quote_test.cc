// P1 quotes the claim a reviewer would ask about: a gain the description states, before a fused
// op's name in the title (which names an op as often as it claims speed).
#include <gtest/gtest.h>

#include "tests/cpp/rules/rule_test_support.h"

namespace atom {
namespace {

constexpr const char* kDiff =
    "diff --git a/atom/model_ops/moe.py b/atom/model_ops/moe.py\n"
    "--- a/atom/model_ops/moe.py\n"
    "+++ b/atom/model_ops/moe.py\n"
    "@@ -1,1 +1,2 @@\n"
    " import torch\n"
    "+import triton\n";

std::string quoted_claim(const std::string& title, const std::string& body) {
  PrMeta meta = testing::default_fixture_meta();
  meta.title = title;
  meta.body = body;
  const std::vector<Finding> findings = testing::run_rule("P1", kDiff, meta);
  if (findings.size() != 1) return "<" + std::to_string(findings.size()) + " findings>";
  const auto claim = findings[0].fields.find("claim");
  return claim == findings[0].fields.end() ? "<no claim field>" : claim->second;
}

TEST(P1ClaimQuote, PrefersTheGainTheBodyStatesOverAFusedOpInTheTitle) {
  EXPECT_EQ(quoted_claim("[MoE] Fused single-token dispatch", "It is much faster for decode."), "faster");
}

TEST(P1ClaimQuote, QuotesTheFusedTitleWhenTheBodyStatesNoGain) {
  EXPECT_EQ(quoted_claim("[MoE] Fused single-token dispatch", "Adds the dispatch path."), "Fused");
}

TEST(P1ClaimQuote, AStrongTitleClaimStillComesFirst) {
  EXPECT_EQ(quoted_claim("Optimize MoE sorting", "It is much faster for decode."), "Optimize");
}

}  // namespace
}  // namespace atom
