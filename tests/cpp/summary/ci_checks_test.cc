// Step 1: failing CI checks classified before anyone blames the PR.
#include <gtest/gtest.h>

#include "core/summary/pr_context.h"

namespace atom {
namespace {

PrCheck check(const std::string& name, const std::string& state, std::optional<std::string> base_state = std::nullopt,
              bool logs_expired = false, const std::string& workflow = "") {
  PrCheck c;
  c.name = name;
  c.state = state;
  c.base_state = std::move(base_state);
  c.logs_expired = logs_expired;
  c.workflow = workflow;
  c.url = "https://ci/" + name;
  return c;
}

const std::vector<std::string> kCodeOnly = {"atom/model_ops/moe.py", ".claude/skills/review-pr/SKILL.md"};

TEST(CiChecks, OnlyFailingStatesAreListed) {
  const auto failures = classify_ci_failures(
      {check("a", "success"), check("b", "pending"), check("c", "skipped"), check("d", "neutral"),
       check("e", "cancelled"), check("f", "action_required"), check("g", "failure"), check("h", "error"),
       check("i", "timed_out"), check("j", "startup_failure")},
      kCodeOnly, "main");
  std::vector<std::string> names;
  for (const auto& failure : failures) names.push_back(failure.name);
  EXPECT_EQ(names, (std::vector<std::string>{"g", "h", "i", "j"}));
}

TEST(CiChecks, DocsBuildOnACodeOnlyChangeIsUnrelated) {
  // ATOM#1549: a readthedocs build failed on a change to .claude/ and code only.
  const auto failures = classify_ci_failures({check("docs/readthedocs.com:rocm-atom", "failure")}, kCodeOnly, "main");
  ASSERT_EQ(failures.size(), 1u);
  EXPECT_EQ(failures[0].classification, "unrelated");
  EXPECT_EQ(failures[0].url, "https://ci/docs/readthedocs.com:rocm-atom");
  EXPECT_NE(failures[0].reason.find("no docs inputs (docs/, doc/, *.md and *.rst outside dot-folders"), std::string::npos)
      << failures[0].reason;
  EXPECT_NE(failures[0].reason.find("unless the docs autodoc Python sources: the PR changes 1 .py file"), std::string::npos)
      << failures[0].reason;
}

TEST(CiChecks, DocsJobIsRecognisedByNameOrWorkflow) {
  for (const PrCheck& docs : {check("build_docs", "failure"), check("Sphinx HTML", "failure"),
                              check("pages build and deployment", "failure"), check("build", "failure", std::nullopt, false, "Documentation")})
    EXPECT_EQ(classify_ci_failures({docs}, {"atom/a.py"}, "main")[0].classification, "unrelated") << docs.name;
  for (const PrCheck& other : {check("doctest", "failure"), check("paged-attention", "failure"), check("unit", "failure")})
    EXPECT_EQ(classify_ci_failures({other}, {"atom/a.py"}, "main")[0].classification, "worth_a_look") << other.name;
}

TEST(CiChecks, DocsBuildIsWorthALookWhenTheDocsInputsChanged) {
  for (const char* path : {"docs/index.rst", "README.md", "atom/ops/NOTES.md", "mkdocs.yml", ".readthedocs.yaml",
                           "requirements-docs.txt", ".github/workflows/docs.yml"}) {
    const auto failures = classify_ci_failures({check("docs", "failure")}, {"atom/a.py", path}, "main");
    EXPECT_EQ(failures[0].classification, "worth_a_look") << path;
    EXPECT_NE(failures[0].reason.find(path), std::string::npos) << failures[0].reason;
  }
}

TEST(CiChecks, StaleThenBaselineThenUnrelated) {
  // Expired logs win over a failing main, which wins over the docs test.
  EXPECT_EQ(classify_ci_failures({check("docs", "failure", "failure", true)}, kCodeOnly, "main")[0].classification, "stale");
  const auto baseline = classify_ci_failures({check("docs", "failure", "timed_out")}, kCodeOnly, "main");
  EXPECT_EQ(baseline[0].classification, "baseline");
  EXPECT_EQ(baseline[0].reason, "also failing on main's latest commit — baseline or flaky, not this PR");
  EXPECT_EQ(classify_ci_failures({check("unit", "failure", "success")}, kCodeOnly, "main")[0].classification,
            "worth_a_look");
  EXPECT_EQ(classify_ci_failures({check("unit", "failure", "pending")}, kCodeOnly, "")[0].reason,
            "not known to fail on the base branch — read the log before blaming or clearing the PR");
}

TEST(CiChecks, SortedByClassThenName) {
  const auto failures = classify_ci_failures(
      {check("docs", "failure"), check("z-old", "failure", std::nullopt, true), check("b-flaky", "error", "failure"),
       check("y-unit", "failure"), check("a-unit", "timed_out"), check("a-old", "failure", std::nullopt, true)},
      kCodeOnly, "main");
  std::vector<std::string> order;
  for (const auto& failure : failures) order.push_back(failure.classification + ":" + failure.name);
  EXPECT_EQ(order, (std::vector<std::string>{"worth_a_look:a-unit", "worth_a_look:y-unit", "stale:a-old", "stale:z-old",
                                             "baseline:b-flaky", "unrelated:docs"}));
}

}  // namespace
}  // namespace atom
