// What the P rules count as a measurement in a PR's description: a number with its unit, the way
// authors and benchmark tools write one.
#include <gtest/gtest.h>

#include "core/rules/p/pr_text.h"

namespace atom {
namespace {

std::vector<std::string> measured(std::vector<std::string> body_lines, std::string title = "Optimize MoE") {
  return p::measured_numbers(p::PrText{std::move(title), std::move(body_lines)});
}

using Numbers = std::vector<std::string>;

TEST(MeasuredNumbers, UnitRightAfterTheNumber) {
  EXPECT_EQ(measured({"decode 41.2 us -> 35.0 us (+15%)"}), (Numbers{"41.2 us", "35.0 us", "15%"}));
  EXPECT_EQ(measured({"1444.13 tok/s/GPU and 5.3 ms/layer"}), (Numbers{"1444.13 tok/s", "5.3 ms"}));
  EXPECT_EQ(measured({"served 12 req/s"}), (Numbers{"12 req/s"}));
  EXPECT_EQ(measured({}, "Faster MoE sort (1.3x)"), (Numbers{"1.3x"})) << "the title counts too";
}

TEST(MeasuredNumbers, ABenchmarkReportsUnitInItsLabel) {
  EXPECT_EQ(measured({"Mean TTFT (ms):                          812.40",
                      "Output token throughput (tok/s):         2291.77"}),
            (Numbers{"812.40", "2291.77"}));
}

TEST(MeasuredNumbers, ATableColumnsUnitInItsHeader) {
  EXPECT_EQ(measured({"| tokens | before (us) | after (us) |", "|---|---|---|", "| 64 | 41.2 | 35.0 |"}),
            (Numbers{"64 (us)"}));
  EXPECT_EQ(measured({"| tokens | before | after |", "|---|---|---|", "| 64 | 41 | 35 |"}), Numbers{})
      << "no unit anywhere: counts, not measurements";
  EXPECT_EQ(measured({"| before (us) |", "|---|", "", "| 64 |"}), Numbers{}) << "the table ended at the blank line";
}

TEST(MeasuredNumbers, NotMeasurements) {
  EXPECT_EQ(measured({"gsm8k accuracy 0.95 (95%)"}), Numbers{}) << "an accuracy line";
  EXPECT_EQ(measured({"see runs/2024/10s/log.txt and v1.5"}), Numbers{});
  EXPECT_EQ(measured({"tile 256x256, BLOCK_K=64, 8 warps"}), Numbers{});
}

}  // namespace
}  // namespace atom
