#include "core/analysis/structure.h"

#include "core/model/identifier_chars.h"

namespace atom {
SideLines side_lines(const HunkView& hunk, Side side) {
  const LineKind skipped = side == Side::New ? LineKind::Removed : LineKind::Added;
  SideLines lines;
  lines.reserve(hunk.lines.size());
  for (const CodeLine& line : hunk.lines)
    if (line.kind != skipped) lines.push_back(&line);
  return lines;
}

size_t index_of(const SideLines& lines, const CodeLine* line) {
  for (size_t i = 0; i < lines.size(); ++i)
    if (lines[i] == line) return i;
  return lines.size();
}

const HunkView* hunk_of(const FileView& file, const CodeLine* line) {
  for (const HunkView& hunk : file.hunks)
    if (!hunk.lines.empty() && line >= &hunk.lines.front() && line <= &hunk.lines.back()) return &hunk;
  return nullptr;
}

const CodeLine* new_side_line(const FileView& file, int number) {
  for (const HunkView& hunk : file.hunks)
    for (const CodeLine& line : hunk.lines)
      if (line.kind != LineKind::Removed && line.new_line == number) return &line;
  return nullptr;
}

bool is_statement_start(const CodeLine& line) {
  return !line.blank_or_comment && !line.continuation;
}

std::string trimmed(std::string_view text) {
  const size_t first = text.find_first_not_of(" \t\r\f\v");
  if (first == std::string_view::npos) return "";
  const size_t last = text.find_last_not_of(" \t\r\f\v");
  return std::string(text.substr(first, last - first + 1));
}

bool has_identifier(std::string_view code, std::string_view name) {
  if (name.empty()) return false;
  size_t at = code.find(name);
  while (at != std::string_view::npos) {
    const bool starts = at == 0 || !is_identifier_char(code[at - 1]);
    const size_t after = at + name.size();
    const bool ends = after >= code.size() || !is_identifier_char(code[after]);
    if (starts && ends) return true;
    at = code.find(name, at + 1);
  }
  return false;
}

bool in_function(const CodeLine& line, std::string_view name) {
  if (name.empty() || line.function.empty()) return false;
  std::string_view rest = line.function;
  while (!rest.empty()) {
    size_t cut = rest.find_first_of(".:");
    const std::string_view part = rest.substr(0, cut);
    if (part == name) return true;
    if (cut == std::string_view::npos) break;
    while (cut < rest.size() && (rest[cut] == '.' || rest[cut] == ':')) ++cut;
    rest = rest.substr(cut);
  }
  return false;
}

}  // namespace atom
