#include "core/analysis/signature_changes.h"

#include <algorithm>
#include <map>

#include "core/analysis/file_trees.h"

namespace atom {
namespace {

using ast::PyFunction;
using ast::PyParameter;
using ast::PyParamKind;

bool contains_any(const std::vector<int>& sorted_lines, int first, int last) {
  auto it = std::lower_bound(sorted_lines.begin(), sorted_lines.end(), first);
  return it != sorted_lines.end() && *it <= last;
}

// The signature's lines: the decorators and `def` down to the line before the body.
bool signature_touched(const PyFunction& function, const std::vector<int>& changed) {
  const int last = std::max(function.header_line, function.body.first - 1);
  return contains_any(changed, function.range.first, last);
}

int column_of(const ast::FileSyntax& part, const PyFunction& function) {
  const std::string& text = part.tree.text();
  const size_t start = part.tree.line_start(function.header_line);
  const size_t first = text.find_first_not_of(" \t", start);
  return first == std::string::npos ? 0 : static_cast<int>(first - start);
}

struct KeyedFunction {
  const ast::FileSyntax* part = nullptr;
  const PyFunction* function = nullptr;
};

std::map<std::string, KeyedFunction> functions_by_key(const SideTrees& side) {
  std::map<std::string, KeyedFunction> out;
  for (const ast::FileSyntax& part : side.parts)
    for (const PyFunction& function : part.python().functions) {
      if (function.header_line < part.first_line) continue;
      const std::string key =
          side.whole ? function.qualified : std::to_string(column_of(part, function)) + ":" + function.name;
      out.emplace(key, KeyedFunction{&part, &function});  // the first def of a name wins (a redefinition is its own story)
    }
  return out;
}

bool ordinary(const PyParameter& parameter) {
  return parameter.kind != PyParamKind::VarPositional && parameter.kind != PyParamKind::VarKeyword &&
         parameter.name != "self" && parameter.name != "cls";
}

bool has_parameter(const std::vector<PyParameter>& parameters, const std::string& name) {
  return std::any_of(parameters.begin(), parameters.end(), [&](const PyParameter& p) { return p.name == name; });
}

std::string last_part(const std::string& callee) {
  const size_t dot = callee.rfind('.');
  return dot == std::string::npos ? callee : callee.substr(dot + 1);
}

}  // namespace

namespace {

// The `number` (new_line or old_line) of every line of `file` that `keep` accepts, sorted.
std::vector<int> sorted_lines(const FileView& file, bool (*keep)(const CodeLine&), int CodeLine::*number) {
  std::vector<int> out;
  for (const HunkView& hunk : file.hunks)
    for (const CodeLine& line : hunk.lines)
      if (keep(line)) out.push_back(line.*number);
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

std::vector<int> new_code_lines(const FileView& file) { return sorted_lines(file, is_new_code, &CodeLine::new_line); }
std::vector<int> deleted_code_lines(const FileView& file) {
  return sorted_lines(file, is_deleted_code, &CodeLine::old_line);
}

std::vector<PyFunctionPair> python_function_pairs(const FileView& file) {
  std::vector<PyFunctionPair> out;
  if (file.language != Language::Python) return out;
  const std::map<std::string, KeyedFunction> before = functions_by_key(base_trees(file));
  for (const auto& [key, after] : functions_by_key(head_trees(file))) {
    const auto old = before.find(key);
    out.push_back({after.part, after.function, old == before.end() ? nullptr : old->second.function});
  }
  return out;
}

std::vector<PySignatureChange> python_signature_changes(const FileView& file) {
  std::vector<PySignatureChange> out;
  if (file.language != Language::Python) return out;
  const std::vector<int> written = new_code_lines(file);
  const std::vector<int> deleted = deleted_code_lines(file);
  if (written.empty() && deleted.empty()) return out;
  for (const PyFunctionPair& pair : python_function_pairs(file)) {
    if (!pair.before) continue;
    const PyFunction& after = *pair.after;
    const PyFunction& before = *pair.before;
    if (!signature_touched(after, written) && !signature_touched(before, deleted)) continue;
    PySignatureChange change{&file, before, after, {}, {}, false};
    for (const PyParameter& parameter : before.parameters)
      if (ordinary(parameter) && !has_parameter(after.parameters, parameter.name)) change.removed.push_back(parameter.name);
    for (const PyParameter& parameter : after.parameters) {
      if (!has_parameter(before.parameters, parameter.name)) change.added.push_back(parameter);
      change.after_takes_kwargs |= parameter.kind == PyParamKind::VarKeyword;
    }
    if (!change.removed.empty() || !change.added.empty()) out.push_back(std::move(change));
  }
  return out;
}

const ast::PyFunction* head_function_at(const FileView& file, int header_line) {
  for (const ast::FileSyntax& part : head_trees(file).parts)
    for (const PyFunction& function : part.python().functions)
      if (function.header_line == header_line) return &function;
  return nullptr;
}

std::vector<WrittenCall> calls_the_pr_wrote(const ReviewModel& model) {
  std::vector<WrittenCall> out;
  for (const FileView& file : model.files) {
    if (file.language != Language::Python) continue;
    const std::vector<int> written = new_code_lines(file);
    if (written.empty()) continue;
    for (const ast::FileSyntax& part : head_trees(file).parts)
      for (const ast::PyCall& call : part.python().calls)
        if (contains_any(written, call.range.first, call.range.last)) out.push_back({&file, &call});
  }
  return out;
}

bool pr_writes_call_to(const std::vector<WrittenCall>& written, const std::string& name, const FileView& file,
                       ast::LineRange function) {
  for (const WrittenCall& written_call : written) {
    if (last_part(written_call.call->callee) != name) continue;
    if (written_call.file == &file && function.contains(written_call.call->line)) continue;
    return true;
  }
  return false;
}

bool pr_writes_call_to(const ReviewModel& model, const std::string& name, const FileView& file,
                       ast::LineRange function) {
  return pr_writes_call_to(calls_the_pr_wrote(model), name, file, function);
}

}  // namespace atom
