#include "core/analysis/line_lexer.h"

#include <algorithm>
#include <cctype>
#include <string>

#include "core/model/identifier_chars.h"

namespace atom {
namespace {

// Index just past the closing `quote` of a single-line string whose opening quote is at
// `open`; raw.size() when unterminated. Backslash escapes the next character.
size_t end_of_short_string(std::string_view raw, size_t open, char quote) {
  size_t i = open + 1;
  while (i < raw.size()) {
    if (raw[i] == '\\') {
      i += 2;
      continue;
    }
    if (raw[i] == quote) return i + 1;
    ++i;
  }
  return raw.size();
}

// The characters lex_python acts on; every other one is copied to the code as it is.
bool python_special(char c) {
  switch (c) {
    case '#': case '"': case '\'': case '(': case '[': case '{': case ')': case ']': case '}': return true;
    default: return false;
  }
}

// Position of the closing triple quote at or after `from`, or npos.
size_t find_triple_close(std::string_view raw, size_t from, char quote) {
  const char triple[4] = {quote, quote, quote, 0};
  size_t i = from;
  while (i + 2 < raw.size()) {
    if (raw[i] == '\\') {
      i += 2;
      continue;
    }
    if (raw.compare(i, 3, triple) == 0) return i;
    ++i;
  }
  return std::string_view::npos;
}

bool starts_with_triple_quote(std::string_view code) {
  size_t i = 0;
  while (i < code.size() && (code[i] == ' ' || code[i] == '\t')) ++i;
  while (i < code.size() && std::isalpha(static_cast<unsigned char>(code[i])) && i < 4) ++i;  // r/b/f/u prefixes
  return code.compare(i, 3, "\"\"\"") == 0 || code.compare(i, 3, "'''") == 0;
}

bool is_string_prefix_char(char c) {
  switch (c) {
    case 'r': case 'R': case 'b': case 'B': case 'f': case 'F': case 'u': case 'U': return true;
    default: return false;
  }
}

// Drops a string prefix (`f`, `rb`, `Br` …) just written to `code` before a quote: a literal
// is a literal, and a kept `f` would read as a name `f` to every rule matching identifiers.
void drop_string_prefix(std::string& code) {
  size_t letters = 0;
  while (letters < 2 && letters < code.size() && is_string_prefix_char(code[code.size() - 1 - letters])) ++letters;
  if (letters == 0) return;
  const size_t start = code.size() - letters;
  if (start > 0 && is_identifier_char(code[start - 1])) return;  // the tail of a longer name: `buf"` is no prefix
  code.erase(start);
}

bool is_blank(std::string_view s) {
  for (char c : s)
    if (c != ' ' && c != '\t' && c != '\r' && c != '\f' && c != '\v') return false;
  return true;
}

}  // namespace

bool starts_inside_triple_quote(const std::vector<std::string_view>& lines, char& quote) {
  // Code-looking text before a triple quote means it opens one: `x = """`, `f("""`, `return """`.
  static constexpr std::string_view kOpeningHints = "=(,[{:";
  std::string_view previous;  // the last non-blank line before the first triple quote
  for (size_t index = 0; index < lines.size(); ++index) {
    const std::string_view line = lines[index];
    const size_t double_at = line.find("\"\"\""), single_at = line.find("'''");
    const size_t at = std::min(double_at, single_at);
    if (at == std::string_view::npos) {
      if (!is_blank(line)) previous = line;
      continue;
    }
    const char q = line[at];
    const std::string_view rest = line.substr(at + 3);
    if (rest.find(std::string(3, q)) != std::string_view::npos || !is_blank(rest)) return false;
    const std::string_view before = line.substr(0, at);
    if (before.find('#') != std::string_view::npos) return false;
    if (!is_blank(before)) {
      if (before.find_first_of(kOpeningHints) != std::string_view::npos || before.find("return") != std::string_view::npos)
        return false;
      quote = q;
      return true;
    }
    // A lone quote line: it closes a string when prose comes before it, opens one after a header.
    // As the hunk's first line with no other triple quote after it, it can only close one
    // (git often starts a hunk on the closing quote of a docstring).
    if (previous.empty()) {
      bool another_later = false, text_later = false;
      for (size_t later = index + 1; later < lines.size() && !another_later; ++later) {
        another_later = lines[later].find(std::string(3, q)) != std::string_view::npos;
        text_later = text_later || !is_blank(lines[later]);
      }
      if (another_later || !text_later) return false;  // alone: unknown, assume it opens
      quote = q;
      return true;
    }
    const size_t last = previous.find_last_not_of(" \t\r");
    if (last == std::string_view::npos || previous[last] == ':' ||
        previous.find_first_of("=()") != std::string_view::npos)
      return false;
    quote = q;
    return true;
  }
  return false;
}

int indent_columns(std::string_view raw) {
  int col = 0;
  for (char c : raw) {
    if (c == ' ') ++col;
    else if (c == '\t') col = (col / 8 + 1) * 8;
    else break;
  }
  return col;
}

LexedLine LineLexer::lex(std::string_view raw) {
  switch (language_) {
    case Language::Python: return lex_python(raw);
    case Language::Cpp: return lex_cpp(raw);
    case Language::Other: break;
  }
  return LexedLine{std::string(raw), false, false};
}

LexedLine LineLexer::lex_python(std::string_view raw) {
  LexedLine out;
  out.continuation = bracket_depth_ > 0 || backslash_pending_ || open_triple_ != 0;
  backslash_pending_ = false;
  size_t i = 0;
  if (open_triple_ != 0) {
    out.in_docstring = true;
    const size_t close = find_triple_close(raw, 0, open_triple_);
    if (close == std::string_view::npos) return out;  // the whole line is string content
    i = close + 3;
    open_triple_ = 0;
  }
  std::string& code = out.code;
  code.reserve(raw.size());
  while (i < raw.size()) {
    size_t plain_end = i;
    while (plain_end < raw.size() && !python_special(raw[plain_end])) ++plain_end;
    code.append(raw.substr(i, plain_end - i));
    i = plain_end;
    if (i == raw.size()) break;
    const char c = raw[i];
    if (c == '#') break;
    if (c == '"' || c == '\'') {
      drop_string_prefix(code);
      if (raw.compare(i, 3, std::string(3, c)) == 0) {
        code.append(3, c);
        const size_t close = find_triple_close(raw, i + 3, c);
        if (close == std::string_view::npos) {
          open_triple_ = c;
          break;
        }
        code.append(3, c);
        i = close + 3;
        continue;
      }
      const size_t end = end_of_short_string(raw, i, c);
      code.push_back(c);
      if (end <= raw.size() && end > i + 1 && raw[end - 1] == c) code.push_back(c);
      i = end;
      continue;
    }
    if (c == '(' || c == '[' || c == '{') ++bracket_depth_;
    if ((c == ')' || c == ']' || c == '}') && bracket_depth_ > 0) --bracket_depth_;
    code.push_back(c);
    ++i;
  }
  if (open_triple_ == 0 && !code.empty() && code.back() == '\\' && i >= raw.size()) {
    backslash_pending_ = true;
  }
  while (!code.empty() && (code.back() == ' ' || code.back() == '\t' || code.back() == '\r'))
    code.pop_back();
  if (!out.in_docstring) out.in_docstring = starts_with_triple_quote(code);
  return out;
}

LexedLine LineLexer::lex_cpp(std::string_view raw) {
  LexedLine out;
  out.continuation = backslash_pending_ || in_block_comment_ || !raw_string_end_.empty();
  backslash_pending_ = false;
  std::string& code = out.code;
  code.reserve(raw.size());
  size_t i = 0;
  while (i < raw.size()) {
    if (in_block_comment_) {
      const size_t close = raw.find("*/", i);
      if (close == std::string_view::npos) {
        i = raw.size();
        break;
      }
      in_block_comment_ = false;
      code.push_back(' ');
      i = close + 2;
      continue;
    }
    if (!raw_string_end_.empty()) {
      const size_t close = raw.find(raw_string_end_, i);
      if (close == std::string_view::npos) {
        i = raw.size();
        break;
      }
      code.push_back('"');
      i = close + raw_string_end_.size();
      raw_string_end_.clear();
      continue;
    }
    const char c = raw[i];
    if (c == '/' && i + 1 < raw.size() && raw[i + 1] == '/') break;
    if (c == '/' && i + 1 < raw.size() && raw[i + 1] == '*') {
      in_block_comment_ = true;
      i += 2;
      continue;
    }
    const bool raw_string_start = c == 'R' && i + 1 < raw.size() && raw[i + 1] == '"' &&
                                  (i == 0 || !is_identifier_char(raw[i - 1]) || raw[i - 1] == '8' ||
                                   raw[i - 1] == 'u' || raw[i - 1] == 'U' || raw[i - 1] == 'L');
    if (raw_string_start) {
      const size_t paren = raw.find('(', i + 2);
      if (paren != std::string_view::npos && paren - (i + 2) <= 16) {
        raw_string_end_ = ")" + std::string(raw.substr(i + 2, paren - (i + 2))) + "\"";
        code.append("R\"");
        i = paren + 1;
        continue;
      }
    }
    if (c == '"' || (c == '\'' && !(i > 0 && std::isxdigit(static_cast<unsigned char>(raw[i - 1])) &&
                                    i + 1 < raw.size() && std::isxdigit(static_cast<unsigned char>(raw[i + 1]))))) {
      const size_t end = end_of_short_string(raw, i, c);
      code.push_back(c);
      if (end > i + 1 && raw[end - 1] == c) code.push_back(c);
      i = end;
      continue;
    }
    code.push_back(c);
    ++i;
  }
  while (!code.empty() && (code.back() == ' ' || code.back() == '\t' || code.back() == '\r'))
    code.pop_back();
  if (!in_block_comment_ && raw_string_end_.empty() && !code.empty() && code.back() == '\\')
    backslash_pending_ = true;
  if (is_blank(code)) code.clear();
  return out;
}

}  // namespace atom
