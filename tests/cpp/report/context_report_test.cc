// The Step 1 context in the result JSON and the card.
#include <gtest/gtest.h>

#include "core/report/card_parts.h"
#include "core/report/render.h"
#include "tests/cpp/report/report_test_support.h"

namespace atom {
namespace {

using nlohmann::json;
using testing::basic_result;

ReviewResult result_with_context() {
  ReviewResult result = basic_result();
  result.meta.base_ref = "main";
  result.context.linked_issues = {"#123", "ROCm/aiter#45"};
  result.context.comments_total = 3;
  result.context.comments_inline = 2;
  result.context.comment_authors = {"alice", "bob"};
  result.context.comments = {{"bob", "inline", "atom/config.py", 12, "Is this safe on gfx950?"},
                             {"alice", "review", "", 0, "Needs a test"},
                             {"bob", "inline", "atom/x.py", 3, "And decode?"}};
  result.ci = {{"unit (gfx942)", "failure", "worth_a_look", "passes on main's latest commit — likely this PR, read the log",
                "https://ci/1"},
               {"old-e2e", "failure", "stale", "logs expired — ask the author to rebase to re-run CI", ""},
               {"docs/readthedocs.org:atom", "failure", "unrelated", "docs build; …", "https://rtd/2"}};
  return result;
}

TEST(ContextJson, ShapesThePanelReads) {
  const json out = to_result_json(result_with_context());
  const json& context = out["context"];
  EXPECT_EQ(context["linked_issues"], (json{"#123", "ROCm/aiter#45"}));
  const json& comments = context["review_comments"];
  EXPECT_EQ(comments["total"], 3);
  EXPECT_EQ(comments["inline"], 2);
  EXPECT_EQ(comments["authors"], (json{"alice", "bob"}));
  ASSERT_EQ(comments["items"].size(), 3u);
  EXPECT_EQ(comments["items"][0], (json{{"author", "bob"}, {"kind", "inline"}, {"path", "atom/config.py"}, {"line", 12},
                                        {"excerpt", "Is this safe on gfx950?"}}));
  EXPECT_TRUE(comments["items"][1]["path"].is_null());
  EXPECT_TRUE(comments["items"][1]["line"].is_null());
  ASSERT_EQ(out["ci"].size(), 3u);
  EXPECT_EQ(out["ci"][0], (json{{"name", "unit (gfx942)"}, {"state", "failure"}, {"class", "worth_a_look"},
                                {"reason", "passes on main's latest commit — likely this PR, read the log"},
                                {"url", "https://ci/1"}}));
  EXPECT_TRUE(out["ci"][1]["url"].is_null());
}

TEST(ContextJson, EmptyContextStillHasItsShape) {
  const json out = to_result_json(basic_result());
  EXPECT_EQ(out["context"], (json{{"linked_issues", json::array()},
                                  {"review_comments", {{"total", 0}, {"inline", 0}, {"authors", json::array()},
                                                       {"items", json::array()}}}}));
  EXPECT_EQ(out["ci"], json::array());
}

TEST(ContextCard, OneLinePerFactAfterTheFindings) {
  EXPECT_EQ(step1_context_lines(result_with_context()),
            // The references are the author's: named, not linked (a word joiner after '#').
            "🔗 Linked issues: #\xE2\x81\xA0" "123, ROCm/aiter#\xE2\x81\xA0" "45.\n"
            "💬 3 prior human review comments (2 inline, by alice, bob): check they are addressed.\n"
            "🧪 CI worth a look: `unit (gfx942)` — read the logs before blaming or clearing the PR.\n"
            "🧪 CI stale: `old-e2e` — logs expired; ask the author to rebase to re-run CI.\n"
            "🧪 CI unrelated: `docs/readthedocs.org:atom` — docs build and the PR changes no docs inputs; unrelated "
            "infra, re-run or ignore.");
  const std::string card = render_card(result_with_context());
  EXPECT_NE(card.find("✅ LGTM\n\n🔗 Linked issues"), std::string::npos) << card;
}

TEST(ContextCard, WordsForOneCommentManyAuthorsManyIssuesAndTheBaseline) {
  ReviewResult result = basic_result();
  result.context.comments_total = 1;
  result.context.comments_inline = 1;
  result.context.comment_authors = {"bob"};
  result.ci = {{"a`b", "error", "baseline", "", ""}};
  EXPECT_EQ(step1_context_lines(result),
            "💬 1 prior human review comment (inline, by bob): check it is addressed.\n"
            "🧪 CI baseline: ``a`b`` — also failing on the base branch's latest commit; baseline or flaky, not this PR.");
  result.ci.clear();
  result.context.linked_issues = {"#1", "#2", "#3", "#4", "#5", "#6", "#7"};
  result.context.comments_total = 7;
  result.context.comments_inline = 0;
  result.context.comment_authors = {"a", "b", "c", "d", "e", "f"};
  EXPECT_EQ(step1_context_lines(result),
            "🔗 Linked issues: #\xE2\x81\xA0" "1, #\xE2\x81\xA0" "2, #\xE2\x81\xA0" "3, #\xE2\x81\xA0" "4, #\xE2\x81\xA0" "5 and 2 more.\n"
            "💬 7 prior human review comments (by a, b, c, d and 2 more): check they are addressed.");
}

TEST(ContextCard, NothingWhenTheMetaHasNone) {
  EXPECT_EQ(step1_context_lines(basic_result()), "");
  const std::string card = render_card(basic_result());
  EXPECT_EQ(card.find("🔗"), std::string::npos);
  EXPECT_EQ(card.find("🧪"), std::string::npos);
}

}  // namespace
}  // namespace atom
