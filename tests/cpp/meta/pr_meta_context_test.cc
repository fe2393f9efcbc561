// The Step 1 parts of PR.json: comment kinds and bots, gh's reviews, CI checks, the base branch.
#include <gtest/gtest.h>

#include "core/model/pr_meta.h"

namespace atom {
namespace {

TEST(PrMetaContext, CommentKindDefaultsFromPathAndBotFlagIsRead) {
  const MetaParseResult parsed = parse_pr_meta(R"({"comments": [
      {"author": "bob", "body": "b", "path": "a.py", "line": 3},
      {"author": "carol", "body": "c"},
      {"author": "dan", "body": "d", "kind": "review"},
      {"author": "ci", "body": "e", "bot": true},
      {"author": {"login": "helper", "is_bot": true}, "body": "f"}]})");
  ASSERT_EQ(parsed.error, "");
  const auto& comments = parsed.meta.comments;
  ASSERT_EQ(comments.size(), 5u);
  EXPECT_EQ(comments[0].kind, "inline");
  EXPECT_EQ(comments[1].kind, "comment");
  EXPECT_EQ(comments[2].kind, "review");
  EXPECT_FALSE(comments[2].bot);
  EXPECT_TRUE(comments[3].bot);
  EXPECT_TRUE(comments[4].bot);
  EXPECT_EQ(comments[4].author, "helper");
}

TEST(PrMetaContext, GhReviewsBecomeReviewComments) {
  const MetaParseResult parsed = parse_pr_meta(R"({
      "comments": [{"author": {"login": "erin"}, "body": "top"}],
      "reviews": [{"author": {"login": "frank"}, "body": "needs a test", "state": "CHANGES_REQUESTED"}],
      "baseRefName": "main"})");
  ASSERT_EQ(parsed.error, "");
  ASSERT_EQ(parsed.meta.comments.size(), 2u);
  EXPECT_EQ(parsed.meta.comments[1].author, "frank");
  EXPECT_EQ(parsed.meta.comments[1].kind, "review");
  EXPECT_EQ(parsed.meta.base_ref, "main");
  EXPECT_EQ(parse_pr_meta(R"({"base_ref": "dev", "baseRefName": "main"})").meta.base_ref, "dev");
}

TEST(PrMetaContext, ChecksInTheExtensionShape) {
  const MetaParseResult parsed = parse_pr_meta(R"({"checks": [
      {"name": "docs/readthedocs.org:atom", "state": "FAILURE", "url": "https://r/1", "logs_expired": false,
       "base_state": "Success", "workflow": "Docs"},
      {"name": "unit", "state": "timed_out", "logs_expired": true}]})");
  ASSERT_EQ(parsed.error, "");
  ASSERT_EQ(parsed.meta.checks.size(), 2u);
  const PrCheck& docs = parsed.meta.checks[0];
  EXPECT_EQ(docs.name, "docs/readthedocs.org:atom");
  EXPECT_EQ(docs.state, "failure");
  EXPECT_EQ(docs.url, "https://r/1");
  EXPECT_FALSE(docs.logs_expired);
  EXPECT_EQ(docs.base_state, std::optional<std::string>("success"));
  EXPECT_EQ(docs.workflow, "Docs");
  EXPECT_EQ(parsed.meta.checks[1].state, "timed_out");
  EXPECT_TRUE(parsed.meta.checks[1].logs_expired);
  EXPECT_FALSE(parsed.meta.checks[1].base_state.has_value());
}

TEST(PrMetaContext, ChecksInGhShapes) {
  // `gh pr checks --json name,state,bucket,link,workflow`, then a statusCheckRollup check run
  // and status context from `gh pr view --json statusCheckRollup`.
  const MetaParseResult parsed = parse_pr_meta(R"({"checks": [
      {"name": "build", "bucket": "fail", "link": "https://l/2", "workflow": "CI"},
      {"name": "lint", "bucket": "pass"},
      {"name": "e2e", "bucket": "cancel"},
      {"name": "gpu", "bucket": "skipping"},
      {"name": "smoke", "state": "IN_PROGRESS"},
      {"__typename": "CheckRun", "name": "aot", "status": "COMPLETED", "conclusion": "FAILURE",
       "detailsUrl": "https://d/3", "workflowName": "AOT"},
      {"__typename": "StatusContext", "context": "ci/jenkins", "state": "ERROR", "targetUrl": "https://j/4"}]})");
  ASSERT_EQ(parsed.error, "");
  const auto& checks = parsed.meta.checks;
  ASSERT_EQ(checks.size(), 7u);
  EXPECT_EQ(checks[0].state, "failure");
  EXPECT_EQ(checks[0].url, "https://l/2");
  EXPECT_EQ(checks[0].workflow, "CI");
  EXPECT_EQ(checks[1].state, "success");
  EXPECT_EQ(checks[2].state, "cancelled");
  EXPECT_EQ(checks[3].state, "skipped");
  EXPECT_EQ(checks[4].state, "pending");
  EXPECT_EQ(checks[5].name, "aot");
  EXPECT_EQ(checks[5].state, "failure");
  EXPECT_EQ(checks[5].url, "https://d/3");
  EXPECT_EQ(checks[5].workflow, "AOT");
  EXPECT_EQ(checks[6].name, "ci/jenkins");
  EXPECT_EQ(checks[6].state, "error");
  EXPECT_EQ(checks[6].url, "https://j/4");
}

TEST(PrMetaContext, NamelessChecksAreLeftOutAndUnknownStatesKept) {
  const MetaParseResult parsed = parse_pr_meta(R"({"checks": [{"state": "failure"}, {"name": ""},
      {"name": "x", "state": "Weird_New_State"}]})");
  ASSERT_EQ(parsed.error, "");
  ASSERT_EQ(parsed.meta.checks.size(), 1u);
  EXPECT_EQ(parsed.meta.checks[0].state, "weird_new_state");
}

TEST(PrMetaContext, WrongTypesGiveOneLineErrorsLikeTheOtherFields) {
  EXPECT_EQ(parse_pr_meta(R"({"checks": {"name": "x"}})").error, "meta JSON: \"checks\" must be an array");
  EXPECT_EQ(parse_pr_meta(R"({"checks": ["x"]})").error, "meta JSON: \"checks\" must be an array of objects");
  EXPECT_EQ(parse_pr_meta(R"({"checks": [{"name": 3}]})").error, "meta JSON: \"checks[0].name\" must be a string");
  EXPECT_EQ(parse_pr_meta(R"({"checks": [{"name": "a"}, {"name": "b", "logs_expired": "yes"}]})").error,
            "meta JSON: \"checks[1].logs_expired\" must be true or false");
  EXPECT_EQ(parse_pr_meta(R"({"comments": [{"kind": "approval"}]})").error,
            "meta JSON: \"comments[0].kind\" must be \"comment\", \"review\" or \"inline\"");
  EXPECT_EQ(parse_pr_meta(R"({"reviews": [{"bot": 1}]})").error, "meta JSON: \"reviews[0].bot\" must be true or false");
  const MetaParseResult bad = parse_pr_meta(R"({"number": 4, "base_ref": ["main"]})");
  EXPECT_EQ(bad.error, "meta JSON: \"base_ref\" must be a string");
  EXPECT_EQ(bad.meta.number, 0);
}

}  // namespace
}  // namespace atom
