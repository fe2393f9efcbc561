// Per-language line lexers: strip comments, blank string-literal contents (quotes kept) and
// track the state that spans lines (Python triple-quoted strings and open brackets; C++ block
// comments and raw strings). A hunk shows a window of a file, so a lexer starts in the
// "outside any string/comment" state at the top of each hunk: best effort, never a crash.
// One lexer per side of a hunk: context lines feed both, added lines the new side, removed
// lines the old side.
#pragma once
#include <string>
#include <string_view>
#include <vector>
#include "core/analysis/review_model.h"

namespace atom {

struct LexedLine {
  std::string code;           // comments removed, string contents blanked
  bool in_docstring = false;  // Python: starts inside, or starts with, a triple-quoted string
  bool continuation = false;  // see CodeLine::continuation
};

class LineLexer {
 public:
  explicit LineLexer(Language language) : language_(language) {}
  LexedLine lex(std::string_view raw);
  // Python: start as if inside a triple-quoted string opened by `quote` above the hunk.
  void start_inside_triple_quote(char quote) { open_triple_ = quote; }

 private:
  LexedLine lex_python(std::string_view raw);
  LexedLine lex_cpp(std::string_view raw);

  Language language_;
  // Python
  char open_triple_ = 0;       // quote char of an unterminated ''' / """, else 0
  int bracket_depth_ = 0;
  bool backslash_pending_ = false;
  // C++
  bool in_block_comment_ = false;
  std::string raw_string_end_; // ")delim\"" while inside a raw string literal
};

// Python: whether a window of lines (one side of a hunk, in order) seems to start inside a
// triple-quoted string, judged from its first triple quote: a line that ends with it after prose
// (`    the scale."""`), or a lone quote line after prose, closes a string opened above the hunk.
// Sets `quote` when it returns true.
bool starts_inside_triple_quote(const std::vector<std::string_view>& lines, char& quote);

// Leading columns of `raw` (tab advances to the next multiple of 8).
int indent_columns(std::string_view raw);

}  // namespace atom
