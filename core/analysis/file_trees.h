// The syntax trees of one file of the review, per side: the whole text when the file is reviewed
// whole, else one fragment per hunk (that side's lines, parsed with tree-sitter's error
// recovery). Parsed on first use and kept with the FileView, so every rule shares one parse.
#pragma once
#include <memory>
#include <vector>

#include "core/analysis/file_syntax.h"
#include "core/analysis/review_model.h"

namespace atom {

struct VisibleFunction {
  const ast::FileSyntax* syntax = nullptr;
  syntax::Node node;  // a function_definition
};

struct SideTrees {
  bool whole = false;
  std::vector<ast::FileSyntax> parts;  // whole: the file; else one per hunk with lines on this side
  // complete_python_functions(), found on first use: several rules ask, and a tree kept for the
  // next review keeps them too.
  mutable std::shared_ptr<const std::vector<VisibleFunction>> complete_functions;
};

// The head side (the PR's version) and the base side of `file`. Empty for a language without a
// grammar, and for the side a file does not have (the base of an added file).
const SideTrees& head_trees(const FileView& file);
const SideTrees& base_trees(const FileView& file);

// The diff's edits as whole-line changes from the head's text back to the base's: one per run of
// added and removed lines, so a hunk widened over the whole file (core/diff/widen_to_whole_files.h)
// still edits only what changed, and the base's parse reuses the rest of the head's tree.
std::vector<syntax::LineChange> head_to_base_changes(const FileDiff& diff);

// Python functions (methods and nested defs too) whose whole text the side shows, parsed without
// error: every function of a whole file; in a fragment, those from the `def` to a later line back
// at the def's indentation.
const std::vector<VisibleFunction>& complete_python_functions(const SideTrees& side);

// Whether `part` shows all of the Python compound statement on lines `statement` (a def, an
// if/elif/else chain or branch, a loop …): always in a whole file; in a fragment when a code line
// after it is back at (or left of) the column of its first line, so its body cannot run on past the cut.
bool shows_end_of(const ast::FileSyntax& part, ast::LineRange statement);

// The complete Python functions of `file`'s head that a rule about the PR's code has to read:
// those holding a line the PR wrote or touching the place of lines it removed. A function the PR
// left alone can only repeat what the baseline filter's run on the base finds, and be dropped.
// A file shown without any change (that run's view of the base) has every function read.
std::vector<VisibleFunction> python_functions_to_check(const FileView& file);

}  // namespace atom
