// D1c is red (verified, with a trigger) only when the whole `__init__` up to the assignment is in
// the diff and the bases hold no state; a partial view leaves a question (warn, inferred).
#include <gtest/gtest.h>

#include "core/report/finding_words.h"
#include "core/rules/d/d1c_init_bodies.h"
#include "tests/cpp/analysis/analysis_test_support.h"
#include "tests/cpp/rules/rule_test_support.h"

namespace atom {
namespace {

std::vector<Finding> d1c_on_fixture(const char* name) {
  const std::string text = testing::read_text_file(testing::fixtures_root() / "D1c" / name);
  return testing::run_rule("D1c", text);
}

TEST(D1cSeverity, WholeInitVisibleIsRedWithATrigger) {
  for (const char* name : {"fires_assert_before_assign.diff", "fires_attribute_called_early.diff"}) {
    const std::vector<Finding> findings = d1c_on_fixture(name);
    ASSERT_FALSE(findings.empty()) << name;
    for (const Finding& finding : findings) {
      EXPECT_EQ(finding.severity, Severity::Red) << name;
      EXPECT_EQ(finding.tag, Tag::Verified) << name;
      EXPECT_EQ(trigger_words(finding).value_or(""), "`self." + finding.fields.at("attr") + "` read at line " +
                                                        finding.fields.at("read_line") + ", first assigned at line " +
                                                        finding.fields.at("assign_line") + " of the same `__init__`")
          << name;
    }
  }
}

TEST(D1cSeverity, PartialViewIsAnInferredWarning) {
  const std::vector<Finding> findings = d1c_on_fixture("fires_partial_init.diff");
  ASSERT_FALSE(findings.empty());
  for (const Finding& finding : findings) {
    EXPECT_EQ(finding.severity, Severity::Warn);
    EXPECT_EQ(finding.tag, Tag::Inferred);
  }
}

// On a whole file every finding reads on an added line of an `__init__`; a file that adds none
// is skipped before any parse.
TEST(D1cWholeFiles, OnlyAFileThatAddsToAnInitIsRead) {
  const auto in_init = testing::build_model(testing::one_hunk_diff(
      "a.py", " class A:\n     def __init__(self):\n+        self.x = 1\n     def f(self):\n         return 1\n"));
  EXPECT_TRUE(d1c::adds_in_an_init(in_init->model.files.at(0)));
  const auto elsewhere = testing::build_model(testing::one_hunk_diff(
      "a.py", " class A:\n     def __init__(self):\n         self.x = 1\n     def f(self):\n+        return 2\n"));
  EXPECT_FALSE(d1c::adds_in_an_init(elsewhere->model.files.at(0)));
}

}  // namespace
}  // namespace atom
