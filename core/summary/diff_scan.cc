#include "core/summary/diff_scan.h"

namespace atom {
namespace {

bool wanted(const CodeLine& line, const LineQuery& query) {
  if (is_new_code(line)) return query.added;
  if (is_deleted_code(line)) return query.removed;
  return query.context && line.kind != LineKind::Removed;
}

bool searched(const FileView& file, const LineQuery& query) {
  return !(query.skip_tests && file.is_test) && !(query.code_only && !is_code_file(file));
}

const std::string& searched_text(const CodeLine& line, const LineQuery& query) {
  static const std::string kEmpty;
  if (query.raw) return line.diff != nullptr ? line.diff->text : kEmpty;
  return line.code;
}

std::string one_line(std::string text) {
  for (char& c : text)
    if (c == '\n' || c == '\r' || c == '\t') c = ' ';
  return text;
}

}  // namespace

Evidence where(const LineHit& hit) {
  const bool removed = hit.line->kind == LineKind::Removed;
  const int line = hit.line->line_number();
  return {hit.file->path + ":" + std::to_string(line) + (removed ? " (removed)" : ""), hit.file->path, line,
          removed ? Side::Old : Side::New};
}

Evidence whole_file(const FileView& file) { return {file.path, file.path, 0, Side::New}; }

Evidence pr_text(std::string text) { return {std::move(text), "", 0, Side::New}; }

std::vector<LineHit> matching_lines(const ReviewModel& model, const RE2& pattern, const LineQuery& query) {
  std::vector<LineHit> hits;
  for (const FileView& file : model.files) {
    if (!searched(file, query)) continue;
    for (const HunkView& hunk : file.hunks)
      for (const CodeLine& line : hunk.lines)
        if (wanted(line, query) && RE2::PartialMatch(searched_text(line, query), pattern))
          hits.push_back({&file, &line});
  }
  return hits;
}

std::optional<LineHit> first_matching_line(const ReviewModel& model, const RE2& pattern, const LineQuery& query) {
  for (const FileView& file : model.files) {
    if (!searched(file, query)) continue;
    for (const HunkView& hunk : file.hunks)
      for (const CodeLine& line : hunk.lines)
        if (wanted(line, query) && RE2::PartialMatch(searched_text(line, query), pattern))
          return LineHit{&file, &line};
  }
  return std::nullopt;
}

const std::string& body_text(const ReviewModel& model) {
  static const std::string kEmpty;
  return model.meta != nullptr && model.meta->body ? *model.meta->body : kEmpty;
}

const std::string& title_text(const ReviewModel& model) {
  static const std::string kEmpty;
  return model.meta != nullptr ? model.meta->title : kEmpty;
}

std::optional<std::string> first_match(const std::string& text, const RE2& pattern) {
  re2::StringPiece groups[2];
  const int count = pattern.NumberOfCapturingGroups() > 0 ? 2 : 1;
  if (!pattern.Match(text, 0, text.size(), RE2::UNANCHORED, groups, count)) return std::nullopt;
  return std::string(groups[count - 1]);
}

std::vector<std::string> all_matches(const std::string& text, const RE2& pattern) {
  std::vector<std::string> found;
  re2::StringPiece input(text), group;
  while (RE2::FindAndConsume(&input, pattern, &group)) {
    const std::string value(group);
    bool seen = false;
    for (const auto& f : found) seen = seen || f == value;
    if (!seen && !value.empty()) found.push_back(value);
    if (group.empty() && !input.empty()) input.remove_prefix(1);  // never loop on an empty match
  }
  return found;
}

std::optional<Evidence> title_evidence(const ReviewModel& model, const RE2& pattern) {
  if (auto word = first_match(title_text(model), pattern)) return pr_text("title: \"" + one_line(*word) + "\"");
  return std::nullopt;
}

std::optional<Evidence> body_evidence(const ReviewModel& model, const RE2& pattern) {
  if (auto word = first_match(body_text(model), pattern)) return pr_text("description: \"" + one_line(*word) + "\"");
  return std::nullopt;
}

std::optional<Evidence> text_evidence(const ReviewModel& model, const RE2& pattern) {
  if (auto evidence = title_evidence(model, pattern)) return evidence;
  return body_evidence(model, pattern);
}

std::optional<std::string> excerpt_around_match(const std::string& text, const RE2& pattern, size_t width) {
  re2::StringPiece span;
  if (!pattern.Match(text, 0, text.size(), RE2::UNANCHORED, &span, 1)) return std::nullopt;
  const size_t match_at = static_cast<size_t>(span.data() - text.data());
  const size_t half = width / 2;
  size_t start = match_at > half ? match_at - half : 0;
  size_t end = std::min(text.size(), start + width);
  // Do not cut a UTF-8 sequence in half.
  while (start > 0 && (static_cast<unsigned char>(text[start]) & 0xC0) == 0x80) --start;
  while (end < text.size() && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) ++end;
  std::string excerpt = one_line(text.substr(start, end - start));
  if (start > 0) excerpt = "…" + excerpt;
  if (end < text.size()) excerpt += "…";
  return excerpt;
}

}  // namespace atom
