#include "core/analysis/cpp_structure.h"

#include <gtest/gtest.h>
#include "tests/cpp/analysis/analysis_test_support.h"

namespace atom::testing {
namespace {

TEST(CppFunctionBodies, FindsBodiesAndTheirBraces) {
  const auto built = build_model(one_hunk_diff("csrc/k.cu",
                                               "+__global__ void k1(float* x)\n"
                                               "+{\n"
                                               "+  if (x) { x[0] = 1; }\n"
                                               "+}\n"
                                               "+void declared(int);\n"
                                               "+int k2(int a) { return a; }\n"
                                               "+void open_end() {\n"
                                               "+  go();\n"));
  const SideLines lines = side_lines(built->model.files[0].hunks[0], Side::New);
  const std::vector<CppFunctionBody> bodies = cpp_function_bodies(lines);
  ASSERT_EQ(bodies.size(), 3u);
  EXPECT_EQ(bodies[0].name, "k1");
  EXPECT_EQ(bodies[0].header, 0u);
  EXPECT_EQ(bodies[0].open, 1u);
  EXPECT_EQ(bodies[0].close, 3u);
  EXPECT_TRUE(bodies[0].complete);
  EXPECT_EQ(bodies[1].name, "k2");
  EXPECT_EQ(bodies[1].open, 5u);
  EXPECT_EQ(bodies[1].close, 5u);
  EXPECT_EQ(bodies[2].name, "open_end");
  EXPECT_FALSE(bodies[2].complete);
  EXPECT_EQ(bodies[2].close, lines.size());
}

}  // namespace
}  // namespace atom::testing
