// `review --pack PACK.json`: the tier table comes from the given pack instead of the embedded pack
// for meta.repo; the example in core/packs/README.md is a working pack.
#include <nlohmann/json.hpp>

#include "core/packs/builtin_packs.h"
#include "core/engine/pack_input.h"
#include "core/engine/review.h"
#include "core/report/finding_words.h"
#include "core/report/render.h"
#include "core/tiers/tier_table.h"
#include "tests/cpp/ci/ci_test_support.h"

namespace atom::ci_test {
namespace {

const char* kKernelDiff =
    "diff --git a/csrc/kernels/gemm.cu b/csrc/kernels/gemm.cu\n"
    "--- a/csrc/kernels/gemm.cu\n"
    "+++ b/csrc/kernels/gemm.cu\n"
    "@@ -1,2 +1,3 @@\n"
    " int a = 1;\n"
    "+int b = 2;\n"
    " int c = 3;\n";

const char* kPack = R"({
  "name": "Kernels",
  "repos": ["example/kernels"],
  "tiers": [{"match": "csrc/kernels/*.cu", "tier": 1, "reason": "every GEMM goes through it"}]
})";

class PackOption : public CiTest {};

TEST_F(PackOption, PackDecidesTheTiersAndTheHeading) {
  const std::string diff = write("kernel.diff", kKernelDiff);
  const std::string meta = write("pr.json", R"({"repo": "example/kernels", "number": 5, "title": "Faster GEMM"})");
  const CliRun without = invoke("review --format json --meta " + meta + " " + diff);
  ASSERT_EQ(without.exit_code, 0) << without.err;
  EXPECT_EQ(nlohmann::json::parse(without.out)["files"][0]["tier"], 3);

  const std::string pack = write("pack.json", kPack);
  const CliRun with = invoke("review --format json --pack " + pack + " --meta " + meta + " " + diff);
  ASSERT_EQ(with.exit_code, 0) << with.err;
  const nlohmann::json file = nlohmann::json::parse(with.out)["files"][0];
  EXPECT_EQ(file["tier"], 1);
  EXPECT_EQ(file["tier_reason"], "every GEMM goes through it");

  const CliRun card = invoke("review --pack " + pack + " --meta " + meta + " " + diff);
  ASSERT_EQ(card.exit_code, 0) << card.err;
  EXPECT_EQ(card.out.rfind("## Kernels PR #5", 0), 0u) << card.out.substr(0, 200);
}

// The overload the CLI uses for --pack gives what the default gives when handed the same table.
TEST(PackOverload, SameTableSameResult) {
  const std::string diff =
      "diff --git a/atom/model_engine/model_runner.py b/atom/model_engine/model_runner.py\n"
      "--- a/atom/model_engine/model_runner.py\n+++ b/atom/model_engine/model_runner.py\n"
      "@@ -1,2 +1,3 @@\n import torch\n+# TODO: drop\n x = 1\n";
  PrMeta meta;
  meta.repo = "ROCm/ATOM";
  meta.number = 3;
  const nlohmann::json given = {{"repo", "ROCm/ATOM"}, {"number", 3}};
  EXPECT_EQ(dump_json(to_result_json(run_review(diff, meta, given))),
            dump_json(to_result_json(run_review(diff, meta, given, builtin_pack_for_repo(meta.repo)))));
  const ReviewResult empty_pack = run_review(diff, meta, given, Pack());
  ASSERT_EQ(empty_pack.files.size(), 1u);
  EXPECT_EQ(empty_pack.files[0].tier.tier, 3);
}

// The README's example pack parses and classifies as it says.
TEST(PackReadme, ExampleIsAWorkingPack) {
  const std::string readme = read_file(fs::path(ATOM_SOURCE_DIR) / "core/packs/README.md");
  const std::string heading = "## Example: a pack for another repository";
  const size_t section = readme.find(heading);
  ASSERT_NE(section, std::string::npos) << "core/packs/README.md lost its example section";
  const size_t start = readme.find("```json\n", section);
  const size_t end = readme.find("```\n", start + 8);
  ASSERT_NE(start, std::string::npos);
  ASSERT_NE(end, std::string::npos);
  const PackLoad load = load_user_pack(readme.substr(start + 8, end - start - 8));
  ASSERT_TRUE(load.pack) << (load.errors.empty() ? "" : pack_error_line(load.errors[0]));
  const TierTable& table = load.pack->tiers;
  EXPECT_EQ(table.pack_name(), "aiter");
  EXPECT_EQ(table.classify("aiter/ops/triton/gemm_a8w8.py").tier, 2);
  EXPECT_EQ(table.classify("csrc/kernels/mla/asm_mla_decode.cpp").tier, 1);
  EXPECT_EQ(table.classify("docs/index.md").tier, 3);
  EXPECT_EQ(load.pack->rule_enabled("HK3"), std::optional<bool>(false));

  // Its custom rules find what the README says they find.
  const std::string diff =
      "diff --git a/csrc/kernels/a.cu b/csrc/kernels/a.cu\n--- a/csrc/kernels/a.cu\n+++ b/csrc/kernels/a.cu\n"
      "@@ -1,2 +1,3 @@\n int a;\n+  hipDeviceSynchronize();\n int b;\n"
      "diff --git a/aiter/log.py b/aiter/log.py\n--- a/aiter/log.py\n+++ b/aiter/log.py\n"
      "@@ -1,2 +1,3 @@\n import os\n+LEVEL = os.environ[\"AITER_LOG\"]\n x = 1\n";
  PrMeta meta;
  meta.repo = "ROCm/aiter";
  const ReviewResult result = run_review(diff, meta, nlohmann::json::object(), *load.pack);
  std::map<std::string, const Finding*> by_rule;
  for (const Finding& finding : result.findings) by_rule[finding.rule] = &finding;
  ASSERT_TRUE(by_rule.count("X-hip-sync"));
  EXPECT_EQ(by_rule["X-hip-sync"]->severity, Severity::Warn);
  EXPECT_EQ(by_rule["X-hip-sync"]->path, "csrc/kernels/a.cu");
  ASSERT_TRUE(by_rule.count("X-dtype-env"));
  EXPECT_EQ(by_rule["X-dtype-env"]->severity, Severity::Red);
  EXPECT_EQ(trigger_words(*by_rule["X-dtype-env"]), "an environment without AITER_LOG");
}

}  // namespace
}  // namespace atom::ci_test
