#include "core/analysis/before_parsing.h"

#include "core/model/diff.h"

namespace atom {
namespace {

std::string_view without_indent(std::string_view text) {
  const size_t first = text.find_first_not_of(" \t");
  return first == std::string_view::npos ? std::string_view() : text.substr(first);
}

template <typename Test>
bool any_line(const FileView& file, bool (*kind)(const CodeLine&), Test test) {
  for (const HunkView& hunk : file.hunks)
    for (const CodeLine& line : hunk.lines)
      if (kind(line) && test(raw_text(line))) return true;
  return false;
}

}  // namespace

bool writes_line_starting(const FileView& file, std::string_view prefix) {
  return any_line(file, is_new_code, [&](std::string_view text) { return without_indent(text).starts_with(prefix); });
}

bool writes_line_containing(const FileView& file, std::string_view needle) {
  return any_line(file, is_new_code, [&](std::string_view text) { return text.find(needle) != std::string_view::npos; });
}

bool writes_continued_line(const FileView& file) {
  return any_line(file, is_new_code, [](std::string_view text) {
    const size_t last = text.find_last_not_of(" \t\r\n");
    return last != std::string_view::npos && text[last] == '\\';
  });
}

bool deletes_line_at_column_0(const FileView& file, std::string_view prefix) {
  return any_line(file, is_deleted_code, [&](std::string_view text) { return text.starts_with(prefix); });
}

bool deletes_line_containing(const FileView& file, std::string_view needle) {
  return any_line(file, is_deleted_code, [&](std::string_view text) { return text.find(needle) != std::string_view::npos; });
}

bool head_shows(const FileView& file, std::string_view needle) {
  if (file.source == ReviewSource::Whole) return file.head_text.find(needle) != std::string::npos;
  for (const HunkView& hunk : file.hunks)
    for (const CodeLine& line : hunk.lines)
      if (line.kind != LineKind::Removed && raw_text(line).find(needle) != std::string_view::npos) return true;
  return false;
}

std::string_view last_name(std::string_view dotted) {
  const size_t dot = dotted.rfind('.');
  return dot == std::string_view::npos ? dotted : dotted.substr(dot + 1);
}

}  // namespace atom
