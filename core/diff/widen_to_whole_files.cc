#include "core/diff/widen_to_whole_files.h"

#include <set>
#include <string_view>

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

// True when every line the diff shows on the new side is that line of the head file.
bool agrees(const FileDiff& file, const std::vector<std::string_view>& head) {
  for (const Hunk& hunk : file.hunks)
    for (const DiffLine& line : hunk.lines) {
      if (line.kind == LineKind::Removed) continue;
      if (line.new_line < 1 || static_cast<size_t>(line.new_line) > head.size()) return false;
      if (head[line.new_line - 1] != line.text) return false;
    }
  return true;
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

void widen_to_whole_files(ParsedDiff& diff, const HeadFiles& head, std::vector<ParseError>& notes) {
  if (!single_commit(diff)) return;
  for (FileDiff& file : diff.files) {
    if (file.binary || file.hunks.empty() || file.status == FileStatus::Deleted) continue;
    const auto found = head.find(file.new_path);
    if (found == head.end()) {
      notes.push_back({"repo-file-missing", file.new_path + ": not in the checkout; reviewed with the diff's lines only", 0});
      continue;
    }
    const std::vector<std::string_view> lines = split_lines(found->second);
    if (!agrees(file, lines)) {
      notes.push_back({"repo-file-differs",
                       file.new_path + ": the checkout's file is not the diff's new side; reviewed with the diff's lines only",
                       file.header_diff_line});
      continue;
    }
    Hunk whole = whole_file_hunk(file, lines);
    file.hunks.clear();
    file.hunks.push_back(std::move(whole));
  }
}

}  // namespace atom
