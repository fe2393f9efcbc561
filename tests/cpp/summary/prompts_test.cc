#include <gtest/gtest.h>

#include "tests/cpp/summary/summary_test_support.h"

namespace atom {
namespace {

using testing::contains;
using testing::one_hunk_diff;
using testing::summarize_diff;

const char* kCopyPrompt = "whether the `.copy_()` could be dropped";

bool has_prompt(const ReviewResult& result, const std::string& words) {
  for (const ReviewerPrompt& prompt : result.prompts)
    if (contains(prompt.question, words)) return true;
  return false;
}

TEST(ReviewerPrompts, RaisedOnlyWhereTheirKeywordsAppear) {
  const auto s = summarize_diff(one_hunk_diff("atom/model_engine/kv.py",
                                              " def size(self):\n"
                                              "+    num_swa_blocks = total // per_block\n"),
                                "t");
  ASSERT_EQ(s->result.prompts.size(), 1u);
  EXPECT_TRUE(contains(s->result.prompts[0].question, "whether the block-count size math")) << s->result.prompts[0].question;
  EXPECT_EQ(s->result.prompts[0].evidence.text, "atom/model_engine/kv.py:11");

  const auto mla = summarize_diff(one_hunk_diff("atom/model_ops/attention_mla.py",
                                                " def f(self, block_table):\n"
                                                "+    kv = mla_decode(q, kv_lora_rank)\n"),
                                  "t");
  ASSERT_EQ(mla->result.prompts.size(), 1u);
  EXPECT_TRUE(contains(mla->result.prompts[0].question, "paged and the dense KV layout"));

  EXPECT_TRUE(summarize_diff(one_hunk_diff("atom/x.py", "+y = 1\n"), "t")->result.prompts.empty());
}

TEST(ReviewerPrompts, RaisedByNewCodeAtItsLine) {
  const auto s = summarize_diff(one_hunk_diff("atom/model_ops/moe.py",
                                              " def forward(self, x, out=None):\n"
                                              "+    self.buf.copy_(x)\n"
                                              "     return self.buf\n"),
                                "t");
  ASSERT_TRUE(has_prompt(s->result, kCopyPrompt));
  EXPECT_EQ(s->result.prompts.front().evidence, (Evidence{"atom/model_ops/moe.py:11", "atom/model_ops/moe.py", 11, Side::New}));
}

TEST(ReviewerPrompts, RaisedByDeletedCode) {
  const auto s = summarize_diff(one_hunk_diff("atom/model_ops/moe.py",
                                              " def forward(self, x, out=None):\n"
                                              "-    self.buf.copy_(x)\n"
                                              "     return self.buf\n"),
                                "t");
  ASSERT_TRUE(has_prompt(s->result, kCopyPrompt));
  EXPECT_EQ(s->result.prompts.front().evidence,
            (Evidence{"atom/model_ops/moe.py:11 (removed)", "atom/model_ops/moe.py", 11, Side::Old}));
}

TEST(ReviewerPrompts, PointsAtTheNewLineOverTheDeletedOne) {
  const auto s = summarize_diff(one_hunk_diff("atom/model_ops/moe.py",
                                              " def forward(self, x, out=None):\n"
                                              "-    self.buf.copy_(x)\n"
                                              "+    self.buf[: x.shape[0]].copy_(x)\n"
                                              "     return self.buf\n"),
                                "t");
  ASSERT_TRUE(has_prompt(s->result, kCopyPrompt));
  EXPECT_EQ(s->result.prompts.front().evidence, (Evidence{"atom/model_ops/moe.py:11", "atom/model_ops/moe.py", 11, Side::New}));
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
  EXPECT_FALSE(has_prompt(moved->result, kCopyPrompt)) << moved->result.prompts.front().question;
}

TEST(ReviewerPrompts, SilentOnCommentsAndDocstrings) {
  const auto s = summarize_diff(one_hunk_diff("atom/model_ops/moe.py",
                                              " def forward(self, x, out=None):\n"
                                              "+    # the MoE output is copied with .copy_() below\n"
                                              "+    \"\"\"Writes into out= when given.\n"
                                              "+    The caller reads self.buf.copy_(x) afterwards.\"\"\"\n"
                                              "+    y = self.experts(x)  # copy_( here would be wrong\n"
                                              "     return y\n"),
                                "t");
  EXPECT_FALSE(has_prompt(s->result, kCopyPrompt)) << s->result.prompts.front().question;
}

TEST(ReviewerPrompts, SilentOnDocsAndConfigFiles) {
  const auto docs = summarize_diff(one_hunk_diff("docs/distributed_guide.md",
                                                 " ## Expert parallelism\n"
                                                 "+Each MoE expert shard holds num_experts / ep_size experts with EP on.\n"),
                                   "docs");
  EXPECT_TRUE(docs->result.prompts.empty()) << docs->result.prompts.front().question;
  const auto config = summarize_diff(one_hunk_diff(".github/benchmark/models_accuracy.json",
                                                   "   {\n"
                                                   "+    \"model\": \"DeepSeek-R1-FP8\", \"args\": \"--quant fp8 --kv-scale 1.0\",\n"),
                                     "ci");
  EXPECT_TRUE(config->result.prompts.empty()) << config->result.prompts.front().question;
}

}  // namespace
}  // namespace atom
