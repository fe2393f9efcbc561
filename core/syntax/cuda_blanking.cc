#include "core/syntax/cuda_blanking.h"

#include <algorithm>
#include <array>

#include "core/model/identifier_chars.h"

namespace atom::syntax {
namespace {

constexpr std::array<std::string_view, 9> kBlankedWords = {
    "__global__", "__device__",  "__host__",     "__forceinline__", "__noinline__",
    "__restrict__", "__shared__", "__constant__", "__managed__"};
// Attributes with an argument list, blanked through its ')': HIP's cluster launch (gfx1250) too.
constexpr std::array<std::string_view, 2> kAttributesWithArguments = {"__launch_bounds__", "__cluster_dims__"};

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

// Spaces over [begin, end), newlines kept.
void blank(std::string& text, size_t begin, size_t end) {
  for (size_t i = begin; i < end && i < text.size(); ++i)
    if (text[i] != '\n' && text[i] != '\r') text[i] = ' ';
}

// The offset just past the comment or literal starting at `i`, or `i` when none starts there.
size_t skip_comment_or_literal(std::string_view text, size_t i) {
  const char c = text[i];
  if (c == '/' && i + 1 < text.size() && text[i + 1] == '/') {
    const size_t end = text.find('\n', i);
    return end == std::string_view::npos ? text.size() : end;
  }
  if (c == '/' && i + 1 < text.size() && text[i + 1] == '*') {
    const size_t end = text.find("*/", i + 2);
    return end == std::string_view::npos ? text.size() : end + 2;
  }
  if (c == 'R' && i + 1 < text.size() && text[i + 1] == '"' && (i == 0 || !is_identifier_char(text[i - 1]))) {
    const size_t open = text.find('(', i + 2);
    if (open != std::string_view::npos) {
      const std::string close = ")" + std::string(text.substr(i + 2, open - i - 2)) + "\"";
      const size_t end = text.find(close, open + 1);
      return end == std::string_view::npos ? text.size() : end + close.size();
    }
  }
  if (c == '"' || c == '\'') {
    // A ' between digits is a C++14 digit separator, not a character literal.
    if (c == '\'' && i > 0 && is_identifier_char(text[i - 1])) return i;
    size_t j = i + 1;
    while (j < text.size() && text[j] != c && text[j] != '\n') j += text[j] == '\\' ? 2 : 1;
    return j < text.size() ? j + 1 : text.size();
  }
  return i;
}

// The offset past the ')' closing the '(' at `open`, or npos.
size_t matching_paren_end(std::string_view text, size_t open) {
  int depth = 0;
  for (size_t i = open; i < text.size();) {
    const size_t skipped = skip_comment_or_literal(text, i);
    if (skipped != i) { i = skipped; continue; }
    if (text[i] == '(') ++depth;
    if (text[i] == ')' && --depth == 0) return i + 1;
    ++i;
  }
  return std::string_view::npos;
}

// The offset of the ">>>" closing the launch configuration that starts at `from`, or npos.
size_t launch_close(std::string_view text, size_t from) {
  int depth = 0;
  for (size_t i = from; i < text.size();) {
    const size_t skipped = skip_comment_or_literal(text, i);
    if (skipped != i) { i = skipped; continue; }
    const char c = text[i];
    if (c == '(' || c == '[' || c == '{') ++depth;
    if (c == ')' || c == ']' || c == '}') {
      if (--depth < 0) return std::string_view::npos;
    }
    if (c == ';') return std::string_view::npos;
    if (depth == 0 && text.compare(i, 3, ">>>") == 0) return i;
    ++i;
  }
  return std::string_view::npos;
}

// The kernel name ending just before `end` (spaces and template arguments skipped): its offset.
size_t kernel_name_start(std::string_view text, size_t end, size_t* name_end) {
  size_t i = end;
  while (i > 0 && is_space(text[i - 1])) --i;
  if (i > 0 && text[i - 1] == '>') {  // kernel<T, 4><<<…: step back over the template arguments
    int depth = 0;
    while (i > 0) {
      const char c = text[--i];
      if (c == '>') ++depth;
      if (c == '<' && --depth == 0) break;
    }
    while (i > 0 && is_space(text[i - 1])) --i;
  }
  *name_end = i;
  while (i > 0 && (is_identifier_char(text[i - 1]) || text[i - 1] == ':')) --i;
  return i;
}

}  // namespace

BlankedCuda blank_cuda_extensions(std::string_view source) {
  BlankedCuda out{std::string(source), {}};
  std::string& text = out.text;
  for (size_t i = 0; i < source.size();) {
    const size_t skipped = skip_comment_or_literal(source, i);
    if (skipped != i) { i = skipped; continue; }
    const char c = source[i];
    if (is_identifier_char(c) && (i == 0 || !is_identifier_char(source[i - 1]))) {
      size_t end = i;
      while (end < source.size() && is_identifier_char(source[end])) ++end;
      const std::string_view word = source.substr(i, end - i);
      size_t blank_end = 0;
      for (std::string_view known : kBlankedWords)
        if (word == known) blank_end = end;
      if (std::find(kAttributesWithArguments.begin(), kAttributesWithArguments.end(), word) !=
          kAttributesWithArguments.end()) {
        size_t open = end;
        while (open < source.size() && is_space(source[open])) ++open;
        const size_t close = open < source.size() && source[open] == '(' ? matching_paren_end(source, open)
                                                                           : std::string_view::npos;
        blank_end = close == std::string_view::npos ? end : close;
      }
      if (blank_end != 0) {
        out.marks.qualifiers.push_back(
            {std::string(word), std::string(source.substr(i, blank_end - i)), static_cast<uint32_t>(i)});
        blank(text, i, blank_end);
        i = blank_end;
      } else {
        i = end;
      }
      continue;
    }
    if (source.compare(i, 3, "<<<") == 0) {
      const size_t close = launch_close(source, i + 3);
      if (close != std::string_view::npos) {
        size_t name_end = 0;
        const size_t name_begin = kernel_name_start(source, i, &name_end);
        out.marks.launches.push_back({std::string(source.substr(name_begin, name_end - name_begin)),
                                      std::string(source.substr(i + 3, close - i - 3)),
                                      static_cast<uint32_t>(name_begin), static_cast<uint32_t>(i),
                                      static_cast<uint32_t>(close + 3)});
        blank(text, i, close + 3);
        i = close + 3;
        continue;
      }
    }
    ++i;
  }
  return out;
}

}  // namespace atom::syntax
