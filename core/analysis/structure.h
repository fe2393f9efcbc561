// Helpers shared by the structure analyses and the rules: one side of a hunk as a list of
// lines, finding a CodeLine again, identifier search in stripped code.
#pragma once
#include <string>
#include <string_view>
#include <vector>
#include "core/analysis/review_model.h"
#include "core/model/side.h"

namespace atom {

// One side of a hunk in order: the new file (context + added lines, Side::New) or the old file
// (context + removed lines, Side::Old). The structure helpers index into this list.
using SideLines = std::vector<const CodeLine*>;
SideLines side_lines(const HunkView& hunk, Side side);

// Index of `line` in `lines`, or lines.size() when it is not there.
size_t index_of(const SideLines& lines, const CodeLine* line);

// The hunk of `file` holding `line` (a pointer from the model, e.g. from ReviewModel::hits),
// or nullptr.
const HunkView* hunk_of(const FileView& file, const CodeLine* line);

// The context or added line of `file` at head line `number`, or nullptr when no hunk shows it.
const CodeLine* new_side_line(const FileView& file, int number);

// A line that starts a statement: not blank/comment-only, not a continuation, not docstring text.
bool is_statement_start(const CodeLine& line);

// `text` without leading and trailing whitespace.
std::string trimmed(std::string_view text);

// `name` occurs as a whole identifier in `code` (letters, digits and '_' around it do not count).
bool has_identifier(std::string_view code, std::string_view name);

// `line` sits inside a function called `name`: its CodeLine::function is `name` or has `name` as
// one of its dotted / "::" components ("ModelRunner.capture" is inside "capture" and "ModelRunner").
bool in_function(const CodeLine& line, std::string_view name);

}  // namespace atom
