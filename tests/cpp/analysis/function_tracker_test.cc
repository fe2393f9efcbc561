#include <gtest/gtest.h>
#include "core/analysis/function_tracker.h"
#include "tests/cpp/analysis/analysis_test_support.h"

namespace atom::testing {
namespace {

std::string function_at(const BuiltModel& built, int new_line) {
  for (const CodeLine& line : first_hunk(built))
    if (line.kind != LineKind::Removed && line.new_line == new_line) return line.function;
  return "<no line>";
}

TEST(PythonFunctions, MethodInHunkIsQualifiedByTheSectionClass) {
  const auto built = build_model(one_hunk_diff("atom/x.py",
                                               "     def a(self):\n"
                                               "         return 1\n"
                                               "+\n"
                                               "+    def b(self, x):\n"
                                               "+        return x\n",
                                               "class Runner:"));
  EXPECT_EQ(function_at(*built, 10), "Runner.a");
  EXPECT_EQ(function_at(*built, 11), "Runner.a");
  EXPECT_EQ(function_at(*built, 13), "Runner.b");
  EXPECT_EQ(function_at(*built, 14), "Runner.b");
  EXPECT_EQ(built->model.files[0].changed_functions, (std::vector<std::string>{"Runner.a", "Runner.b"}));
}

TEST(PythonFunctions, SectionDefCoversTheHunkUntilDedent) {
  const auto built = build_model(one_hunk_diff("atom/x.py",
                                               "     y = x + 1\n"
                                               "+    z = y * 2\n"
                                               "     return z\n"
                                               " \n"
                                               " CONSTANT = 3\n",
                                               "def helper(x):"));
  EXPECT_EQ(function_at(*built, 10), "helper");
  EXPECT_EQ(function_at(*built, 11), "helper");
  EXPECT_EQ(function_at(*built, 14), "");
}

TEST(PythonFunctions, MultiLineSignatureDoesNotEndTheDef) {
  const auto built = build_model(one_hunk_diff("atom/x.py",
                                               "+def run(\n"
                                               "+    a,\n"
                                               "+) -> int:\n"
                                               "+    return a\n"));
  EXPECT_EQ(function_at(*built, 12), "run");
  EXPECT_EQ(function_at(*built, 13), "run");
}

TEST(PythonFunctions, NestedDefAndClassAreJoined) {
  const auto built = build_model(one_hunk_diff("atom/x.py",
                                               "+class Outer:\n"
                                               "+    def method(self):\n"
                                               "+        def inner():\n"
                                               "+            return 1\n"
                                               "+        return inner\n"
                                               "+    attr = 3\n"));
  EXPECT_EQ(function_at(*built, 10), "");
  EXPECT_EQ(function_at(*built, 13), "Outer.method.inner");
  EXPECT_EQ(function_at(*built, 14), "Outer.method");
  EXPECT_EQ(function_at(*built, 15), "");
}

TEST(PythonFunctions, RemovedLinesFollowTheOldFile) {
  const auto built = build_model(one_hunk_diff("atom/x.py",
                                               "-def old_name(x):\n"
                                               "+def new_name(x):\n"
                                               "     return x\n"));
  const auto& lines = first_hunk(*built);
  EXPECT_EQ(lines[0].function, "old_name");
  EXPECT_EQ(lines[1].function, "new_name");
  EXPECT_EQ(lines[2].function, "new_name");
  EXPECT_EQ(built->model.files[0].changed_functions, (std::vector<std::string>{"new_name", "old_name"}));
}

TEST(CppFunctions, SectionFunctionAndNewFunctionInTheHunk) {
  const auto built = build_model(one_hunk_diff("csrc/k.cu",
                                               "   int i = threadIdx.x;\n"
                                               "+  out[i] = in[i];\n"
                                               " }\n"
                                               " \n"
                                               "+template <typename T>\n"
                                               "+__global__ void __launch_bounds__(256) scale_kernel(T* x,\n"
                                               "+                                                   int n)\n"
                                               "+{\n"
                                               "+  if (threadIdx.x < n) { x[threadIdx.x] *= 2; }\n"
                                               "+}\n"
                                               "+int after = 0;\n",
                                               "__global__ void copy_kernel(const float* in, float* out) {"));
  EXPECT_EQ(function_at(*built, 10), "copy_kernel");
  EXPECT_EQ(function_at(*built, 11), "copy_kernel");
  EXPECT_EQ(function_at(*built, 12), "copy_kernel");
  EXPECT_EQ(function_at(*built, 17), "scale_kernel");
  EXPECT_EQ(function_at(*built, 18), "scale_kernel");
  EXPECT_EQ(function_at(*built, 19), "scale_kernel");
  EXPECT_EQ(function_at(*built, 20), "");
}

TEST(CppFunctions, MethodsAreQualifiedByTheirClass) {
  const auto built = build_model(one_hunk_diff("csrc/a.h",
                                               "+struct Launcher {\n"
                                               "+  void run(int n) {\n"
                                               "+    launch(n);\n"
                                               "+  }\n"
                                               "+};\n"
                                               "+void Launcher::stop() {\n"
                                               "+  if (x) { y(); }\n"
                                               "+}\n"));
  EXPECT_EQ(function_at(*built, 12), "Launcher::run");
  EXPECT_EQ(function_at(*built, 15), "Launcher::stop");
  EXPECT_EQ(function_at(*built, 16), "Launcher::stop");
}

TEST(CppFunctions, CallsAndControlFlowAreNotFunctions) {
  const auto built = build_model(one_hunk_diff("csrc/b.cc",
                                               "+  if (n > 0) {\n"
                                               "+    foo(a,\n"
                                               "+        b);\n"
                                               "+  }\n",
                                               "void caller(int n)"));
  for (const CodeLine& line : first_hunk(*built)) EXPECT_EQ(line.function, "caller");
}

TEST(CppFunctionName, ReadsHeadersAndRejectsStatements) {
  EXPECT_EQ(cpp_function_name("static inline int add(int a, int b) {"), "add");
  EXPECT_EQ(cpp_function_name("void Foo::bar() const"), "Foo::bar");
  EXPECT_EQ(cpp_function_name("__global__ void __launch_bounds__(64) k(int* x)"), "k");
  EXPECT_EQ(cpp_function_name("if (x) {"), "");
  EXPECT_EQ(cpp_function_name("  return foo(x);"), "");
  EXPECT_EQ(cpp_function_name("  auto y = foo(x);"), "");
  EXPECT_EQ(cpp_function_name("  obj.call(x);"), "");
}

}  // namespace
}  // namespace atom::testing
