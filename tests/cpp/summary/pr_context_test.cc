// Step 1: linked issues, who counts as a human reviewer, comment excerpts.
#include <gtest/gtest.h>

#include "core/summary/pr_context.h"
#include "tests/cpp/summary/summary_test_support.h"

namespace atom {
namespace {

TEST(LinkedIssues, EveryKeywordAndReferenceShapeInOrderOfAppearance) {
  const std::string body =
      "Closes: ROCm/aiter#45. Also fixes #123 and resolved https://github.com/ROCm/ATOM/issues/77\n"
      "Fixed #123 again; RESOLVES other/repo#9; close #5, fix: #6";
  EXPECT_EQ(linked_issues(body, "ROCm/ATOM"),
            (std::vector<std::string>{"ROCm/aiter#45", "#123", "#77", "other/repo#9", "#5", "#6"}));
}

TEST(LinkedIssues, OwnRepositoryReferencesAreShortAnyCase) {
  EXPECT_EQ(linked_issues("fixes rocm/atom#12 and https://github.com/ROCM/ATOM/issues/12", "ROCm/ATOM"),
            (std::vector<std::string>{"#12"}));
  EXPECT_EQ(linked_issues("fixes ROCm/ATOM#12", ""), (std::vector<std::string>{"ROCm/ATOM#12"}));
}

TEST(LinkedIssues, MentionsWithoutAKeywordOrInsideTemplateCommentsDoNotLink) {
  EXPECT_TRUE(linked_issues("See #12, related to #13; prefix #14; fixing #15; suffixes #16", "").empty());
  EXPECT_TRUE(linked_issues("<!-- Fixes #1 (write the issue here) -->\nbody", "").empty());
  EXPECT_TRUE(linked_issues("fixes https://github.com/o/r/pull/3", "").empty());
  EXPECT_TRUE(linked_issues("", "").empty());
}

TEST(HumanReviewers, BotsAndCopilotAreNotReviewers) {
  for (const char* login : {"github-actions[bot]", "Copilot", "copilot-pull-request-reviewer", "coderabbitai",
                            "codecov", "dependabot", "Some-Tool[BOT]"})
    EXPECT_TRUE(is_bot_account(login)) << login;
  for (const char* login : {"alice", "copilotfan", "robot", "bot-builder", ""}) EXPECT_FALSE(is_bot_account(login)) << login;
}

TEST(CommentExcerpt, SkipsQuotesFencesAndBlankLines) {
  EXPECT_EQ(comment_excerpt("\n> you wrote this\n>\n```python\nx = 1\n```\n  Why is the scale fp32 here?  \nmore"),
            "Why is the scale fp32 here?");
  EXPECT_EQ(comment_excerpt("~~~\n```\nstill code\n~~~\nafter"), "after");
  EXPECT_EQ(comment_excerpt("<!-- bot marker -->\nreal text"), "real text");
  EXPECT_EQ(comment_excerpt("```suggestion\nx = 2\n```"), "(suggested change)");
  EXPECT_EQ(comment_excerpt("> only a quote"), "");
  EXPECT_EQ(comment_excerpt(""), "");
}

TEST(CommentExcerpt, CutsAt160CharactersWithAnEllipsis) {
  const std::string exact(160, 'a');
  EXPECT_EQ(comment_excerpt(exact), exact);
  std::string long_line;
  for (int i = 0; i < 100; ++i) long_line += "é ";  // two-byte characters: cut by characters, not bytes
  const std::string excerpt = comment_excerpt(long_line);
  EXPECT_EQ(excerpt.substr(excerpt.size() - 3), "…");
  size_t characters = 0;
  for (unsigned char c : excerpt) characters += (c & 0xC0) != 0x80;
  EXPECT_LE(characters, 160u);
  EXPECT_GE(characters, 158u);
}

PrComment comment(const std::string& author, const std::string& body, const std::string& kind,
                  const std::string& path = "", int line = 0, bool bot = false) {
  PrComment c;
  c.author = author;
  c.body = body;
  c.kind = kind;
  c.path = path;
  c.line = line;
  c.bot = bot;
  return c;
}

TEST(PrContext, CountsOnlyHumanReviewComments) {
  PrMeta meta;
  meta.repo = "ROCm/ATOM";
  meta.author = "Author1";
  meta.body = "Fixes #9";
  meta.comments = {comment("bob", "Is this safe on gfx950?", "inline", "atom/config.py", 12),
                   comment("alice", "LGTM overall", "review"),
                   comment("author1", "thanks, done", "comment"),          // the PR's author
                   comment("github-actions[bot]", "CI report", "comment"),
                   comment("Copilot", "Consider renaming", "inline", "a.py", 1),
                   comment("helper", "auto summary", "comment", "", 0, true),  // marked as a bot by the page
                   comment("carol", "   \n", "review"),                     // an approval with no words
                   comment("bob", "> quoted\nand the decode path?", "inline", "atom/x.py", 3)};
  const PrContext context = build_pr_context(meta);
  EXPECT_EQ(context.linked_issues, (std::vector<std::string>{"#9"}));
  EXPECT_EQ(context.comments_total, 3u);
  EXPECT_EQ(context.comments_inline, 2u);
  EXPECT_EQ(context.comment_authors, (std::vector<std::string>{"alice", "bob"}));
  ASSERT_EQ(context.comments.size(), 3u);
  EXPECT_EQ(context.comments[0].author, "bob");
  EXPECT_EQ(context.comments[0].path, "atom/config.py");
  EXPECT_EQ(context.comments[0].line, 12);
  EXPECT_EQ(context.comments[1].kind, "review");
  EXPECT_EQ(context.comments[2].excerpt, "and the decode path?");
}

TEST(PrContext, KeepsTheFirstTwentyItemsButCountsAll) {
  PrMeta meta;
  for (int i = 0; i < 25; ++i) meta.comments.push_back(comment("r" + std::to_string(i), "note " + std::to_string(i), "comment"));
  const PrContext context = build_pr_context(meta);
  EXPECT_EQ(context.comments_total, 25u);
  ASSERT_EQ(context.comments.size(), 20u);
  EXPECT_EQ(context.comments.front().excerpt, "note 0");
  EXPECT_EQ(context.comments.back().excerpt, "note 19");
  EXPECT_EQ(context.comment_authors.size(), 25u);
}

TEST(PrContext, NoBodyNoCommentsMeansEmpty) {
  const PrContext context = build_pr_context(PrMeta());
  EXPECT_TRUE(context.linked_issues.empty());
  EXPECT_EQ(context.comments_total, 0u);
  EXPECT_TRUE(context.comments.empty());
}

TEST(PrContext, SummarizeFillsItFromTheMeta) {
  const auto s = testing::summarize_diff(testing::one_hunk_diff("a.py", "+x\n"), "Decode tweak", "Closes #123");
  EXPECT_EQ(s->result.context.linked_issues, (std::vector<std::string>{"#123"}));
  EXPECT_TRUE(s->result.ci.empty());
}

}  // namespace
}  // namespace atom
