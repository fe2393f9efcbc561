#include "core/report/author_text.h"

#include <algorithm>

#include "core/model/valid_utf8.h"

namespace atom {
namespace {

constexpr std::string_view kReplacement = "\xEF\xBF\xBD";  // U+FFFD
// U+2060 WORD JOINER rather than a zero-width space: it is invisible, offers no line break, and
// like any character that is not a letter or digit it stops GitHub's reference patterns.
constexpr std::string_view kWordJoiner = "\xE2\x81\xA0";
// U+FF20 FULLWIDTH COMMERCIAL AT, which some renderers take for '@'.
constexpr std::string_view kFullwidthAt = "\xEF\xBC\xA0";

size_t utf8_length(unsigned char lead) {
  if (lead < 0x80) return 1;
  if (lead < 0xE0) return 2;
  if (lead < 0xF0) return 3;
  return 4;
}

char32_t code_point(std::string_view sequence) {
  const auto byte = [&](size_t k) { return static_cast<char32_t>(static_cast<unsigned char>(sequence[k])); };
  switch (sequence.size()) {
    case 1: return byte(0);
    case 2: return (byte(0) & 0x1F) << 6 | (byte(1) & 0x3F);
    case 3: return (byte(0) & 0x0F) << 12 | (byte(1) & 0x3F) << 6 | (byte(2) & 0x3F);
    default: return (byte(0) & 0x07) << 18 | (byte(1) & 0x3F) << 12 | (byte(2) & 0x3F) << 6 | (byte(3) & 0x3F);
  }
}

// Unicode's format characters (general category Cf: invisible, among them the zero-width ones,
// the bidirectional controls and the soft hyphen) and the whole tag block U+E0000–U+E007F:
// text that reads differently from what it is, or hides characters a reader cannot see.
bool is_format_or_tag(char32_t c) {
  struct Range {
    char32_t first, last;
  };
  static constexpr Range kRanges[] = {
      {0x00AD, 0x00AD},   {0x0600, 0x0605},   {0x061C, 0x061C},   {0x06DD, 0x06DD},   {0x070F, 0x070F},
      {0x0890, 0x0891},   {0x08E2, 0x08E2},   {0x180E, 0x180E},   {0x200B, 0x200F},   {0x202A, 0x202E},
      {0x2060, 0x2064},   {0x2066, 0x206F},   {0xFEFF, 0xFEFF},   {0xFFF9, 0xFFFB},   {0x110BD, 0x110BD},
      {0x110CD, 0x110CD}, {0x13430, 0x1343F}, {0x1BCA0, 0x1BCA3}, {0x1D173, 0x1D17A}, {0xE0000, 0xE007F},
  };
  for (const Range& range : kRanges)
    if (c >= range.first && c <= range.last) return true;
  return false;
}

bool is_c1_control(char32_t c) { return c >= 0x80 && c <= 0x9F; }

// One line of valid UTF-8 with no control characters and no format or tag characters.
std::string one_safe_line(std::string_view text) {
  const std::string valid = to_valid_utf8(text);
  std::string out;
  out.reserve(valid.size());
  for (size_t i = 0; i < valid.size();) {
    const auto lead = static_cast<unsigned char>(valid[i]);
    const std::string_view sequence = std::string_view(valid).substr(i, utf8_length(lead));
    i += sequence.size();
    if (lead == '\n' || lead == '\r' || lead == '\t') out += ' ';
    else if (lead < 0x20 || lead == 0x7F || is_c1_control(code_point(sequence)) || is_format_or_tag(code_point(sequence)))
      out += kReplacement;
    else out += sequence;
  }
  return out;
}

bool is_markdown_punctuation(char c) {
  switch (c) {
    case '\\': case '`': case '*': case '_': case '[': case ']': case '<': case '>':
    case '&': case '|': case '~': case '!': case '$':
      return true;
    default:
      return false;
  }
}

char lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

bool starts_with_lower(std::string_view text, size_t at, std::string_view prefix) {
  if (at + prefix.size() > text.size()) return false;
  for (size_t k = 0; k < prefix.size(); ++k)
    if (lower(text[at + k]) != prefix[k]) return false;
  return true;
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// Whether a word joiner goes right after text[at]: after '@' and '#' (mentions, team mentions,
// issue references, owner/repo#1), after the ':' of "://" and the "www" of "www." (autolinks),
// after the "GH" of "GH-123".
bool joiner_after(std::string_view text, size_t at) {
  const char c = text[at];
  if (c == '@' || c == '#') return true;
  if (at >= 2 && text.substr(at - 2, 3) == kFullwidthAt) return true;
  if (c == ':') return text.substr(at + 1, 2) == "//";
  if (at < 1) return false;
  if (lower(c) == 'h' && lower(text[at - 1]) == 'g')
    return at + 2 < text.size() && text[at + 1] == '-' && is_digit(text[at + 2]);
  if (at < 2) return false;
  return lower(c) == 'w' && starts_with_lower(text, at - 2, "www.");
}

bool is_hex_digit(char c) { return is_digit(c) || (lower(c) >= 'a' && lower(c) <= 'f'); }

// GitHub links a run of 7 to 40 hex digits naming a commit of the repository (a SHA in a title);
// a word joiner after every 6th digit of a longer run leaves no run long enough.
constexpr size_t kLongestUnlinkedHexRun = 6;

std::string prose(const std::string& line) {
  std::string out;
  out.reserve(line.size() + line.size() / 8);
  size_t hex_run = 0;
  for (size_t i = 0; i < line.size(); ++i) {
    if (is_markdown_punctuation(line[i])) out += '\\';
    out += line[i];
    hex_run = is_hex_digit(line[i]) ? hex_run + 1 : 0;
    const bool run_goes_on = hex_run == kLongestUnlinkedHexRun && i + 1 < line.size() && is_hex_digit(line[i + 1]);
    if (run_goes_on) hex_run = 0;
    if (joiner_after(line, i) || run_goes_on) out += kWordJoiner;
  }
  return out;
}

size_t longest_backtick_run(std::string_view text) {
  size_t longest = 0, run = 0;
  for (const char c : text) {
    run = c == '`' ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  return longest;
}

std::string code(std::string line, bool in_table_cell) {
  if (in_table_cell) {
    std::string escaped;
    for (const char c : line) {
      if (c == '|') escaped += '\\';
      escaped += c;
    }
    line = std::move(escaped);
  }
  const std::string fence(longest_backtick_run(line) + 1, '`');
  const bool all_spaces = line.find_first_not_of(' ') == std::string::npos;
  // CommonMark drops one space at each end when both ends have one; a backtick at an end would
  // join the fence. A space on each side keeps the text exactly as it is in both cases.
  const bool pad = line.front() == '`' || line.back() == '`' || (!all_spaces && line.front() == ' ' && line.back() == ' ');
  const std::string space = pad ? " " : "";
  return fence + space + line + space + fence;
}

}  // namespace

std::string author_markdown(std::string_view text, AuthorTextAs as) {
  std::string line = one_safe_line(text);
  if (line.empty()) return line;
  switch (as) {
    case AuthorTextAs::Prose: return prose(line);
    case AuthorTextAs::Code: return code(std::move(line), false);
    case AuthorTextAs::CodeInTableCell: return code(std::move(line), true);
  }
  return prose(line);
}

std::string marked_text_markdown(std::string_view text) {
  std::string out, pending_prose;
  size_t i = 0;
  while (i < text.size()) {
    if (text[i] != '`') {
      pending_prose += text[i++];
      continue;
    }
    size_t run_end = i;
    while (run_end < text.size() && text[run_end] == '`') ++run_end;
    const size_t run = run_end - i;
    // The closing run has exactly the opening run's length (CommonMark).
    size_t close = run_end;
    while (true) {
      close = text.find('`', close);
      if (close == std::string_view::npos) break;
      size_t close_end = close;
      while (close_end < text.size() && text[close_end] == '`') ++close_end;
      if (close_end - close == run) break;
      close = close_end;
    }
    if (close == std::string_view::npos) {
      pending_prose.append(text.substr(i, run));
      i = run_end;
      continue;
    }
    out += author_markdown(pending_prose, AuthorTextAs::Prose);
    pending_prose.clear();
    out += author_markdown(text.substr(run_end, close - run_end), AuthorTextAs::Code);
    i = close + run;
  }
  return out + author_markdown(pending_prose, AuthorTextAs::Prose);
}

}  // namespace atom
