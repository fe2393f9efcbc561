#include <gtest/gtest.h>

#include "tests/cpp/summary/summary_test_support.h"

namespace atom {
namespace {

using testing::one_hunk_diff;
using testing::summarize_diff;

// Diff order: the test (five lines), a model with a one-line and a three-line change, then a
// one-line change in a Tier 1 file.
const std::string kDiff =
    one_hunk_diff("tests/test_qwen.py",
                  " def test_forward():\n+    a = 1\n+    b = 2\n+    c = 3\n+    d = 4\n+    e = 5\n") +
    one_hunk_diff("atom/models/qwen3.py",
                  " def load(self):\n+    self.a = 1\n \n \n def forward(self, x):\n-    y = x\n+    y = x + 1\n+    z = y\n") +
    one_hunk_diff("atom/model_engine/model_runner.py", " def capture(self):\n+    self.graph = None\n");

TEST(HeadlineFunctions, ProductionBeforeTestsThenByChangedLinesThenInDiffOrder) {
  const auto s = summarize_diff(kDiff, "t");
  EXPECT_EQ(s->result.headline_functions,
            (std::vector<std::string>{"forward", "load", "capture", "test_forward"}));
}

TEST(HeadlineFunctions, BenchmarksAndCiScriptsComeAfterProductionCodeAndBeforeTests) {
  const auto s = summarize_diff(
      one_hunk_diff("op_tests/op_benchmarks/triton/bench_rope.py", " def bench_rope():\n+    a = 1\n+    b = 2\n+    c = 3\n") +
          one_hunk_diff(".github/scripts/matrix.py", " def build_cell():\n+    a = 1\n+    b = 2\n") +
          one_hunk_diff("tests/test_rope.py", " def test_rope():\n+    a = 1\n+    b = 2\n+    c = 3\n+    d = 4\n") +
          one_hunk_diff("aiter/ops/rope.py", " def rope(x):\n+    y = x\n"),
      "t");
  EXPECT_EQ(s->result.headline_functions,
            (std::vector<std::string>{"rope", "bench_rope", "build_cell", "test_rope"}));
}

TEST(HeadlineFunctions, AFunctionNamedInTwoFilesIsListedOnce) {
  const auto s = summarize_diff(one_hunk_diff("atom/models/qwen3.py", " def forward(self, x):\n+    y = 1\n") +
                                    one_hunk_diff("atom/model_engine/model_runner.py", " def forward(self):\n+    z = 2\n"),
                                "t");
  EXPECT_EQ(s->result.headline_functions, std::vector<std::string>{"forward"});
}

TEST(HeadlineFunctions, ABlockThatOnlyMovedIsNoChange) {
  const auto s = summarize_diff(one_hunk_diff("atom/models/qwen3.py",
                                              " def a(self):\n"
                                              "-    p = prepare(x)\n"
                                              "-    q = transform(p)\n"
                                              "-    r = finish(q)\n"
                                              "     return 1\n"
                                              " \n"
                                              " \n"
                                              " def b(self):\n"
                                              "+    p = prepare(x)\n"
                                              "+    q = transform(p)\n"
                                              "+    r = finish(q)\n"
                                              "     return 2\n"
                                              " \n"
                                              " \n"
                                              " def c(self):\n"
                                              "+    s = 0\n"
                                              "     return 3\n"),
                                "t");
  EXPECT_EQ(s->result.headline_functions, std::vector<std::string>{"c"});
}

}  // namespace
}  // namespace atom
