// Which functions whose code only moved now run something else.
#include "core/analysis/rearranged_code.h"

#include <gtest/gtest.h>

#include "tests/cpp/analysis/analysis_test_support.h"

namespace atom::testing {
namespace {

std::set<std::string> rearranged(const std::string& diff_text, const std::set<std::string>& functions) {
  const auto built = build_model(diff_text);
  return rearranged_functions(built->model, functions);
}

TEST(RearrangedFunctions, StatementsSwappedOrMovedAcrossABlockRunDifferently) {
  const std::string swapped = one_hunk_diff("atom/a.py",
                                            "     x = load()\n"
                                            "-    free(buf)\n"
                                            "     out = use(buf)\n"
                                            "+    free(buf)\n"
                                            "     return out\n",
                                            "def step(");
  EXPECT_EQ(rearranged(swapped, {"step"}), (std::set<std::string>{"step"}));

  const std::string out_of_block = one_hunk_diff("atom/a.py",
                                                 "     if ready:\n"
                                                 "-        buf = alloc(n)\n"
                                                 "         run()\n"
                                                 "+    buf = alloc(n)\n"
                                                 "     return buf\n",
                                                 "def step(");
  EXPECT_EQ(rearranged(out_of_block, {"step"}), (std::set<std::string>{"step"}));
}

TEST(RearrangedFunctions, ReflowsWholeReindentsAndSortedImportsDoNot) {
  const std::string reflowed = one_hunk_diff("atom/a.py",
                                             "-    out = f(a, b)\n"
                                             "+    out = f(\n"
                                             "+        a,\n"
                                             "+        b,\n"
                                             "+    )\n"
                                             "     return out\n",
                                             "def step(");
  EXPECT_TRUE(rearranged(reflowed, {"step"}).empty());

  const std::string imports = one_hunk_diff("atom/a.py",
                                            "+    import os\n"
                                            "     from torch import (\n"
                                            "-        nn,\n"
                                            "         cuda,\n"
                                            "+        nn,\n"
                                            "     )\n"
                                            "-    import os\n"
                                            "     return os\n",
                                            "def step(");
  EXPECT_TRUE(rearranged(imports, {"step"}).empty());

  // Only the functions asked about are read.
  EXPECT_TRUE(rearranged(one_hunk_diff("atom/a.py", "-    a()\n     b()\n+    a()\n", "def step("), {"other"}).empty());
}

}  // namespace
}  // namespace atom::testing
