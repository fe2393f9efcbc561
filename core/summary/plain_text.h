// Small text helpers for reading what people wrote on the PR (Step 1 context).
#pragma once
#include <string>

#include <re2/re2.h>

namespace atom {

// Logins, repository names and words compare without regard to ASCII case.
inline std::string ascii_lower(std::string text) {
  for (char& c : text)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return text;
}

// `text` without HTML comments (PR templates keep their guidance in them; bots their markers);
// an unclosed comment runs to the end.
inline std::string without_html_comments(std::string text) {
  static const RE2 html_comment(R"((?s)<!--.*?(?:-->|$))");
  RE2::GlobalReplace(&text, html_comment, "");
  return text;
}

}  // namespace atom
