#include <gtest/gtest.h>
#include "tests/cpp/analysis/analysis_test_support.h"

namespace atom::testing {
namespace {

TEST(Language, ByExtension) {
  EXPECT_EQ(language_for_path("atom/models/deepseek_v2.py"), Language::Python);
  EXPECT_EQ(language_for_path("aiter/ops/triton/gemm.py"), Language::Python);
  EXPECT_EQ(language_for_path("csrc/kernels/a.cu"), Language::Cpp);
  EXPECT_EQ(language_for_path("csrc/include/a.cuh"), Language::Cpp);
  EXPECT_EQ(language_for_path("csrc/a.hip"), Language::Cpp);
  EXPECT_EQ(language_for_path("csrc/a.hpp"), Language::Cpp);
  EXPECT_EQ(language_for_path("README.md"), Language::Other);
  EXPECT_EQ(language_for_path("Makefile"), Language::Other);
  EXPECT_EQ(language_for_path("dir.py/file"), Language::Other);
}

TEST(IsTest, ByFolderAndName) {
  EXPECT_TRUE(is_test_path("tests/test_moe.py"));
  EXPECT_TRUE(is_test_path("op_tests/test_gemm.py"));
  EXPECT_TRUE(is_test_path("atom/tests/helpers.py"));
  EXPECT_TRUE(is_test_path("csrc/gemm_test.cc"));
  EXPECT_TRUE(is_test_path("conftest.py"));
  EXPECT_FALSE(is_test_path("atom/model_ops/attestation.py"));
  EXPECT_FALSE(is_test_path("atom/contest.py"));
}

TEST(ReviewModel, FilesCarryTierLanguageAndCodeLines) {
  const std::string diff =
      one_hunk_diff("atom/model_engine/model_runner.py",
                    "     x = 1\n"
                    "+    raise NotImplementedError  # later\n"
                    "-    y = 2\n",
                    "def run(self):") +
      one_hunk_diff("tests/test_x.py", "+def test_a():\n+    assert True\n");
  const auto built = build_model(diff);
  const ReviewModel& model = built->model;
  ASSERT_EQ(model.files.size(), 2u);
  EXPECT_EQ(model.pack_name, "ATOM");
  EXPECT_EQ(model.files[0].tier.tier, 1);
  EXPECT_EQ(model.files[0].language, Language::Python);
  EXPECT_FALSE(model.files[0].is_test);
  EXPECT_TRUE(model.files[1].is_test);
  const CodeLine& added = model.files[0].hunks[0].lines[1];
  EXPECT_EQ(added.code, "    raise NotImplementedError");
  EXPECT_EQ(added.indent, 4);
  EXPECT_EQ(added.new_line, 11);
  EXPECT_EQ(added.diff->text, "    raise NotImplementedError  # later");
  EXPECT_EQ(model.files[0].hunks[0].lines[2].old_line, 11);
  EXPECT_EQ(model.files[0].changed_functions, std::vector<std::string>{"run"});
  EXPECT_EQ(model.pr_text, "t\n");
  EXPECT_FALSE(model.has_body);
}

TEST(ReviewModel, PatternHitsCoverAddedCodeOnly) {
  const std::string diff = one_hunk_diff("atom/a.py",
                                         "+    raise NotImplementedError\n"
                                         "+    # raise NotImplementedError in a comment\n"
                                         "+    s = \"raise NotImplementedError\"\n"
                                         "-    raise NotImplementedError(\"old\")\n"
                                         "     raise NotImplementedError\n");
  const auto built = build_model(diff);
  const auto& hits = built->model.hits("HK4.not_implemented");
  ASSERT_EQ(hits.size(), 1u);
  EXPECT_EQ(hits[0].first, &built->model.files[0]);
  EXPECT_EQ(hits[0].second->new_line, 10);
  EXPECT_TRUE(built->model.hits("no.such.key").empty());
}

// An added line that only moves a removed one (same text, whitespace aside) is not new code.
TEST(ReviewModel, PatternHitsSkipMovedLines) {
  const auto built = build_model(one_hunk_diff("atom/a.py",
                                               "-raise NotImplementedError\n"
                                               "+    raise NotImplementedError\n"));
  EXPECT_TRUE(built->model.hits("HK4.not_implemented").empty());
}

TEST(ReviewModel, RepositoryWithoutPackIsTierThree) {
  const auto built = build_model(one_hunk_diff("atom/model_engine/model_runner.py", "+x = 1\n"), "someone/else");
  EXPECT_EQ(built->model.pack_name, "");
  EXPECT_EQ(built->model.files[0].tier.tier, 3);
}

TEST(ReviewModel, HostileBytesNeverCrash) {
  std::string body;
  body += "+\"\"\"\n+'''\n+\\\n+(((((\n+)))))))\n+/* \"\n+R\"(\n";
  body += std::string("+") + std::string("\0\xff\xfe#\"'", 7) + "\n";
  for (const char* path : {"a.py", "b.cu", "c.txt"}) {
    const auto built = build_model(one_hunk_diff(path, body));
    EXPECT_EQ(built->model.files.size(), 1u);
  }
}

}  // namespace
}  // namespace atom::testing

namespace atom::testing {
namespace {

TEST(ReviewModel, HunkStartingInsideADocstring) {
  const auto built = build_model(one_hunk_diff("atom/a.py",
                                               "     Allocates out with torch.empty(n) and returns it.\n"
                                               "+    The caller zeroes it.\n"
                                               "     \"\"\"\n"
                                               "+    out = torch.empty(n)\n",
                                               "def alloc(n):"));
  const auto& lines = first_hunk(*built);
  EXPECT_TRUE(lines[0].blank_or_comment);
  EXPECT_TRUE(lines[0].in_docstring);
  EXPECT_TRUE(lines[1].blank_or_comment);
  EXPECT_TRUE(lines[2].blank_or_comment);
  EXPECT_EQ(lines[3].code, "    out = torch.empty(n)");
  EXPECT_EQ(lines[3].function, "alloc");
}

// A new file opening with comment lines and then a lone docstring quote: the quote opens the
// docstring (nothing comes before line 1), so the code after it is code.
TEST(ReviewModel, NewFileOpeningWithADocstringAfterComments) {
  const auto built = build_model(
      "diff --git a/atom/utils/holder.py b/atom/utils/holder.py\n"
      "new file mode 100644\n"
      "--- /dev/null\n"
      "+++ b/atom/utils/holder.py\n"
      "@@ -0,0 +1,6 @@\n"
      "+# SPDX-License-Identifier: MIT\n"
      "+\"\"\"\n"
      "+Module docstring.\n"
      "+\"\"\"\n"
      "+class Holder:\n"
      "+    value = torch.empty(4)\n");
  const auto& lines = first_hunk(*built);
  ASSERT_EQ(lines.size(), 6u);
  EXPECT_TRUE(lines[2].in_docstring);
  EXPECT_FALSE(lines[4].in_docstring);
  EXPECT_EQ(lines[5].code, "    value = torch.empty(4)");
}

}  // namespace
}  // namespace atom::testing
