// Unified-diff parser: `git diff`, `git show` (with or without commit header), `git format-patch`
// mbox files with several commits, `gh pr diff` and GitHub's `.diff`.
//
// Never throws and never crashes on hostile input (NUL bytes, bytes that are not UTF-8, CRLF,
// huge lines, hunk headers lying about their length). On malformed input it records a
// ParseError naming the 1-based diff line and keeps every file parsed before it.
//
// Lines end at "\n"; one "\r" before it is dropped. Line text keeps every other byte as is.
// A hunk's length is what its header announces: inside it, "+", "-", " " (and an empty line,
// read as empty context, as git apply does) are hunk lines even when they look like headers
// ("--- x", "-- "). Outside a hunk, "-- " starts format-patch's signature, skipped up to the next
// commit or file. Text before the first header (and commit headers) is not diff content.
// Counts: additions/deletions are the "+"/"-" lines of the file's hunks, 0/0 for binary files,
// as `git diff --numstat` reports them.
//
// Error policy (ParseError::code):
//   "truncated-hunk"        a hunk ends before its announced length because the next file,
//                           hunk or commit starts (line = that header), or the input ends
//                           (line = the last line). Recorded; parsing goes on.
//   "combined-diff"         a "diff --cc" merge section (line = its header). Skipped up to the
//                           next file or commit; parsing goes on.
//   "malformed-hunk"        a line that does not fit the current hunk's remaining counts, or a
//                           "+"/"-"/" " line after a hunk has ended (the header announced fewer
//                           lines). Parsing stops.
//   "malformed-hunk-header" an "@@" line that cannot be read. Parsing stops.
//   "malformed-header"      an unknown line among a file's extended headers (parsing stops), or
//                           a file section whose path cannot be determined (parsing goes on).
//   "unexpected-line"       any other line outside hunks after the first file. Parsing stops.
//   "not-a-diff"            no diff, file or commit header anywhere, and the input is not blank
//                           (line 1; looks_like_diff is false). Blank input gives no error.
// When parsing stops, files[] holds every file up to and including the one being read.
#pragma once
#include <string_view>
#include "core/model/diff.h"

namespace atom {

ParsedDiff parse_diff(std::string_view bytes);

// git's C-style quoted path ("a/caf\303\251 x.py") → raw bytes; unquoted input returned as is.
std::string unquote_git_path(std::string_view quoted);

}  // namespace atom
