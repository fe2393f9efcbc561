#include <gtest/gtest.h>

#include "tests/cpp/summary/summary_test_support.h"

namespace atom {
namespace {

using testing::one_hunk_diff;
using testing::summarize_diff;

const char* kCopyPrompt = "whether the `.copy_()` could be dropped";

bool has_prompt(const ReviewResult& result, const std::string& words) {
  for (const std::string& prompt : result.prompts)
    if (testing::contains(prompt, words)) return true;
  return false;
}

TEST(ReviewerPrompts, RaisedByNewCodeAtItsLine) {
  const auto s = summarize_diff(one_hunk_diff("atom/model_ops/moe.py",
                                              " def forward(self, x, out=None):\n"
                                              "+    self.buf.copy_(x)\n"
                                              "     return self.buf\n"),
                                "t");
  ASSERT_TRUE(has_prompt(s->result, kCopyPrompt));
  EXPECT_TRUE(testing::contains(s->result.prompts.front(), "(`atom/model_ops/moe.py:11`)")) << s->result.prompts.front();
}

TEST(ReviewerPrompts, RaisedByDeletedCode) {
  const auto s = summarize_diff(one_hunk_diff("atom/model_ops/moe.py",
                                              " def forward(self, x, out=None):\n"
                                              "-    self.buf.copy_(x)\n"
                                              "     return self.buf\n"),
                                "t");
  ASSERT_TRUE(has_prompt(s->result, kCopyPrompt));
  EXPECT_TRUE(testing::contains(s->result.prompts.front(), "moe.py:11 (removed)")) << s->result.prompts.front();
}

TEST(ReviewerPrompts, PointsAtTheNewLineOverTheDeletedOne) {
  const auto s = summarize_diff(one_hunk_diff("atom/model_ops/moe.py",
                                              " def forward(self, x, out=None):\n"
                                              "-    self.buf.copy_(x)\n"
                                              "+    self.buf[: x.shape[0]].copy_(x)\n"
                                              "     return self.buf\n"),
                                "t");
  ASSERT_TRUE(has_prompt(s->result, kCopyPrompt));
  EXPECT_TRUE(testing::contains(s->result.prompts.front(), "(`atom/model_ops/moe.py:11`)")) << s->result.prompts.front();
}

TEST(ReviewerPrompts, SilentOnMovedCode) {
  // The same statement leaves one branch and lands in another: nothing the PR wrote asks for it.
  const auto moved = summarize_diff(one_hunk_diff("atom/model_ops/moe.py",
                                                  " def forward(self, x, out=None):\n"
                                                  "-    self.buf.copy_(x)\n"
                                                  "     if self.ready:\n"
                                                  "+        self.buf.copy_(x)\n"
                                                  "         return self.buf\n"),
                                    "t");
  EXPECT_FALSE(has_prompt(moved->result, kCopyPrompt)) << moved->result.prompts.front();
}

TEST(ReviewerPrompts, SilentOnDocsAndConfigFiles) {
  const auto docs = summarize_diff(one_hunk_diff("docs/distributed_guide.md",
                                                 " ## Expert parallelism\n"
                                                 "+Each MoE expert shard holds num_experts / ep_size experts with EP on.\n"),
                                   "docs");
  EXPECT_TRUE(docs->result.prompts.empty()) << docs->result.prompts.front();
  const auto config = summarize_diff(one_hunk_diff(".github/benchmark/models_accuracy.json",
                                                   "   {\n"
                                                   "+    \"model\": \"DeepSeek-R1-FP8\", \"args\": \"--quant fp8 --kv-scale 1.0\",\n"),
                                     "ci");
  EXPECT_TRUE(config->result.prompts.empty()) << config->result.prompts.front();
}

}  // namespace
}  // namespace atom
