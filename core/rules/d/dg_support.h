// Small structure helpers shared by the D, E, F and G rules: the new side of a file grouped
// by function, Python statements spanning lines, assignment targets, name uses, def
// signatures, and building findings. Best effort on a window of a file: they
// never throw and report what they could not see (gaps) instead of guessing.
#pragma once
#include <map>
#include <string>
#include <string_view>
#include <vector>
#include "core/analysis/review_model.h"
#include "core/rules/finding.h"

namespace atom::dg {

// The lines of one function as the new file has them (context and added lines), in order.
struct FunctionSlice {
  std::string function;                 // CodeLine::function ("" = module level)
  std::vector<const CodeLine*> lines;
};

// New-side lines of a file grouped by enclosing function, in first-seen order.
std::vector<FunctionSlice> new_side_functions(const FileView& file);
// Every new-side line of the file, in order.
std::vector<const CodeLine*> new_side_lines(const FileView& file);
// Every old-side line (context and removed), in order.
std::vector<const CodeLine*> old_side_lines(const FileView& file);

// Whether a line is the start of a statement worth reading (not blank, comment, docstring or
// continuation).
bool is_statement_start(const CodeLine& line);

// True when lines[from..to] (inclusive) are consecutive lines of the new file.
bool contiguous(const std::vector<const CodeLine*>& lines, size_t from, size_t to);

// Whether lines[0] is the def of the slice's function (so nothing of it precedes the slice).
bool starts_at_def(const FunctionSlice& slice);

// A logical statement: the code of line `first` joined with its continuation lines.
// `end` receives the index of its last line.
std::string statement_text(const std::vector<const CodeLine*>& lines, size_t first, size_t* end);

std::string_view trim(std::string_view text);
bool starts_with_word(std::string_view code, std::string_view word);  // after leading spaces
// `word` occurs as a whole identifier, not as an attribute (".word").
bool has_name(std::string_view code, std::string_view word);
// `word` is read: occurs as a name and at least once not as an assignment target or kwarg name.
bool reads_name(std::string_view code, std::string_view word);
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
// The parameter names of a def signature text ("def f(a, b: int = 1, *args, **kw) -> T:").
struct Param {
  std::string name;
  bool has_default = false;
};
std::vector<Param> python_params(std::string_view signature);
// Why a Python expression is a strided view: ".transpose(", "slice `[:, :d]`" …; "" when it is
// not (or when it ends in .contiguous()). A slice of the leading dimension stays contiguous.
std::string strided_reason(const std::string& expression);
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

}  // namespace atom::dg
