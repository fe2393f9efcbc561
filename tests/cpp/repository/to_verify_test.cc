// The panel's "To verify" evidence on a small ATOM-shaped repository (tests/repository-evidence:
// pr.diff, head/ the repository at the PR's head; base/ and make-diff regenerate the diff).
#include <gtest/gtest.h>

#include "core/report/render.h"
#include "tests/cpp/repository/repository_review.h"

namespace atom {
namespace {

const std::filesystem::path kCase = std::filesystem::path(ATOM_SOURCE_DIR) / "tests/repository-evidence";

ReviewResult review_with_repository(bool with_repository) {
  PrMeta meta;
  meta.repo = "ROCm/ATOM";
  meta.title = "Pad the batch before the forward pass";
  return testing::review_with_repository_dir(kCase / "pr.diff", kCase / "head", meta, with_repository);
}

TEST(ToVerify, OverridesOfAChangedMethodAndCallsOfAChangedFunction) {
  const ReviewResult result = review_with_repository(true);
  ASSERT_EQ(result.to_verify.size(), 2u);
  const ToVerify& overrides = result.to_verify[0].kind == "overrides" ? result.to_verify[0] : result.to_verify[1];
  const ToVerify& callers = result.to_verify[0].kind == "callers" ? result.to_verify[0] : result.to_verify[1];
  EXPECT_EQ(overrides.subject, "ModelRunner.run_model");
  EXPECT_EQ(overrides.path, "atom/model_engine/model_runner.py");
  ASSERT_EQ(overrides.total, 2u);  // DeepseekRunner and, through it, DeepseekMTPRunner; not Unrelated
  EXPECT_EQ(overrides.sites[0].label, "DeepseekRunner.run_model");
  EXPECT_EQ(overrides.sites[0].line, 5);
  EXPECT_EQ(overrides.sites[1].label, "DeepseekMTPRunner.run_model");
  EXPECT_EQ(callers.subject, "prepare_inputs");
  ASSERT_EQ(callers.total, 3u);
  EXPECT_EQ(callers.sites[0].path, "atom/models/deepseek.py");
  EXPECT_EQ(callers.sites[1].path, "atom/models/llama.py");
  EXPECT_EQ(callers.sites[2].path, "tests/test_runner.py");  // tests last
}

TEST(ToVerify, InTheResultJsonAndNeverInTheCard) {
  const ReviewResult result = review_with_repository(true);
  const nlohmann::json json = to_result_json(result);
  ASSERT_TRUE(json.contains("to_verify"));
  ASSERT_EQ(json["to_verify"].size(), 2u);
  for (const auto& item : json["to_verify"]) {
    EXPECT_FALSE(item["text"].get<std::string>().empty());
    EXPECT_EQ(item["more"], 0);
  }
  const std::string card = render_card(result);
  EXPECT_EQ(card.find("DeepseekRunner"), std::string::npos) << card;
  EXPECT_EQ(card.find("deepseek.py"), std::string::npos) << card;
}

TEST(ToVerify, AbsentWithoutTheRepository) {
  const ReviewResult result = review_with_repository(false);
  EXPECT_TRUE(result.to_verify.empty());
  EXPECT_FALSE(to_result_json(result).contains("to_verify"));
}

}  // namespace
}  // namespace atom
