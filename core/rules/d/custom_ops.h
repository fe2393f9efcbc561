// Custom-op declarations and their fake (meta) implementations as seen in the diff, for D6/D7:
// `@torch.library.custom_op`, `@custom_op`, aiter's `@compile_ops`, `@torch_compile_guard`,
// ATOM's `@mark_spliting_op(is_custom=True, …)`; fakes via `gen_fake=`, `@op.register_fake`,
// `register_fake("ns::op")`, `impl_abstract`.
#pragma once
#include <optional>
#include <string>
#include <vector>
#include "core/rules/d/dg_support.h"

namespace atom::dg {

struct OpDecl {
  const FileView* file = nullptr;
  std::string name;             // the decorated function
  std::string decorator;        // "torch_compile_guard", "torch.library.custom_op", …
  const CodeLine* decorator_line = nullptr;
  const CodeLine* def_line = nullptr;
  bool def_added = false;       // the def line is an added line (a new op)
  std::string gen_fake;         // the `gen_fake=` value ("" when absent)
  std::string return_annotation;  // text after "->" ("" when absent)
};

// Every decorated custom op whose def is on the new side of the diff.
std::vector<OpDecl> custom_ops(const ReviewModel& model);

// Whether the diff registers a fake for `op` other than through `gen_fake=`.
bool fake_registered(const ReviewModel& model, const std::string& op);

// The new-side lines of module-level function `name` in `file` (empty when not shown).
FunctionSlice function_lines(const FileView& file, const std::string& name);

// Number of values a return expression yields: 0 for None/bare return, n for a tuple,
// 1 for a single allocation call; nullopt when it cannot be told (a bare name may hold a tuple).
std::optional<int> return_arity(std::string_view expression);
// Arity from a return annotation ("torch.Tensor" → 1, "tuple[Tensor, Tensor]" → 2, "None" → 0).
std::optional<int> annotation_arity(std::string_view annotation);

}  // namespace atom::dg
