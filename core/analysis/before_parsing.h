// Tests on a file's diff text that a rule makes before it asks for syntax trees: a finding that
// needs a written `if`, a deleted `False` or a `torch.empty` in the file cannot exist where the
// text has none, and most files of a review then need no parse from that rule. Each test is a
// superset of what the trees would show (raw text, comments and strings included).
#pragma once
#include <string_view>

#include "core/analysis/review_model.h"

namespace atom {

// The PR wrote (new code: added, not moved) a line whose raw text, leading whitespace removed,
// starts with `prefix` / contains `needle`.
bool writes_line_starting(const FileView& file, std::string_view prefix);
bool writes_line_containing(const FileView& file, std::string_view needle);
// The PR wrote a line that a backslash continues (trailing whitespace aside): a statement it starts
// may show the rest of its text on a line that is not new.
bool writes_continued_line(const FileView& file);
// The PR deleted (not moved) a line whose raw text starts with `prefix` at column 0 / contains `needle`.
bool deletes_line_at_column_0(const FileView& file, std::string_view prefix);
bool deletes_line_containing(const FileView& file, std::string_view needle);
// The head as the review sees it (the whole file, or the hunks' context and added lines) contains `needle`.
bool head_shows(const FileView& file, std::string_view needle);
// What follows the last dot of a dotted name (`torch.library.custom_op` → `custom_op`): an
// identifier, which no spacing inside the dotted name can split, so a file that names the whole
// must show this part as written.
std::string_view last_name(std::string_view dotted);

}  // namespace atom
