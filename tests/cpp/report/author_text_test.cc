// The one escaping function for author-controlled text in markdown (core/report/author_text.h):
// hostile titles, paths, names and lines, each with its exact escaped form.
#include <gtest/gtest.h>

#include <string>

#include "core/report/author_text.h"

namespace atom {
namespace {

const std::string kJoiner = "\xE2\x81\xA0";       // U+2060 WORD JOINER
const std::string kReplacement = "\xEF\xBF\xBD";  // U+FFFD
const std::string kRightToLeftOverride = "\xE2\x80\xAE";  // U+202E

struct Case {
  const char* name;
  std::string text;
  std::string escaped;
};

TEST(AuthorText, ProseNeutralisesMentionsReferencesLinksAndHtml) {
  const Case cases[] = {
      {"mentions", "Fix @alice and @ROCm/atom-team", "Fix @" + kJoiner + "alice and @" + kJoiner + "ROCm/atom-team"},
      {"issue references", "Fixes #1, GH-12 and ROCm/aiter#45",
       "Fixes #" + kJoiner + "1, GH" + kJoiner + "-12 and ROCm/aiter#" + kJoiner + "45"},
      {"lowercase gh", "gh-7", "gh" + kJoiner + "-7"},
      {"GH without a number", "HIGH-level", "HIGH-level"},
      {"image tag", "<img src=x>", "\\<img src=x\\>"},
      {"details", "<details><summary>x</summary>", "\\<details\\>\\<summary\\>x\\</summary\\>"},
      {"javascript link", "[x](javascript:alert(1))", "\\[x\\](javascript:alert(1))"},
      {"image link", "![x](https://evil/x.png)", "\\!\\[x\\](https:" + kJoiner + "//evil/x.png)"},
      {"autolinks", "see https://evil.example and www.evil.example",
       "see https:" + kJoiner + "//evil.example and www" + kJoiner + ".evil.example"},
      {"angle autolink", "<https://evil>", "\\<https:" + kJoiner + "//evil\\>"},
      {"email", "me@example.com", "me@" + kJoiner + "example.com"},
      {"entity", "&#64;alice", "\\&#" + kJoiner + "64;alice"},
      {"bidi override", "admin" + kRightToLeftOverride + "txt.py", "admin" + kReplacement + "txt.py"},
      {"isolates and marks", "a\xE2\x81\xA6" "b\xE2\x80\x8F" "c\xD8\x9C", "a" + kReplacement + "b" + kReplacement + "c" + kReplacement},
      {"table pipe", "a | b", "a \\| b"},
      {"newlines", "line one\nline two\r\n\tend", "line one line two   end"},
      {"other controls", std::string("a\x01" "b\x7F" "c\xC2\x85"), "a" + kReplacement + "b" + kReplacement + "c" + kReplacement},
      {"emphasis and code", "**bold** _em_ ~~s~~ `code`", "\\*\\*bold\\*\\* \\_em\\_ \\~\\~s\\~\\~ \\`code\\`"},
      {"backslash and math", "a\\b $x$", "a\\\\b \\$x\\$"},
      {"invalid utf-8", "a\xFF" "b", "a" + kReplacement + "b"},
      {"commit sha", "revert 0f44a2a1541a96effd69084a246846e767f42a1f",
       "revert 0f44a2" + kJoiner + "a1541a" + kJoiner + "96effd" + kJoiner + "69084a" + kJoiner + "246846" + kJoiner +
           "e767f4" + kJoiner + "2a1f"},
      {"short sha", "fixes 0f44a2a", "fixes 0f44a2" + kJoiner + "a"},
      {"six hex digits stay whole", "0xdead beef12 cafe", "0xdead beef12 cafe"},
      {"hex word", "effaced", "efface" + kJoiner + "d"},
      {"plain", "Fuse allreduce and rmsnorm", "Fuse allreduce and rmsnorm"},
      {"empty", "", ""},
  };
  for (const Case& c : cases) EXPECT_EQ(author_markdown(c.text, AuthorTextAs::Prose), c.escaped) << c.name;
}

// Issue #42: characters a reader cannot see (Unicode's format characters and the tag block)
// become U+FFFD wherever author text goes, and a fullwidth at sign is neutralised like '@'.
TEST(AuthorText, InvisibleFormatAndTagCharactersAreReplaced) {
  const Case cases[] = {
      {"zero-width space, non-joiner, joiner", "a\xE2\x80\x8B" "b\xE2\x80\x8C" "c\xE2\x80\x8D" "d",
       "a" + kReplacement + "b" + kReplacement + "c" + kReplacement + "d"},
      {"word joiner to invisible plus", "a\xE2\x81\xA0" "b\xE2\x81\xA4" "c", "a" + kReplacement + "b" + kReplacement + "c"},
      {"byte order mark", "\xEF\xBB\xBF" "x", kReplacement + "x"},
      {"soft hyphen", "ad\xC2\xAD" "min", "ad" + kReplacement + "min"},
      {"tag characters", "a\xF3\xA0\x80\x81" "b\xF3\xA0\x81\xA1" "c\xF3\xA0\x81\xBF",
       "a" + kReplacement + "b" + kReplacement + "c" + kReplacement},
      {"unassigned tag U+E0000", "a\xF3\xA0\x80\x80", "a" + kReplacement},
      {"arabic number sign", "\xD8\x80" "1", kReplacement + "1"},
      {"interlinear annotation", "\xEF\xBF\xB9" "x", kReplacement + "x"},
      {"fullwidth at", "cc \xEF\xBC\xA0" "alice", "cc \xEF\xBC\xA0" + kJoiner + "alice"},
      {"visible letters stay", "caf\xC3\xA9 \xE2\x84\xA2 \xEF\xBC\xA1", "caf\xC3\xA9 \xE2\x84\xA2 \xEF\xBC\xA1"},
  };
  for (const Case& c : cases) EXPECT_EQ(author_markdown(c.text, AuthorTextAs::Prose), c.escaped) << c.name;
  EXPECT_EQ(author_markdown("a\xE2\x80\x8B" "b", AuthorTextAs::Code), "`a" + kReplacement + "b`");
}

TEST(AuthorText, CodeSpanFenceIsLongerThanAnyBacktickRunInside) {
  const Case cases[] = {
      {"plain path", "atom/model_ops/moe.py", "`atom/model_ops/moe.py`"},
      {"one backtick", "a`b.py", "``a`b.py``"},
      {"two backticks", "a``b", "```a``b```"},
      {"three backticks", "x```y`z", "````x```y`z````"},
      {"five backticks", "`````", "`````` ````` ``````"},
      {"leading backtick", "`a", "`` `a ``"},
      {"trailing backtick", "a`", "`` a` ``"},
      {"lone backtick", "`", "`` ` ``"},
      {"spaces at both ends", " a ", "`  a  `"},
      {"space at one end", " a", "` a`"},
      {"only spaces", "   ", "`   `"},
      {"hostile inside", "@team/#1 <img src=x> [x](javascript:alert(1)) https://evil",
       "`@team/#1 <img src=x> [x](javascript:alert(1)) https://evil`"},
      {"pipe outside a table", "a|b", "`a|b`"},
      {"bidi override", "a" + kRightToLeftOverride + "b.py", "`a" + kReplacement + "b.py`"},
      {"newline", "a\nb", "`a b`"},
      {"empty", "", ""},
  };
  for (const Case& c : cases) EXPECT_EQ(author_markdown(c.text, AuthorTextAs::Code), c.escaped) << c.name;
}

TEST(AuthorText, TableCellCodeEscapesPipes) {
  EXPECT_EQ(author_markdown("a|b`|c", AuthorTextAs::CodeInTableCell), "``a\\|b`\\|c``");
  EXPECT_EQ(author_markdown("atom/config.py", AuthorTextAs::CodeInTableCell), "`atom/config.py`");
}

TEST(AuthorText, MarkedTextKeepsItsCodeSpansAndEscapesTheRest) {
  const Case cases[] = {
      {"rule field", "`x` of `f` at a.py:3", "`x` of `f` at a.py:3"},
      {"lone backtick is prose", "lone ` tick @x", "lone \\` tick @" + kJoiner + "x"},
      {"double fence", "``a`b`` then <b>", "``a`b`` then \\<b\\>"},
      {"code with hostile text", "`@team` and @team", "`@team` and @" + kJoiner + "team"},
      {"unequal runs do not pair", "``a` b", "\\`\\`a\\` b"},
      {"prompt", "Reviewer should ask whether it holds (`a.py:3`)", "Reviewer should ask whether it holds (`a.py:3`)"},
  };
  for (const Case& c : cases) EXPECT_EQ(marked_text_markdown(c.text), c.escaped) << c.name;
}

}  // namespace
}  // namespace atom
