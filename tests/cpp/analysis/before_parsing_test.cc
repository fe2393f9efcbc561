// The text tests rules make before they ask for syntax trees: each must hold wherever a finding
// could, so what they let a rule skip is only what it would not have reported.
#include "core/analysis/before_parsing.h"

#include <gtest/gtest.h>

#include "tests/cpp/analysis/analysis_test_support.h"

namespace atom::testing {
namespace {

TEST(BeforeParsing, AWrittenLineIsTestedWithoutItsIndentation) {
  const auto built = build_model(one_hunk_diff("a.py", " def f(x):\n+    if x:\n+        return 1\n     return 0\n"));
  const FileView& file = built->model.files.at(0);
  EXPECT_TRUE(writes_line_starting(file, "if"));
  EXPECT_FALSE(writes_line_starting(file, "def"));  // a context line is not written
  EXPECT_TRUE(writes_line_containing(file, "return 1"));
  EXPECT_FALSE(writes_line_containing(file, "return 0"));
}

TEST(BeforeParsing, MovedCodeIsNeitherWrittenNorDeleted) {
  const auto built = build_model(one_hunk_diff("a.py",
                                               "-if use_fast:\n"
                                               "-    run_fast()\n"
                                               " x = 1\n"
                                               "+if use_fast:\n"
                                               "+    run_fast()\n"));
  const FileView& file = built->model.files.at(0);
  EXPECT_FALSE(writes_line_starting(file, "if"));
  EXPECT_FALSE(deletes_line_containing(file, "use_fast"));
}

TEST(BeforeParsing, ADeletedDefCountsOnlyAtColumnZero) {
  const auto top = build_model(one_hunk_diff("a.py", "-def helper():\n-    return False\n x = 1\n"));
  EXPECT_TRUE(deletes_line_at_column_0(top->model.files.at(0), "def"));
  EXPECT_TRUE(deletes_line_containing(top->model.files.at(0), "False"));
  const auto nested = build_model(one_hunk_diff("a.py", " class A:\n-    def helper(self):\n-        pass\n     x = 1\n"));
  EXPECT_FALSE(deletes_line_at_column_0(nested->model.files.at(0), "def"));
}

TEST(BeforeParsing, TheHeadShowsContextAndAddedLinesButNotRemovedOnes) {
  const auto built = build_model(one_hunk_diff("a.py", " buf = torch.empty(n)\n-old = atomic_add(x)\n+new = 1\n"));
  const FileView& file = built->model.files.at(0);
  EXPECT_TRUE(head_shows(file, "torch.empty"));
  EXPECT_TRUE(head_shows(file, "new = 1"));
  EXPECT_FALSE(head_shows(file, "atomic"));
}

TEST(BeforeParsing, AWholeFileShowsItsWholeText) {
  auto built = build_model(one_hunk_diff("a.py", " x = 1\n+y = 2\n"));
  FileView& file = built->model.files.at(0);
  file.source = ReviewSource::Whole;
  file.head_text = "import aiter\n\nx = 1\ny = 2\n";
  EXPECT_TRUE(head_shows(file, "aiter"));  // outside every hunk
  EXPECT_FALSE(head_shows(file, "torch"));
}

TEST(BeforeParsing, AWrittenLineContinuedByABackslash) {
  const auto continued = build_model(one_hunk_diff("a.py", "+buf = \\  \n+    torch.empty(n)\n"));
  EXPECT_TRUE(writes_continued_line(continued->model.files.at(0)));  // trailing spaces aside
  const auto context = build_model(one_hunk_diff("a.py", " buf = \\\n     torch.empty(n)\n+x = 1\n"));
  EXPECT_FALSE(writes_continued_line(context->model.files.at(0)));  // the continued line is not written
  const auto escaped = build_model(one_hunk_diff("a.py", "+print(\"a\\n\")\n"));
  EXPECT_FALSE(writes_continued_line(escaped->model.files.at(0)));  // a backslash inside the line
}

TEST(BeforeParsing, TheLastNameOfADottedName) {
  EXPECT_EQ(last_name("torch.library.custom_op"), "custom_op");
  EXPECT_EQ(last_name("compile_ops"), "compile_ops");
  EXPECT_EQ(last_name("Cls.method"), "method");
}

}  // namespace
}  // namespace atom::testing
