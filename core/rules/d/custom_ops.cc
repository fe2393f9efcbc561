#include "core/rules/d/custom_ops.h"

#include <re2/re2.h>

#include "core/rules/d/python_chain.h"

namespace atom::dg {
namespace {

int top_level_commas(std::string_view text) {
  int depth = 0, commas = 0;
  for (char c : text) {
    if (c == '(' || c == '[' || c == '{') ++depth;
    else if (c == ')' || c == ']' || c == '}') --depth;
    else if (c == ',' && depth == 0) ++commas;
  }
  return commas;
}

// Items of a comma-separated list at depth 0; a trailing comma (`a, b,` as black formats a
// wrapped list) closes the last item instead of starting another.
int top_level_items(std::string_view text) {
  text = trim(text);
  if (text.empty()) return 0;
  return top_level_commas(text) + (text.back() == ',' ? 0 : 1);
}

std::string_view strip_outer(std::string_view text, char open, char close) {
  text = trim(text);
  if (text.size() >= 2 && text.front() == open && text.back() == close) return trim(text.substr(1, text.size() - 2));
  return text;
}

// The pack's condition on a decorator's arguments ("is_custom=True"), as a pattern.
bool meets_condition(const std::string& decorator_text, const std::string& only_with) {
  if (only_with.empty()) return true;
  const size_t equals = only_with.find('=');
  const std::string condition = "\\b" + RE2::QuoteMeta(only_with.substr(0, equals)) + "\\s*=\\s*" +
                                RE2::QuoteMeta(only_with.substr(equals + 1));
  return RE2::PartialMatch(decorator_text, condition);
}

const CustomOpDecorator* find_decorator(const PackKnowledge& knowledge, const std::string& name) {
  for (const CustomOpDecorator& decorator : knowledge.custom_op_decorators)
    if (decorator.name == name) return &decorator;
  return nullptr;
}

}  // namespace

std::vector<OpDecl> custom_ops(const ReviewModel& model) {
  const PackKnowledge& knowledge = model.pack->knowledge;
  if (!knowledge.custom_op_decorator_pattern) return {};
  const RE2& kDecorator = *knowledge.custom_op_decorator_pattern;
  static const RE2 kGenFake(R"(\bgen_fake\s*=\s*(lambda[^,)]*:[^,)]*|[\w.]+))");
  static const RE2 kReturn(R"(\)\s*->\s*(.+?)\s*:\s*$)");
  std::vector<OpDecl> ops;
  for (const FileView& file : model.files) {
    if (file.language != Language::Python) continue;
    std::vector<const CodeLine*> lines = new_side_lines(file);
    for (size_t i = 0; i < lines.size(); ++i) {
      std::string decorator;
      if (!is_statement_start(*lines[i]) || !RE2::PartialMatch(lines[i]->code, kDecorator, &decorator)) continue;
      size_t end = i;
      std::string decorator_text = statement_text(lines, i, &end);
      const CustomOpDecorator* known = find_decorator(knowledge, decorator);
      if (known == nullptr || !meets_condition(decorator_text, known->only_with)) continue;
      size_t def_index = end + 1;
      while (def_index < lines.size() && trim(lines[def_index]->code).substr(0, 1) == "@") {
        statement_text(lines, def_index, &def_index);
        ++def_index;
      }
      if (def_index >= lines.size()) continue;
      size_t def_end = def_index;
      std::string signature = statement_text(lines, def_index, &def_end);
      OpDecl op;
      op.file = &file;
      op.name = python_def_name(signature);
      if (op.name.empty()) continue;
      op.decorator = decorator;
      op.decorator_line = lines[i];
      op.def_line = lines[def_index];
      op.def_added = is_new_code(*lines[def_index]);
      RE2::PartialMatch(decorator_text, kGenFake, &op.gen_fake);
      RE2::PartialMatch(signature, kReturn, &op.return_annotation);
      ops.push_back(std::move(op));
      i = end;
    }
  }
  return ops;
}

bool fake_registered(const ReviewModel& model, const std::string& op) {
  std::string quoted = RE2::QuoteMeta(op);
  RE2 registration("\\b" + quoted + "\\.(register_fake|register_abstract|impl_abstract)\\b|\\b(register_fake|impl_abstract)\\(\\s*[\"'][\\w.]*::" +
                   quoted + "[\"']");
  for (const FileView& file : model.files)
    for (const HunkView& hunk : file.hunks)
      for (const CodeLine& line : hunk.lines)
        if (line.kind != LineKind::Removed && RE2::PartialMatch(raw_text(line), registration)) return true;
  return false;
}

FunctionSlice function_lines(const FileView& file, const std::string& name) {
  for (FunctionSlice& slice : new_side_functions(file))
    if (slice.function == name) return std::move(slice);
  return {};
}

std::optional<int> return_arity(std::string_view expression) {
  static const RE2 kAllocation(R"(^[\w.]*(empty|empty_like|new_empty|zeros|zeros_like|ones|full|empty_strided)\()");
  expression = trim(expression);
  if (expression.empty() || expression == "None") return 0;
  if (top_level_commas(expression) > 0) return top_level_items(expression);
  if (expression.front() == '(' && expression.back() == ')') {
    std::string_view inside = strip_outer(expression, '(', ')');
    if (top_level_commas(inside) > 0) return top_level_items(inside);
  }
  if (RE2::PartialMatch(expression, kAllocation)) return 1;
  return std::nullopt;
}

std::optional<int> annotation_arity(std::string_view annotation) {
  static const RE2 kTuple(R"(^(?:typing\.)?(?:tuple|Tuple)\[(.*)\]$)");
  static const RE2 kTensor(R"(^(torch\.)?Tensor$)");
  annotation = trim(annotation);
  if (annotation.empty()) return std::nullopt;
  if (annotation == "None") return 0;
  if (RE2::FullMatch(annotation, kTensor)) return 1;
  std::string inside;
  if (RE2::FullMatch(annotation, kTuple, &inside)) {
    if (inside.find("...") != std::string::npos) return std::nullopt;
    return top_level_items(inside);
  }
  return std::nullopt;
}

}  // namespace atom::dg
