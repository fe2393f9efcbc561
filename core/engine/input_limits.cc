#include "core/engine/input_limits.h"

namespace atom {

std::string_view diff_within_byte_limit(std::string_view diff, std::vector<SkippedInput>& skipped) {
  if (diff.size() <= kMaxDiffBytes) return diff;
  skipped.push_back({"diff-bytes", "", diff.size(), kMaxDiffBytes});
  const std::string_view within = diff.substr(0, kMaxDiffBytes);
  const size_t section = within.rfind("\ndiff --git ");
  if (section != std::string_view::npos && section > 0) return diff.substr(0, section + 1);
  const size_t line_end = within.rfind('\n');
  return line_end == std::string_view::npos ? std::string_view() : diff.substr(0, line_end + 1);
}

void apply_file_limits(ParsedDiff& diff, std::vector<SkippedInput>& skipped) {
  if (diff.files.size() > kMaxFiles) {
    skipped.push_back({"files", "", diff.files.size(), kMaxFiles});
    diff.files.resize(kMaxFiles);
  }
  for (FileDiff& file : diff.files) {
    size_t lines = 0;
    for (const Hunk& hunk : file.hunks) lines += hunk.lines.size();
    if (lines <= kMaxFileLines) continue;
    skipped.push_back({"file-lines", file.path(), lines, kMaxFileLines});
    file.hunks.clear();
    file.hunks_over_limit = true;
  }
}

}  // namespace atom
