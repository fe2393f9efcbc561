// Python def signatures a PR changes, read from the syntax trees of both sides (file_trees.h):
// each function whose parameter list differs between base and head, paired by its qualified
// name (whole files) or by name and column (hunks, where the enclosing class may be unseen),
// counted only when the PR wrote or deleted a line of the signature itself — a body edit, a
// moved or re-indented def is no signature change. And whether the PR writes calls to a name,
// which says it went through the callers.
#pragma once
#include <string>
#include <vector>

#include "core/analysis/file_syntax.h"
#include "core/analysis/python_syntax.h"
#include "core/analysis/review_model.h"

namespace atom {

struct PySignatureChange {
  const FileView* file = nullptr;
  ast::PyFunction before;   // lines are base lines
  ast::PyFunction after;    // lines are head lines
  // Ordinary parameters (not self/cls, not *args/**kwargs) the head no longer has.
  std::vector<std::string> removed;
  // Parameters the head gained, in order.
  std::vector<ast::PyParameter> added;
  bool after_takes_kwargs = false;  // **kwargs still accepts any removed keyword
};

std::vector<PySignatureChange> python_signature_changes(const FileView& file);

// Every head function of `file` (Python) with the base function it continues, paired as above
// (`before` is nullptr when the base has none: a new def), whether or not the PR touched it.
struct PyFunctionPair {
  const ast::FileSyntax* part = nullptr;  // the head part holding `after`
  const ast::PyFunction* after = nullptr;
  const ast::PyFunction* before = nullptr;
};
std::vector<PyFunctionPair> python_function_pairs(const FileView& file);

// A Python call the PR wrote: a line of it is new code (is_new_code).
struct WrittenCall {
  const FileView* file = nullptr;
  const ast::PyCall* call = nullptr;  // in head_trees(*file)
};

// Every call the PR wrote, in every Python file of the review (found once, asked many times).
std::vector<WrittenCall> calls_the_pr_wrote(const ReviewModel& model);

// True when one of `written` calls `name` (the callee's last dotted part: `name(…)`,
// `obj.name(…)`) outside the function itself (`function`'s head lines in `file`: a wrapper
// calling the op it wraps, `aiter.name(…)`, is no caller).
bool pr_writes_call_to(const std::vector<WrittenCall>& written, const std::string& name, const FileView& file,
                       ast::LineRange function);
// The same for one question: finds the written calls first (a rule asking many questions finds
// them once and uses the form above).
bool pr_writes_call_to(const ReviewModel& model, const std::string& name, const FileView& file,
                       ast::LineRange function);

// The head's function whose `def` is on head line `header_line`, or nullptr.
const ast::PyFunction* head_function_at(const FileView& file, int header_line);

// The head lines (new-file numbers) the PR wrote, and the base lines it deleted.
std::vector<int> new_code_lines(const FileView& file);
std::vector<int> deleted_code_lines(const FileView& file);

}  // namespace atom
