#include "core/diff/git_paths.h"

#include "core/diff/parse_diff.h"

namespace atom {

namespace {

int octal_digit(char c) { return c >= '0' && c <= '7' ? c - '0' : -1; }

char escaped_char(char c) {
  switch (c) {
    case 'a': return '\a';
    case 'b': return '\b';
    case 't': return '\t';
    case 'n': return '\n';
    case 'v': return '\v';
    case 'f': return '\f';
    case 'r': return '\r';
    default: return c;  // '"', '\\' and anything git never escapes
  }
}

}  // namespace

std::string unquote_git_path(std::string_view quoted) {
  if (quoted.size() < 2 || quoted.front() != '"') return std::string(quoted);
  std::string out;
  out.reserve(quoted.size());
  for (size_t i = 1; i < quoted.size(); ++i) {
    char c = quoted[i];
    if (c == '"') break;
    if (c != '\\' || i + 1 >= quoted.size()) {
      out.push_back(c);
      continue;
    }
    char next = quoted[++i];
    if (octal_digit(next) >= 0) {
      int value = 0;
      int digits = 0;
      while (digits < 3 && i < quoted.size() && octal_digit(quoted[i]) >= 0) {
        value = value * 8 + octal_digit(quoted[i]);
        ++i;
        ++digits;
      }
      --i;
      out.push_back(static_cast<char>(value & 0xff));
    } else {
      out.push_back(escaped_char(next));
    }
  }
  return out;
}

namespace diff_detail {

namespace {

// Length of the quoted token at the start of text (including both quotes), or 0 if unterminated.
size_t quoted_token_length(std::string_view text) {
  for (size_t i = 1; i < text.size(); ++i) {
    if (text[i] == '\\') {
      ++i;
    } else if (text[i] == '"') {
      return i + 1;
    }
  }
  return 0;
}

bool starts_with(std::string_view text, std::string_view prefix) {
  return text.substr(0, prefix.size()) == prefix;
}

}  // namespace

std::optional<PathPair> split_git_header_paths(std::string_view rest) {
  if (!rest.empty() && rest.front() == '"') {
    size_t len = quoted_token_length(rest);
    if (len == 0 || len + 1 >= rest.size() || rest[len] != ' ') return std::nullopt;
    return PathPair{unquote_git_path(rest.substr(0, len)), unquote_git_path(rest.substr(len + 1))};
  }
  size_t quote = rest.find(" \"");
  if (quote != std::string_view::npos) {
    std::string_view right = rest.substr(quote + 1);
    if (quoted_token_length(right) == right.size()) {
      return PathPair{std::string(rest.substr(0, quote)), unquote_git_path(right)};
    }
  }
  // "a/NAME b/NAME": the same name on both sides puts the separating space in the middle.
  if (rest.size() % 2 == 1) {
    size_t half = rest.size() / 2;
    std::string_view left = rest.substr(0, half), right = rest.substr(half + 1);
    if (rest[half] == ' ' && left.size() >= 2 && right.size() >= 2 &&
        left.substr(2) == right.substr(2)) {
      return PathPair{std::string(left), std::string(right)};
    }
  }
  size_t split = rest.rfind(" b/");
  if (split == std::string_view::npos) split = rest.find(' ');
  if (split == std::string_view::npos) return std::nullopt;
  return PathPair{std::string(rest.substr(0, split)), std::string(rest.substr(split + 1))};
}

std::string header_line_path(std::string_view text) {
  if (!text.empty() && text.front() == '"') {
    size_t len = quoted_token_length(text);
    return unquote_git_path(len ? text.substr(0, len) : text);
  }
  size_t tab = text.find('\t');
  return std::string(text.substr(0, tab));
}

std::string strip_side_prefix(std::string_view path, char side) {
  if (path == "/dev/null") return {};
  const char prefix[] = {side, '/'};
  if (starts_with(path, std::string_view(prefix, 2))) path.remove_prefix(2);
  return std::string(path);
}

}  // namespace diff_detail
}  // namespace atom
