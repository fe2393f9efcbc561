#include <gtest/gtest.h>

#include "tests/cpp/summary/summary_test_support.h"

namespace atom {
namespace {

using testing::contains;
using testing::one_hunk_diff;
using testing::summarize_diff;

const std::string kRunnerDiff = one_hunk_diff("atom/model_engine/model_runner.py",
                                              "     def capture_cudagraph(self, bs):\n"
                                              "-        graph = torch.cuda.CUDAGraph()\n"
                                              "+        graph = self.make_graph(bs)\n",
                                              "class ModelRunner:");

TEST(Questions, AlwaysAllFiveInOrder) {
  const auto s = summarize_diff(kRunnerDiff, "t");
  ASSERT_EQ(s->result.questions.size(), 5u);
  for (int i = 0; i < 5; ++i) EXPECT_EQ(s->result.questions[i].id, "Q" + std::to_string(i + 1));
}

TEST(Questions, Q1ListsChangedFunctionsWithTheirFirstLine) {
  const auto s = summarize_diff(kRunnerDiff, "t");
  const Question& q1 = s->question("Q1");
  EXPECT_TRUE(contains(q1.answer, "`ModelRunner.capture_cudagraph`")) << q1.answer;
  ASSERT_FALSE(q1.evidence.empty());
  EXPECT_EQ(q1.evidence.front(), (Evidence{"atom/model_engine/model_runner.py:11 (removed)", "atom/model_engine/model_runner.py", 11, Side::Old}));
}

TEST(Questions, Q1NamesKernelsSeparately) {
  const auto s = summarize_diff(one_hunk_diff("atom/model_ops/k.py", " def _fwd_kernel(x):\n+    y = x + 1\n"), "t");
  EXPECT_TRUE(contains(s->question("Q1").answer, "kernels `_fwd_kernel`")) << s->question("Q1").answer;
}

TEST(Questions, Q1ListsTheFunctionWithTheMostChangedLinesFirstWithItsEvidence) {
  const auto s = summarize_diff(one_hunk_diff("atom/models/qwen3.py",
                                              " def load(self):\n+    self.a = 1\n \n \n"
                                              " def forward(self, x):\n-    y = x\n+    y = x + 1\n+    z = y\n"),
                                "t");
  const Question& q1 = s->question("Q1");
  EXPECT_TRUE(contains(q1.answer, "functions `forward`, `load`")) << q1.answer;
  ASSERT_EQ(q1.evidence.size(), 2u);
  EXPECT_EQ(q1.evidence[0].line, 14) << "forward's first changed line (old side)";
  EXPECT_EQ(q1.evidence[1].line, 11);
}

TEST(Questions, Q1NamesTheFileOfAFunctionChangedInTwoFiles) {
  const auto s = summarize_diff(one_hunk_diff("atom/models/qwen3.py", " def forward(self, x):\n+    y = 1\n") +
                                    one_hunk_diff("atom/models/llama.py", " def forward(self, x):\n+    z = 2\n") +
                                    one_hunk_diff("atom/ops/a/norm.py", " def fold(x):\n+    w = 3\n") +
                                    one_hunk_diff("atom/ops/b/norm.py", " def fold(x):\n+    v = 4\n"),
                                "t");
  EXPECT_TRUE(contains(s->question("Q1").answer,
                       "functions `forward` in `qwen3.py`, `forward` in `llama.py`, `fold` in `atom/ops/a/norm.py`, "
                       "`fold` in `atom/ops/b/norm.py`"))
      << s->question("Q1").answer;
}

TEST(Questions, Q2FindsArchModelAndTpInTextAndDiff) {
  const auto s = summarize_diff(one_hunk_diff("atom/model_ops/k.py", "+    if arch == \"gfx942\":\n+        x = 1\n"),
                                "Kimi-K2.5 fix", "Tested on gfx950 with DeepSeek-V3 at TP=8.");
  const Question& q2 = s->question("Q2");
  for (const char* part : {"gfx950 (MI355X/MI350X)", "gfx942 (MI300X/MI325X)", "DeepSeek-V3", "Kimi-K2.5", "TP=8"})
    EXPECT_TRUE(contains(q2.answer, part)) << part << " in " << q2.answer;
  EXPECT_EQ(q2.evidence, (std::vector<Evidence>{{"title"}, {"description"}, {"atom/model_ops/k.py:10", "atom/model_ops/k.py", 10}}));
}

TEST(Questions, Q2SaysWhenNothingIsNamed) {
  const auto s = summarize_diff(one_hunk_diff("atom/models/qwen_like.py", "+x = 1\n"), "Refactor", "Moves code.");
  EXPECT_TRUE(contains(s->question("Q2").answer, "Neither the diff nor the description names")) << s->question("Q2").answer;
}

TEST(Questions, Q3ReportsAiterImportsCallsAndNewKeywords) {
  const auto s = summarize_diff(one_hunk_diff("atom/model_ops/moe.py",
                                              "+from aiter import fused_moe\n"
                                              " def forward(self, x):\n"
                                              "-    out = aiter.fused_moe(x, self.w)\n"
                                              "+    out = aiter.fused_moe(x, self.w,\n"
                                              "+                          q_scale=self.s)\n"
                                              "+    other(k=1)\n"),
                                "t");
  const std::string& answer = s->question("Q3").answer;
  EXPECT_TRUE(contains(answer, "new imports `aiter: fused_moe`")) << answer;
  EXPECT_TRUE(contains(answer, "changed calls `aiter.fused_moe`")) << answer;
  EXPECT_TRUE(contains(answer, "new keyword arguments on aiter calls `q_scale`")) << answer;
  EXPECT_FALSE(contains(answer, "`k`")) << answer;  // a keyword of a call that is not aiter's
}

TEST(Questions, Q1SaysWhenCodeOnlyMovedOrWasReformatted) {
  // black splits a call over three lines: the PR writes no new statement.
  const auto reformatted = summarize_diff(one_hunk_diff("atom/utils/tbo/ubatching.py",
                                                        " def local_tbo_precompute(batch):\n"
                                                        "-    return _split(batch.tokens, batch.num_reqs, batch.min_tokens)\n"
                                                        "+    return _split(\n"
                                                        "+        batch.tokens, batch.num_reqs, batch.min_tokens\n"
                                                        "+    )\n"),
                                          "chore: black");
  const Question& q1 = reformatted->question("Q1");
  EXPECT_EQ(q1.answer,
            "Only moved, re-indented or reformatted code (`local_tbo_precompute`): no line of production code is new or "
            "deleted.");
  EXPECT_TRUE(q1.evidence.empty());
  EXPECT_TRUE(reformatted->model.files.front().changed_functions.empty());

  // Beside new code, a function whose line only moved into a block is named apart: it runs that
  // line under the lock now, though no line of it is new or deleted.
  const auto mixed = summarize_diff(one_hunk_diff("atom/model_ops/moe.py",
                                                  " def load(self):\n"
                                                  "-    self.w = read(path)\n"
                                                  "     with self.lock:\n"
                                                  "+        self.w = read(path)\n"
                                                  "         self.ready = True\n"
                                                  " def forward(self, x):\n"
                                                  "+    y = x * 2\n"),
                                    "t");
  EXPECT_EQ(mixed->question("Q1").answer, "Changed: functions `forward`; code moved into, out of or within `load`.");

  // A lone statement that moves to another function is new there and deleted where it was:
  // `forward` now reads the file on every call.
  const auto across = summarize_diff(one_hunk_diff("atom/model_ops/moe.py",
                                                   " def load(self):\n"
                                                   "-    self.w = read(path)\n"
                                                   " def forward(self, x):\n"
                                                   "+    self.w = read(path)\n"),
                                     "t");
  EXPECT_EQ(across->question("Q1").answer, "Changed: functions `load`, `forward`.");
}

TEST(Questions, Q1SaysWhenMovedCodeNowRunsInAnotherBlock) {
  // ATOM#1956's shape: two statements move into a `with` block below them; only comments are new.
  const auto s = summarize_diff(one_hunk_diff("atom/kv_transfer/offload/staging.py",
                                              "     for group in groups:\n"
                                              "-        buf = ensure_buffer(staging, nbytes(group))\n"
                                              "-        used = True\n"
                                              "         if staging.valid:\n"
                                              "             stream.wait_event(staging.free)\n"
                                              "         with stream_ctx(stream):\n"
                                              "+            # allocate on the consumer stream\n"
                                              "+            buf = ensure_buffer(staging, nbytes(group))\n"
                                              "+            used = True\n"
                                              "             stage.run(group, buf)\n",
                                              "def run_staged_pipeline("),
                                "fix: allocate on first-use stream");
  const Question& q1 = s->question("Q1");
  EXPECT_EQ(q1.answer,
            "No line of production code is new or deleted, but code moved into, out of or within "
            "`run_staged_pipeline`: it may now run in another order, block or function.");
  ASSERT_EQ(q1.evidence.size(), 1u);
  EXPECT_EQ(q1.evidence.front().text, "atom/kv_transfer/offload/staging.py:15");  // where the code arrived

  // The same statements only re-indented into a block by a new header are new code's business.
  const auto wrapped = summarize_diff(one_hunk_diff("atom/kv_transfer/offload/staging.py",
                                                    "     for group in groups:\n"
                                                    "-        buf = ensure_buffer(staging, nbytes(group))\n"
                                                    "+        with stream_ctx(stream):\n"
                                                    "+            buf = ensure_buffer(staging, nbytes(group))\n",
                                                    "def run_staged_pipeline("),
                                      "t");
  EXPECT_EQ(wrapped->question("Q1").answer, "Changed: functions `run_staged_pipeline`.");
}

TEST(Questions, Q1TakesSortedImportsAndAFunctionReindentedWholeAsOnlyMoved) {
  // isort's work inside a function: the same names, another order.
  const auto sorted = summarize_diff(one_hunk_diff("atom/model_ops/moe.py",
                                                   "     if self.use_triton:\n"
                                                   "+        from aiter.ops.triton.routing import routing\n"
                                                   "         from atom.model_ops.fused_moe_triton import (\n"
                                                   "-            silu_gguu,\n"
                                                   "             gelu_gguu,\n"
                                                   "+            silu_gguu,\n"
                                                   "         )\n"
                                                   "-        from aiter.ops.triton.routing import routing\n"
                                                   "         n = top_k\n",
                                                   "def apply("),
                                     "chore: isort");
  EXPECT_EQ(sorted->question("Q1").answer,
            "Only moved, re-indented or reformatted code (`apply`): no line of production code is new or deleted.");

  // A nested def moved whole into a new `else`: the parent changed, the def's own blocks did not.
  const auto nested = summarize_diff(one_hunk_diff("aiter/ops/flydsl/kernels/gemm.py",
                                                   "     for mr in range(M_REPS):\n"
                                                   "-        def store_if_valid(token_id, mr):\n"
                                                   "-            if token_id < limit:\n"
                                                   "-                store_one(mr)\n"
                                                   "+        if use_reduce:\n"
                                                   "+            store_one(mr)\n"
                                                   "+        else:\n"
                                                   "+            def store_if_valid(token_id, mr):\n"
                                                   "+                if token_id < limit:\n"
                                                   "+                    store_one(mr)\n",
                                                   "def epilog("),
                                     "t");
  EXPECT_EQ(nested->question("Q1").answer,
            "Changed: functions `epilog`; only moved, re-indented or reformatted: `epilog.store_if_valid`.");
}

TEST(Questions, Q1KeepsAWholeFunctionMovedToAnotherFileAsOnlyMoved) {
  const std::string body =
      "def pad(x, n):\n"
      "    if n <= 0:\n"
      "        return x\n"
      "    return torch.nn.functional.pad(x, (0, n))\n";
  std::string removed, added;
  for (size_t start = 0; start < body.size();) {
    const size_t end = body.find('\n', start) + 1;
    removed += "-" + body.substr(start, end - start);
    added += "+" + body.substr(start, end - start);
    start = end;
  }
  const auto s = summarize_diff(one_hunk_diff("atom/utils/old_helpers.py", removed) +
                                    one_hunk_diff("atom/utils/tensor_helpers.py", added),
                                "refactor: move pad");
  EXPECT_EQ(s->question("Q1").answer,
            "Only moved, re-indented or reformatted code (`pad`): no line of production code is new or deleted.");
}

TEST(Questions, Q1TellsModuleLevelCodeFromOtherFiles) {
  const auto s = summarize_diff(one_hunk_diff("atom/utils/envs.py", " import os\n+ATOM_USE_X = os.getenv(\"X\")\n") +
                                    one_hunk_diff("recipes/DeepSeek-V4.md", " # DeepSeek-V4\n+Set `ATOM_USE_X=1`.\n"),
                                "t");
  EXPECT_EQ(s->question("Q1").answer, "Changed: module-level code in `atom/utils/envs.py`; other files `recipes/DeepSeek-V4.md`.");
}

TEST(Questions, Q1NamesChangedBinaryFiles) {
  // aiter e1369bfa67's shape: prebuilt kernels replaced beside a test; they are production code.
  // A picture is not.
  const auto s = summarize_diff(
      "diff --git a/hsa/gfx950/fmha_v3_fwd/fwd_hd128_fp8.co b/hsa/gfx950/fmha_v3_fwd/fwd_hd128_fp8.co\n"
      "index 1111111..2222222 100644\n"
      "Binary files a/hsa/gfx950/fmha_v3_fwd/fwd_hd128_fp8.co and b/hsa/gfx950/fmha_v3_fwd/fwd_hd128_fp8.co differ\n"
      "diff --git a/docs/mha_speedup.png b/docs/mha_speedup.png\n"
      "index 3333333..4444444 100644\n"
      "Binary files a/docs/mha_speedup.png and b/docs/mha_speedup.png differ\n" +
          one_hunk_diff("op_tests/test_mha_fp8.py", " import torch\n+x = 1\n"),
      "t");
  const Question& q1 = s->question("Q1");
  EXPECT_EQ(q1.answer,
            "Changed: binary files `hsa/gfx950/fmha_v3_fwd/fwd_hd128_fp8.co` (not readable in a diff). Tests changed in 1 "
            "file(s).");
  ASSERT_EQ(q1.evidence.size(), 1u);
  EXPECT_EQ(q1.evidence.front().path, "hsa/gfx950/fmha_v3_fwd/fwd_hd128_fp8.co");
}

TEST(Questions, Q3LeavesMovedAiterCallsOut) {
  const auto s = summarize_diff(one_hunk_diff("atom/model_ops/moe.py",
                                              " def forward(self, x):\n"
                                              "-    out = aiter.fused_moe(x, self.w)\n"
                                              "     if self.fused:\n"
                                              "+        out = aiter.fused_moe(x, self.w)\n"
                                              "         return out\n"),
                                "t");
  EXPECT_EQ(s->question("Q3").answer, "No aiter import or call is added, removed or changed.");
}

TEST(Questions, Q3LeavesAnImportMovedIntoAFunctionOut) {
  // ATOM 617629117d's shape: the import moves into the new helper that builds the communicator.
  const auto s = summarize_diff(one_hunk_diff("atom/plugin/vllm/tp_group_reuse.py",
                                              "+def _create_communicator(tp):\n"
                                              "+    from aiter.dist.communicator_cuda import CudaCommunicator\n"
                                              "+    from aiter.dist.quick_all_reduce import QuickAllReduce\n"
                                              "+    return CudaCommunicator(tp, QuickAllReduce(tp))\n"
                                              "+\n"
                                              " def _create_adapter(tp):\n"
                                              "-    from aiter.dist.communicator_cuda import CudaCommunicator\n"
                                              "-    comm = CudaCommunicator(tp)\n"
                                              "+    comm = _create_communicator(tp)\n"
                                              "     return comm\n"),
                                "t");
  EXPECT_EQ(s->question("Q3").answer,
            "aiter usage changes: new imports `aiter.dist.quick_all_reduce: QuickAllReduce`. Is the matching aiter change "
            "released or linked?");
  std::vector<std::string> evidence;
  for (const Evidence& place : s->question("Q3").evidence) evidence.push_back(place.text);
  EXPECT_EQ(evidence, std::vector<std::string>{"atom/plugin/vllm/tp_group_reuse.py:12"}) << "the new import, not the moved one";
}

TEST(Questions, Q3ReadsAMultiLineImportToItsClosingBracket) {
  // A new statement names every name; in a kept statement, only the names on new lines.
  const auto s = summarize_diff(one_hunk_diff("atom/model_ops/attention_mla.py",
                                              " import torch\n"
                                              "+from aiter.ops.triton.gluon.mla_gluon import (\n"
                                              "+    mla_decode_gluon,\n"
                                              "+    mla_prefill_gluon as prefill,\n"
                                              "+)\n"
                                              " from aiter.ops.sparse import (\n"
                                              "     sparse_attn,\n"
                                              "+    sparse_attn_fp8,\n"
                                              "-    sparse_attn_v0,\n"
                                              " )\n"),
                                "t");
  EXPECT_EQ(s->question("Q3").answer,
            "aiter usage changes: new imports `aiter.ops.triton.gluon.mla_gluon: mla_decode_gluon, mla_prefill_gluon as "
            "prefill`, `aiter.ops.sparse: sparse_attn_fp8`; removed imports `aiter.ops.sparse: sparse_attn_v0`. Is the "
            "matching aiter change released or linked?");
}

TEST(Questions, Q3ListsEachModuleOnceWithItsNames) {
  const auto s = summarize_diff(one_hunk_diff("atom/model_ops/a.py", "+from aiter import dtypes\n+x = 1\n") +
                                    one_hunk_diff("atom/model_ops/b.py", "+from aiter import dtypes, QuantType\n+import aiter\n"),
                                "t");
  EXPECT_EQ(s->question("Q3").answer,
            "aiter usage changes: new imports `aiter: dtypes, QuantType`, `aiter`. Is the matching aiter change released or "
            "linked?");
}

TEST(Questions, Q3NamesEveryNameOfAMultiLineImportWhoseModuleChanged) {
  const auto s = summarize_diff(one_hunk_diff("atom/model_ops/moe.py",
                                              "-from aiter.fused_moe_bf16 import (\n"
                                              "+from aiter.fused_moe import (\n"
                                              "     fused_topk,\n"
                                              "     moe_sorting,\n"
                                              " )\n"),
                                "t");
  EXPECT_EQ(s->question("Q3").answer,
            "aiter usage changes: new imports `aiter.fused_moe: fused_topk, moe_sorting`; removed imports "
            "`aiter.fused_moe_bf16: fused_topk, moe_sorting`. Is the matching aiter change released or linked?");
}

TEST(Questions, Q3NoAiter) {
  EXPECT_EQ(summarize_diff(kRunnerDiff, "t")->question("Q3").answer, "No aiter import or call is added, removed or changed.");
}

TEST(Questions, Q4MechanismOnlyForPerformanceClaims) {
  EXPECT_TRUE(contains(summarize_diff(kRunnerDiff, "Refactor runner", "x")->question("Q4").answer, "No performance claim"));
  const auto vague = summarize_diff(kRunnerDiff, "Faster decode", "It is faster now.");
  EXPECT_TRUE(contains(vague->question("Q4").answer, "names no mechanism")) << vague->question("Q4").answer;
  const auto named = summarize_diff(kRunnerDiff, "Faster decode", "Fuses the norm into the GEMM: fewer launches.");
  EXPECT_TRUE(contains(named->question("Q4").answer, "Fuses")) << named->question("Q4").answer;
  EXPECT_TRUE(contains(named->question("Q4").answer, "fewer launches")) << named->question("Q4").answer;
  EXPECT_TRUE(contains(summarize_diff(kRunnerDiff, "Faster decode", std::nullopt)->question("Q4").answer, "not available"));
}

TEST(Questions, Q5WhyOrWhat) {
  EXPECT_TRUE(contains(summarize_diff(kRunnerDiff, "t", "Enable ar+norm+quant fusion.")->question("Q5").answer, "WHAT only"));
  const auto why = summarize_diff(kRunnerDiff, "t",
                                  "Eliminates 2 intermediate HBM round-trips between allreduce, rmsnorm and quant.");
  EXPECT_TRUE(contains(why->question("Q5").answer, "WHY")) << why->question("Q5").answer;
  ASSERT_EQ(why->question("Q5").evidence.size(), 1u);
  EXPECT_TRUE(contains(why->question("Q5").evidence[0].text, "Eliminates"));
  EXPECT_EQ(why->question("Q5").evidence[0].path, "") << "a quote of the description points at no file";
  EXPECT_EQ(summarize_diff(kRunnerDiff, "t", std::nullopt)->question("Q5").answer, "The description was not available.");
  EXPECT_TRUE(contains(summarize_diff(kRunnerDiff, "t", "  ")->question("Q5").answer, "empty"));
}

}  // namespace
}  // namespace atom
