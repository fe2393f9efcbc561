// Unified-diff parser: `git diff`, `git show` (with or without commit header), `git format-patch`
// mbox files with several commits, `gh pr diff` and GitHub's `.diff`.
//
// Never throws and never crashes on hostile input (NUL bytes, bytes that are not UTF-8, CRLF,
// huge lines, hunk headers lying about their length). On malformed input it records a
// ParseError naming the 1-based diff line and keeps every file parsed before it.
#pragma once
#include <string_view>
#include "core/model/diff.h"

namespace atom {

ParsedDiff parse_diff(std::string_view bytes);

// git's C-style quoted path ("a/caf\303\251 x.py") → raw bytes; unquoted input returned as is.
std::string unquote_git_path(std::string_view quoted);

}  // namespace atom
