// D1c's reading of Python from the diff's lines: statements joined over continuation lines,
// assignment targets, the names a statement binds, and its findings. The other rules read the
// syntax trees (core/analysis/file_trees.h); D1c follows an `__init__` across hunks by the lines
// and is the last rule still to move onto them. Best effort on a window of a file: never throws.
#pragma once
#include <map>
#include <string>
#include <string_view>
#include <vector>
#include "core/analysis/review_model.h"
#include "core/rules/finding.h"

namespace atom::d1c {

// Every new-side line of the file, in order.
std::vector<const CodeLine*> new_side_lines(const FileView& file);
// True when lines[from..to] (inclusive) are consecutive lines of the new file.
bool contiguous(const std::vector<const CodeLine*>& lines, size_t from, size_t to);

// A logical statement: the code of line `first` joined with its continuation lines.
// `end` receives the index of its last line.
std::string statement_text(const std::vector<const CodeLine*>& lines, size_t first, size_t* end);

std::string_view trim(std::string_view text);
bool starts_with_word(std::string_view code, std::string_view word);  // after leading spaces
// Names a Python statement binds: `a, b = …`, `x: T = …`, `for a in`, `with … as a`,
// `except E as a`, `a := …`, `def a(`, `class a`, `import a`, `from m import a as b`.
std::vector<std::string> python_bound_names(std::string_view statement);
// A statement split at its top-level plain `=` signs (chained ones too): every target
// expression, tuple targets flattened, with wrapping brackets, `*` and an annotation removed
// (`self.a, (b, c[i]) = …` → "self.a", "b", "c[i]"), and the value after the last `=`. A
// statement that is no such assignment (`x += 1`, `f(a=1)`, `x: T`) has no targets and is all value.
struct PyAssignment {
  std::vector<std::string_view> targets;
  std::string_view value;
};
PyAssignment python_assignment(std::string_view statement);
// "def name(" → "name"; "" when the code is not a def.
std::string python_def_name(std::string_view code);

// Appends `finding` unless the same rule already reported that line (then the more severe of
// the two is kept). Folding per place is the engine's job (finding_pipeline).
void add_unique(std::vector<Finding>& out, Finding finding);

// A verified warn finding of `rule` at `line` (its side and number); the engine assigns the
// place (the line's function) when folding.
Finding finding_at(const char* rule, const FileView& file, const CodeLine& line, std::string message_id,
                   std::map<std::string, std::string> fields);

// Text of the raw diff line (with comments), for rules that read comments.
std::string_view raw_text(const CodeLine& line);

}  // namespace atom::d1c
