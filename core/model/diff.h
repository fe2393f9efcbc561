// The parsed form of a unified diff: files, hunks, lines with their numbers on both sides.
// Produced by core/diff (parse_diff); read by everything after it. Plain data, no behaviour.
#pragma once
#include <string>
#include <vector>

namespace atom {

enum class LineKind { Context, Added, Removed };

struct DiffLine {
  LineKind kind = LineKind::Context;
  std::string text;        // without the leading '+', '-' or ' ', without the trailing "\n" / "\r\n"; raw bytes
  int old_line = 0;        // 1-based number in the old file (0 for Added lines)
  int new_line = 0;        // 1-based number in the new file (0 for Removed lines)
  int diff_line = 0;       // 1-based line number inside the diff text (for error messages)
  bool no_newline_at_eof = false;  // followed by "\ No newline at end of file"
  bool crlf = false;       // the diff line ended "\r\n" (the file's line did, for Removed lines the base's)
};

struct Hunk {
  int old_start = 0, old_count = 0, new_start = 0, new_count = 0;
  std::string section;     // text after the closing "@@" (git's function context), may be empty
  int header_diff_line = 0;
  std::vector<DiffLine> lines;
};

enum class FileStatus { Modified, Added, Deleted, Renamed, Copied, ModeOnly };

struct FileDiff {
  std::string old_path;    // unquoted, without "a/"; empty for an added file
  std::string new_path;    // unquoted, without "b/"; empty for a deleted file
  FileStatus status = FileStatus::Modified;
  bool binary = false;
  int similarity = -1;     // "similarity index N%" for renames/copies, else -1
  std::string old_mode, new_mode;
  int additions = 0;       // counted as `git diff --numstat` does (0 for binary files)
  int deletions = 0;
  int commit_index = 0;    // which commit of a multi-commit patch (0-based) this section belongs to
  int header_diff_line = 0;
  std::vector<Hunk> hunks;
  bool hunks_over_limit = false;  // its hunks held more lines than a review reads (core/engine/input_limits.h): dropped

  // The path a reviewer knows the file by: the new path, or the old one for a deleted file.
  const std::string& path() const { return status == FileStatus::Deleted ? old_path : new_path; }
};

struct CommitInfo {       // from `git show` / `git format-patch` headers, when present
  std::string sha;
  std::string subject;
  std::string message;
};

struct ParseError {
  std::string code;        // stable id, e.g. "malformed-hunk", "not-a-diff", "truncated-hunk"
  std::string message;     // one human line
  int line = 0;            // 1-based line in the diff text where parsing stopped/failed
};

struct ParsedDiff {
  std::vector<FileDiff> files;
  std::vector<CommitInfo> commits;
  std::vector<ParseError> errors;
  size_t bytes = 0;
  bool looks_like_diff = false;  // false when no diff header of any kind was found (CLI exit 2)
};

const char* to_string(FileStatus status);  // "modified" | "added" | "deleted" | "renamed" | "copied" | "mode"

}  // namespace atom
