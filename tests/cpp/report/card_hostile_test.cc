// Author-controlled text in the drafted card (issue #11): the PR's title, paths, function names,
// quoted lines, check names, logins and issue references can neither mention, link, embed, open
// HTML nor break out of their code spans — checked line by line on a hand-built result, and with
// patterns over the whole card of a hostile pull request reviewed by the engine.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include <re2/re2.h>

#include <nlohmann/json.hpp>

#include "core/engine/review.h"
#include "core/report/review_json.h"
#include "core/report/render.h"
#include "tests/cpp/report/report_test_support.h"
#include "tests/cpp/support/rule_status_scope.h"

namespace atom {
namespace {

using testing::file_summary;

const std::string kJoiner = "\xE2\x81\xA0";
const std::string kReplacement = "\xEF\xBF\xBD";
const std::string kHostileTitle = "Fix @ROCm/atom-team #1 <img src=x> [x](javascript:alert(1)) https://evil\nsecond\xE2\x80\xAE line";

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream stream(text);
  for (std::string line; std::getline(stream, line);) lines.push_back(line);
  return lines;
}

const Rule& rule_named(const std::string& id) {
  const Rule* rule = find_rule(id);
  EXPECT_NE(rule, nullptr) << id;
  return *rule;
}

ReviewResult hostile_result() {
  ReviewResult result;
  result.meta.repo = "ROCm/ATOM";
  result.meta.number = 7;
  result.meta.title = kHostileTitle;
  result.meta.body = "body";
  result.meta.base_ref = "main`@x";
  result.pack_name = "ATOM";
  result.files = {file_summary("atom/a`b``c.py", 3, 1, 0, {"<b>g</b>", "f`@team"})};
  result.headline_functions = {"f`@team", "<b>g</b>"};
  Finding finding = testing::finding_of(rule_named("HK4"), Severity::Warn, "atom/a`b``c.py", 3, Tag::Inferred);
  finding.message_id = "marker";
  finding.fields = {{"marker", "TODO`"}, {"text", "# TODO: ask @alice about #12 <details> ![i](https://e/x.png) | `x`"}};
  result.findings = {finding};
  result.context.linked_issues = {"#12", "ROCm/aiter#3"};
  result.context.comments_total = 1;
  result.context.comment_authors = {"@bob"};
  result.ci = {{"unit ``@team`` #4", "failure", "baseline", "", ""}};
  result.prompts = {{"whether it holds", {"a`b.py:3", "a`b.py", 3, Side::New}}};
  result.verdict = Verdict::NeedsWork;
  return result;
}

TEST(HostileCard, EveryAuthorTextIsEscapedExactly) {
  const std::vector<std::string> lines = lines_of(render_card(hostile_result()));
  const std::string title = "Fix @" + kJoiner + "ROCm/atom-team #" + kJoiner +
                            "1 \\<img src=x\\> \\[x\\](javascript:alert(1)) https:" + kJoiner + "//evil second" +
                            kReplacement + " line";
  ASSERT_EQ(lines.size(), 11u) << "the reviewer prompts are the panel's, not the card's";
  EXPECT_EQ(lines[0], "## ATOM PR #7 — " + title);
  EXPECT_EQ(lines[2], "**" + title + ": changes 1 file (+1 −0), not a backbone file, in ``f`@team`` and `<b>g</b>`.**")
      << "the functions in the summary's order";
  EXPECT_EQ(lines[6],
            "- ⚠️ ```atom/a`b``c.py:3``` `` TODO` `` left in the added code: #" + kJoiner + " TODO: ask @" +
                kJoiner + "alice about #" + kJoiner + "12 \\<details\\> \\!\\[i\\](https:" + kJoiner +
                "//e/x.png) \\| `x`. A known gap ships without an owner; the path it marks may be incomplete at run "
                "time. Reviewer should ask whether this marked gap is tracked, and whether the path works without "
                "it. [inferred]");
  EXPECT_EQ(lines[8], "🔗 Linked issues: #" + kJoiner + "12, ROCm/aiter#" + kJoiner + "3.");
  EXPECT_EQ(lines[9], "💬 1 prior human review comment (by @" + kJoiner + "bob): check it is addressed.");
  EXPECT_EQ(lines[10], "🧪 CI baseline: ```unit ``@team`` #4``` — also failing on ``main`@x``'s latest commit; "
                       "baseline or flaky, not this PR.");
}

// Issue #42: the heading names the pack (shared, written by anyone) or else the repository.
TEST(HostileCard, PackNameAndRepositoryNameInTheHeadingAreEscaped) {
  ReviewResult result = hostile_result();
  result.meta.title = "t";
  result.pack_name = "@acme/maintainers [x](https://evil.example) <img src=x> GH-1";
  EXPECT_EQ(lines_of(render_card(result))[0], "## @" + kJoiner + "acme/maintainers \\[x\\](https:" + kJoiner +
                                                 "//evil.example) \\<img src=x\\> GH" + kJoiner + "-1 PR #7 — t");
  result.pack_name.clear();
  result.meta.repo = "octo/www.evil.com";
  EXPECT_EQ(lines_of(render_card(result))[0], "## www" + kJoiner + ".evil.com PR #7 — t");
  result.meta.repo = "octo/GH-1";
  EXPECT_EQ(lines_of(render_card(result))[0], "## GH" + kJoiner + "-1 PR #7 — t");
}

// The card with every code span (fenced by a run of n backticks, closed by a run of exactly n)
// taken out: what is left is prose, where author text must be inert.
std::string prose_of(const std::string& card) {
  std::string prose;
  size_t i = 0;
  while (i < card.size()) {
    if (card[i] != '`' || (i > 0 && card[i - 1] == '\\')) {
      prose += card[i++];
      continue;
    }
    size_t run_end = i;
    while (run_end < card.size() && card[run_end] == '`') ++run_end;
    const std::string fence = card.substr(i, run_end - i);
    size_t close = run_end;
    while ((close = card.find(fence, close)) != std::string::npos) {
      const bool longer = (close + fence.size() < card.size() && card[close + fence.size()] == '`') ||
                          card[close - 1] == '`';
      if (!longer) break;
      close += fence.size();
      while (close < card.size() && card[close] == '`') ++close;
    }
    if (close == std::string::npos) {
      prose += fence;
      i = run_end;
    } else {
      prose += " ";
      i = close + fence.size();
    }
  }
  return prose;
}

TEST(HostileCard, NoMentionReferenceLinkOrTagSurvivesInAReviewedHostilePr) {
  const atom::testing::RuleStatusScope hk4_runs(atom::testing::RuleStatusScope::with_preview("HK4"));
  const std::string hostile = "@alice @ROCm/atom-team #12 GH-3 ROCm/aiter#4 <img src=x> <details> "
                              "[x](javascript:alert(1)) ![i](https://evil/i.png) https://evil www.evil.com \xE2\x80\xAE";
  const std::string path = "atom/@team/#1 <b>`x``.py";
  const std::string diff = "diff --git a/" + path + " b/" + path + "\n" + "--- a/" + path + "\n+++ b/" + path +
                           "\n@@ -1,2 +1,4 @@ def f_@team(x):\n     a = 1\n+    # TODO: " + hostile +
                           "\n+    raise NotImplementedError(\"" + hostile + "\")\n     return a\n";
  const nlohmann::json meta = {
      {"repo", "ROCm/ATOM"},
      {"number", 9},
      {"title", "Speed up " + hostile + " by 2x"},
      {"body", "Fixes #12 and ROCm/aiter#4, 30% faster, cc @alice " + hostile},
      {"base_ref", "main @x #1"},
      {"checks", {{{"name", "unit " + hostile}, {"state", "failure"}}}},
      {"comments", {{{"author", "mallory @x"}, {"body", hostile}, {"path", path}, {"line", 2}}}}};
  const nlohmann::json result = nlohmann::json::parse(review_to_json_text(diff, meta.dump()));
  const std::string card = result.at("draft").get<std::string>();
  ASSERT_NE(card.find("TODO"), std::string::npos) << "the quoted line must reach the card:\n" << card;

  const std::string prose = prose_of(card);
  const std::string own_heading_number = "PR #9";
  const std::string checked = prose.substr(prose.find(own_heading_number) + own_heading_number.size());
  EXPECT_FALSE(RE2::PartialMatch(checked, R"(@\w)")) << prose;
  EXPECT_FALSE(RE2::PartialMatch(checked, R"(#\d)")) << prose;
  EXPECT_FALSE(RE2::PartialMatch(checked, R"((?i)GH-\d)")) << prose;
  EXPECT_FALSE(RE2::PartialMatch(checked, R"((^|[^\\])<)")) << prose;
  EXPECT_FALSE(RE2::PartialMatch(checked, R"((^|[^\\])\]\()")) << prose;
  EXPECT_FALSE(RE2::PartialMatch(checked, R"(https?://|www\.)")) << prose;
  EXPECT_EQ(card.find("\xE2\x80\xAE"), std::string::npos) << "no bidi control anywhere";
  EXPECT_NE(card.find("🧪 CI"), std::string::npos) << "the hostile check name must reach the card:\n" << card;
  EXPECT_NE(card.find("mallory"), std::string::npos) << "the hostile login must reach the card:\n" << card;
}

}  // namespace
}  // namespace atom
