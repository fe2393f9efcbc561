// Custom-op declarations and their fake (meta) implementations, read from the head's syntax
// trees, for D6/D7: defs decorated `@torch.library.custom_op`, `@custom_op`, aiter's
// `@compile_ops`, `@torch_compile_guard`, ATOM's `@mark_spliting_op(is_custom=True, …)` (the
// pack's custom_op_decorators); fakes via `gen_fake=`, `@op.register_fake`,
// `register_fake("ns::op")`, `impl_abstract`. ATOM's `direct_register_custom_op(op_name=…,
// op_func=f, fake_impl=g)` declares the op `f` with the fake `g` in one call.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "core/analysis/file_syntax.h"
#include "core/analysis/review_model.h"

namespace atom::ops {

struct OpDecl {
  const FileView* file = nullptr;
  const ast::FileSyntax* syntax = nullptr;  // the head tree (whole file or hunk fragment) holding it
  const ast::PyFunction* function = nullptr;
  syntax::Node definition;                  // its function_definition
  bool complete = false;                    // the tree shows the def's whole body
  std::string decorator;                    // "torch_compile_guard", …, or "direct_register_custom_op"
  int line = 0;                             // where findings go: the `def`, or the registering call
  bool def_added = false;                   // that line is new code (a new op)
  std::string gen_fake;                     // the `gen_fake=` / `fake_impl=` value's text ("" when absent)
  syntax::Node gen_fake_value;              // that value (a name or a lambda)
  bool body_is_fake = false;                // without gen_fake the def itself is the fake (pack.h)
  const std::vector<std::string>* unregistered_lists = nullptr;  // the decorator's (pack.h); null for none
};

// Every custom op the head trees of the review's Python files declare: decorated defs, and the
// defs a `direct_register_custom_op` call registers (when the tree shows both).
std::vector<OpDecl> custom_ops(const ReviewModel& model);

// Whether a Python file of the review lists `op` as a string entry of one of `lists` (module-level
// `NAME = [...]`) at the head: read in the whole head file when the review has it, else in the
// hunks' new-side lines (a hunk that opens inside the list names it in its header, git's function
// context).
bool listed_in(const ReviewModel& model, const std::vector<std::string>& lists, const std::string& op);

// Whether the head registers a fake for `op` other than through `gen_fake=`.
bool fake_registered(const ReviewModel& model, const std::string& op);

// The return statements of a def's own body (not those of nested defs, lambdas or classes).
std::vector<syntax::Node> own_returns(syntax::Node definition);

// Whether the head trees of `file` show all of `definition` (a function_definition of them): a
// complete function (file_trees.h), or any def of an added file, whose one hunk is the file.
bool shown_whole(const FileView& file, syntax::Node definition);

// The function_definition node of `function` in `syntax`'s tree (null when not found).
syntax::Node definition_of(const ast::FileSyntax& syntax, const ast::PyFunction& function);

}  // namespace atom::ops
