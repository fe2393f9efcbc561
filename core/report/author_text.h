// The one way author-controlled text (PR title, paths, function names, quoted code, check names,
// logins, issue references, rule fields taken from the diff) enters markdown that a reviewer may
// post on GitHub (the card, the CLI's markdown). Posting it must never notify anyone, link
// anywhere, embed anything or break the markdown around it.
#pragma once
#include <string>
#include <string_view>

namespace atom {

enum class AuthorTextAs {
  // Running text: markdown punctuation is backslash-escaped (no emphasis, link, image, HTML tag,
  // entity, table cell or math), and a WORD JOINER (U+2060, invisible) follows every '@' (and
  // fullwidth '＠', U+FF20), '#', the ':' of "://", the "www" of "www." and the "GH" of "GH-": GitHub's mention, issue
  // reference and autolink patterns need those characters adjacent, so none of them matches; one
  // also follows every 6th digit of a run of hex digits, so no commit SHA is linked.
  Prose,
  // A code span whose fence is one backtick longer than the longest run inside (padded with a
  // space where the text starts or ends with a backtick or a space), so the text is shown and
  // copied exactly as written: GitHub renders no mention, reference, link or HTML in code.
  Code,
  // Code inside a table cell: as Code, with '|' as "\|" (GFM splits cells before code spans).
  CodeInTableCell,
};

// The one escaping function. Whatever the form, the text is made one line of valid UTF-8 first:
// newlines and tabs become spaces; other control characters, every format character (Unicode
// category Cf: the bidirectional controls, which can make text read differently from what it is,
// the zero-width characters U+200B–U+200D and U+2060–U+2064, U+FEFF, the soft hyphen U+00AD, …)
// and the tag characters U+E0000–U+E007F, which hide text from the reader, become U+FFFD. Empty
// text gives "".
std::string author_markdown(std::string_view text, AuthorTextAs as);

// Text in which backticks mark code, as the rules' fields and the reviewer prompts write it
// ("`x` of `f` at a.py:3"): each backtick-delimited part goes through author_markdown as Code,
// the rest as Prose. A lone backtick with no partner is prose (so escaped).
std::string marked_text_markdown(std::string_view text);

}  // namespace atom
