#include "core/diff/widen_to_whole_files.h"

#include <set>
#include <string_view>

#include "core/diff/reverse_apply.h"

namespace atom {
namespace {

std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    lines.push_back(line);
    start = end + 1;
  }
  return lines;
}

bool single_commit(const ParsedDiff& diff) {
  std::set<std::string> seen;
  for (const FileDiff& file : diff.files)
    if (!seen.insert(file.path()).second || file.commit_index != 0) return false;
  return true;
}

FileSource hunks_because(const char* reason) {
  FileSource source;
  source.reason = reason;
  return source;
}

FileSource whole(std::string head_text, std::string base_text) {
  FileSource source;
  source.source = ReviewSource::Whole;
  source.reason.clear();
  source.head_text = std::move(head_text);
  source.base_text = std::move(base_text);
  return source;
}

FileSource source_of(const FileDiff& file, const HeadFiles* head) {
  if (file.binary) return hunks_because("binary");
  if (file.hunks_over_limit) return hunks_because("too-large");
  if (file.status == FileStatus::Added || file.status == FileStatus::Deleted) {
    const bool added = file.status == FileStatus::Added;
    std::optional<std::string> text = whole_side_from_diff(file, added ? LineKind::Added : LineKind::Removed);
    if (!text) return hunks_because("incomplete");
    if (text->size() > kMaxWholeFileBytes) return hunks_because("too-large");
    return added ? whole(std::move(*text), "") : whole("", std::move(*text));
  }
  if (head == nullptr) return hunks_because("not-provided");
  const auto found = head->find(file.new_path);
  if (found == head->end()) return hunks_because("missing");
  if (found->second.size() > kMaxWholeFileBytes) return hunks_because("too-large");
  std::optional<std::string> base = reverse_apply(file, found->second);
  if (!base) return hunks_because("differs");
  return whole(found->second, std::move(*base));
}

DiffLine context_line(std::string_view text, int old_line, int new_line, int diff_line) {
  DiffLine line;
  line.kind = LineKind::Context;
  line.text = std::string(text);
  line.old_line = old_line;
  line.new_line = new_line;
  line.diff_line = diff_line;
  return line;
}

Hunk whole_file_hunk(const FileDiff& file, const std::vector<std::string_view>& head) {
  Hunk whole;
  whole.old_start = whole.new_start = 1;
  whole.header_diff_line = file.hunks.front().header_diff_line;
  int next_new = 1;
  int old_minus_new = file.hunks.front().old_start - file.hunks.front().new_start;
  for (const Hunk& hunk : file.hunks) {
    for (; next_new < hunk.new_start; ++next_new)
      whole.lines.push_back(context_line(head[next_new - 1], next_new + old_minus_new, next_new, hunk.header_diff_line));
    for (const DiffLine& line : hunk.lines) {
      whole.lines.push_back(line);
      if (line.kind != LineKind::Removed) next_new = line.new_line + 1;
    }
    old_minus_new = (hunk.old_start + hunk.old_count) - (hunk.new_start + hunk.new_count);
  }
  for (; static_cast<size_t>(next_new) <= head.size(); ++next_new)
    whole.lines.push_back(context_line(head[next_new - 1], next_new + old_minus_new, next_new, file.hunks.back().header_diff_line));
  for (const DiffLine& line : whole.lines) {
    if (line.kind != LineKind::Added) ++whole.old_count;
    if (line.kind != LineKind::Removed) ++whole.new_count;
  }
  if (whole.old_count == 0) whole.old_start = 0;
  return whole;
}

}  // namespace

bool needs_head_version(const FileDiff& file) {
  return !file.binary && !file.hunks_over_limit && file.status != FileStatus::Added && file.status != FileStatus::Deleted;
}

std::vector<std::string> paths_needing_head(const ParsedDiff& diff) {
  std::vector<std::string> paths;
  if (!single_commit(diff)) return paths;
  for (const FileDiff& file : diff.files)
    if (needs_head_version(file)) paths.push_back(file.new_path);
  return paths;
}

std::vector<FileSource> file_sources(const ParsedDiff& diff, const HeadFiles* head) {
  std::vector<FileSource> sources;
  const bool single = single_commit(diff);
  for (const FileDiff& file : diff.files) sources.push_back(single ? source_of(file, head) : hunks_because("multi-commit"));
  return sources;
}

void widen_whole_files(ParsedDiff& diff, const std::vector<FileSource>& sources) {
  for (size_t i = 0; i < diff.files.size() && i < sources.size(); ++i) {
    FileDiff& file = diff.files[i];
    if (sources[i].source != ReviewSource::Whole || file.hunks.empty()) continue;
    if (file.status == FileStatus::Added || file.status == FileStatus::Deleted) continue;  // already whole
    Hunk whole = whole_file_hunk(file, split_lines(sources[i].head_text));
    file.hunks.clear();
    file.hunks.push_back(std::move(whole));
  }
}

std::vector<FileSource> widen_to_whole_files(ParsedDiff& diff, const HeadFiles& head, std::vector<ParseError>& notes) {
  std::vector<FileSource> sources = file_sources(diff, &head);
  for (size_t i = 0; i < diff.files.size(); ++i) {
    const FileDiff& file = diff.files[i];
    if (file.hunks.empty()) continue;
    if (sources[i].reason == "missing")
      notes.push_back({"repo-file-missing", file.new_path + ": not in the checkout; reviewed with the diff's lines only", 0});
    else if (sources[i].reason == "differs")
      notes.push_back({"repo-file-differs",
                       file.new_path + ": the checkout's file is not the diff's new side; reviewed with the diff's lines only",
                       file.header_diff_line});
  }
  widen_whole_files(diff, sources);
  return sources;
}

}  // namespace atom
