// Small helpers shared by the A, B and C rules: string literals and comments of a raw line
// (the model's stripped code blanks both), finding constructors, and PR-text matching.
#pragma once
#include <map>
#include <string>
#include <string_view>
#include <vector>
#include "core/analysis/review_model.h"
#include "core/analysis/structure.h"
#include "core/rules/finding.h"

namespace atom::abc {

// Contents of the string literals on one raw source line, in order; comments are skipped.
// A literal left open at the end of the line (a multi-line string) is not returned.
std::vector<std::string> string_literals(std::string_view raw, Language language);

// The comment text of one raw source line ("" when it has none): after a `#` (Python) or `//`
// (C++) that is not inside a string literal.
std::string comment_text(std::string_view raw, Language language);

// One raw source line without its comment, trimmed: the code with its string literals.
std::string source_text(std::string_view raw, Language language);

// The text a reader sees as commentary on a line: its comment, or the whole line when it is
// docstring text.
std::string commentary(const CodeLine& line, Language language);

// A finding on one line of a file (new side for added/context lines, old side for removed).
Finding line_finding(const char* rule, Severity severity, const FileView& file, const CodeLine& line,
                     const char* message_id, std::map<std::string, std::string> fields);

// Lower-case letters and digits of `text` only ("DeepSeek-V3" → "deepseekv3").
std::string alnum_lower(std::string_view text);

// The statement starting at lines[first] joined with its continuation lines (stripped code).
std::string joined_statement(const SideLines& lines, size_t first);

// Index of the line that starts the statement holding lines[index] (walks back over
// continuation lines).
size_t statement_start(const SideLines& lines, size_t index);

// `text` cut to at most 100 characters (with "…" when cut), whitespace-trimmed.
std::string clip(std::string_view text);

// Names joined as "`a`, `b` and `c`".
std::string quoted_list(const std::vector<std::string>& names);

}  // namespace atom::abc
