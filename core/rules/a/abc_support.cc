#include "core/rules/a/abc_support.h"
#include "core/rules/finding_at.h"

#include <cctype>

namespace atom::abc {
namespace {

// Walks a raw line once, calling on_literal for each closed string literal; returns the byte
// offset where a comment starts (raw.size() when none).
template <typename OnLiteral>
size_t scan_line(std::string_view raw, Language language, OnLiteral on_literal) {
  size_t i = 0;
  while (i < raw.size()) {
    const char c = raw[i];
    if (language == Language::Python && c == '#') return i;
    if (language == Language::Cpp && c == '/' && i + 1 < raw.size() && raw[i + 1] == '/') return i;
    if (c == '"' || c == '\'') {
      const bool triple = raw.compare(i, 3, std::string(3, c)) == 0;
      const size_t open_len = triple ? 3 : 1;
      size_t j = i + open_len;
      std::string content;
      bool closed = false;
      while (j < raw.size()) {
        if (raw[j] == '\\' && j + 1 < raw.size()) {
          content.push_back(raw[j]);
          content.push_back(raw[j + 1]);
          j += 2;
          continue;
        }
        if (triple ? raw.compare(j, 3, std::string(3, c)) == 0 : raw[j] == c) {
          closed = true;
          break;
        }
        content.push_back(raw[j]);
        ++j;
      }
      if (!closed) return raw.size();
      // A C++ character literal ('x') is not a string.
      if (!(language == Language::Cpp && c == '\'')) on_literal(std::move(content));
      i = j + open_len;
      continue;
    }
    ++i;
  }
  return raw.size();
}

}  // namespace

std::vector<std::string> string_literals(std::string_view raw, Language language) {
  std::vector<std::string> out;
  if (language == Language::Other) return out;
  scan_line(raw, language, [&](std::string literal) { out.push_back(std::move(literal)); });
  return out;
}

std::string comment_text(std::string_view raw, Language language) {
  if (language == Language::Other) return {};
  const size_t at = scan_line(raw, language, [](std::string) {});
  if (at >= raw.size()) return {};
  return trimmed(raw.substr(at + (language == Language::Python ? 1 : 2)));
}

std::string source_text(std::string_view raw, Language language) {
  if (language == Language::Other) return trimmed(raw);
  return trimmed(raw.substr(0, scan_line(raw, language, [](std::string) {})));
}

std::string commentary(const CodeLine& line, Language language) {
  if (!line.diff) return {};
  if (line.in_docstring) return line.diff->text;
  return comment_text(line.diff->text, language);
}

Finding line_finding(const char* rule, Severity severity, const FileView& file, const CodeLine& line,
                     const char* message_id, std::map<std::string, std::string> fields) {
  Finding finding = finding_at(rule, severity, Tag::Verified, file, line, message_id, std::move(fields));
  finding.place = line.function;
  return finding;
}

std::string alnum_lower(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text)
    if (std::isalnum(static_cast<unsigned char>(c))) out.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
  return out;
}

std::string joined_statement(const SideLines& lines, size_t first) {
  std::string text = first < lines.size() ? lines[first]->code : std::string();
  for (size_t i = first + 1; i < lines.size() && lines[i]->continuation; ++i) {
    text += ' ';
    text += trimmed(lines[i]->code);
  }
  return text;
}

size_t statement_start(const SideLines& lines, size_t index) {
  while (index > 0 && index < lines.size() && lines[index]->continuation) --index;
  return index;
}

std::string clip(std::string_view text) {
  std::string out = trimmed(text);
  if (out.size() > 100) {
    size_t cut = 97;
    while (cut > 0 && (static_cast<unsigned char>(out[cut]) & 0xC0) == 0x80) --cut;  // UTF-8 boundary
    out = out.substr(0, cut) + "…";
  }
  return out;
}

std::string quoted_list(const std::vector<std::string>& names) {
  std::string out;
  for (size_t i = 0; i < names.size(); ++i) {
    if (i > 0) out += i + 1 == names.size() ? " and " : ", ";
    out += "`" + names[i] + "`";
  }
  return out;
}

}  // namespace atom::abc
