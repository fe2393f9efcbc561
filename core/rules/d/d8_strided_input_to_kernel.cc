// D8: a new aiter / C-extension kernel call fed a strided view with no .contiguous() or check.
#include <memory>
#include <set>
#include <re2/re2.h>

#include "core/analysis/review_model.h"
#include "core/rules/d/dg_support.h"
#include "core/rules/d/python_chain.h"
#include "core/rules/rule.h"

namespace atom {
namespace {

const RuleMeta kMeta{
    .id = "D8",
    .slug = "strided-input-to-kernel",
    .category = "D",
    .default_severity = Severity::Warn,
    .summary = "A new aiter/C-extension kernel call receives a strided view with no `.contiguous()` "
               "or contiguity check.",
    .what =
        "Finds a new call into an aiter or extension kernel (`aiter.x(…)`, `torch.ops.<ns>.x(…)`, "
        "or a name imported from aiter) where an argument is a strided view — a slice on a "
        "non-leading dimension (`x[:, :d]`, `x[..., :d]`), `.T`, `.mT`, `.t()`, `.transpose(`, "
        "`.permute(`, `.narrow(`, `.expand(`, `.unfold(`, `.as_strided(` — directly or through a "
        "local variable bound to one, with no `.contiguous()` on it and no `is_contiguous()` "
        "check in the function.",
    .why =
        "Hand-written kernels often index with their own stride assumptions (row-major, last "
        "dimension contiguous). A view with a different stride reads the wrong elements: silent "
        "wrong output, not a crash.",
    .example =
        "```python\nq_nope = q[..., : self.kv_lora_rank]\naiter.mla_decode_fwd(q_nope, kv_cache, out)   # strided q_nope\n```\n"
        "Use instead: `q_nope.contiguous()`, or assert `q_nope.is_contiguous()` where the kernel "
        "handles strides.",
    .must_not_fire =
        "A slice on the leading dimension only (`x[:n]`, `x[0, :d]`), which stays contiguous; "
        "`.contiguous()` on the argument, or a later `.reshape(`/`.flatten(`/`.clone()` in the same chain; an "
        "`is_contiguous()` assert or check in the function; the same kernel already received the same argument in a "
        "statement the PR deleted from the same function (it only edited around the call); aiter's test and "
        "benchmark tree `op_tests/`. The "
        "finding is inferred: whether the kernel honours strides is in its source, not in the diff.",
    .source = "checklist v2 (no single source PR)",
    .messages = {{
        .id = "strided-argument",
        .problem = "`{callee}` receives `{argument}`, a strided view ({why_strided}), with no `.contiguous()` "
                   "or contiguity check",
        .impact = "if the kernel assumes a contiguous layout it reads the wrong elements: silent wrong output",
        .action_verified = "call `.contiguous()` on `{argument}` or assert `is_contiguous()` where the kernel "
                           "handles strides",
        .action_inferred = "whether `{callee}` handles a strided `{argument}` ({why_strided}), or whether the "
                           "author should pass `.contiguous()`",
    }},
    .line_patterns = {},
};

// Top-level arguments of the call whose '(' is at `open` in `text`.
std::vector<std::string> call_arguments(const std::string& text, size_t open) {
  std::vector<std::string> arguments;
  int depth = 0;
  std::string current;
  for (size_t i = open; i < text.size(); ++i) {
    char c = text[i];
    if (c == '(' || c == '[' || c == '{') {
      if (depth++ == 0) continue;
    } else if (c == ')' || c == ']' || c == '}') {
      if (--depth == 0) {
        arguments.emplace_back(dg::trim(current));
        break;
      }
    } else if (c == ',' && depth == 1) {
      arguments.emplace_back(dg::trim(current));
      current.clear();
      continue;
    }
    current += c;
  }
  for (std::string& argument : arguments) {  // keyword arguments: keep the value
    size_t eq = argument.find('=');
    if (eq != std::string::npos && eq + 1 < argument.size() && argument[eq + 1] != '=' &&
        RE2::FullMatch(argument.substr(0, eq), R"(\s*\w+\s*)"))
      argument = std::string(dg::trim(argument.substr(eq + 1)));
  }
  return arguments;
}

std::set<std::string> aiter_imported_names(const FileView& file) {
  static const RE2 kFromAiter(R"(^\s*from\s+aiter(\.[\w.]+)?\s+import\s)");
  std::set<std::string> names;
  std::vector<const CodeLine*> lines = dg::new_side_lines(file);
  for (size_t i = 0; i < lines.size(); ++i) {
    if (!dg::is_statement_start(*lines[i])) continue;
    size_t end = i;
    std::string statement = dg::statement_text(lines, i, &end);
    if (RE2::PartialMatch(statement, kFromAiter))
      for (std::string& name : dg::python_bound_names(statement)) names.insert(std::move(name));
    i = end;
  }
  return names;
}

// Why `expression` is a strided view, or "" — also when a later `.reshape(`/`.flatten(`/`.clone()`
// in the same chain hands the kernel a fresh tensor.
std::string strided_after_chain(const std::string& expression) {
  const std::string reason = dg::strided_reason(expression);
  if (reason.empty()) return reason;
  const size_t at = expression.find(reason);
  for (const char* fresh : {".reshape(", ".flatten(", ".clone()"})
    if (at != std::string::npos && expression.find(fresh, at) != std::string::npos) return {};
  return reason;
}

// "function\ncallee\nargument" of every kernel call the PR deleted: a call the base already made
// with the same argument is not new when only the statement around it changed.
using CallKeys = std::set<std::string>;

std::string call_key(const std::string& function, const std::string& callee, const std::string& argument) {
  return function + "\n" + callee + "\n" + argument;
}

// aiter's op_tests/ holds tests and benchmark scripts: no user runs its kernel calls.
bool test_tree(const std::string& path) { return path.rfind("op_tests/", 0) == 0; }

class D8Rule : public Rule {
 public:
  const RuleMeta& meta() const override { return kMeta; }

  void check(const ReviewModel& model, std::vector<Finding>& out) const override {
    for (const FileView& file : model.files) {
      if (file.language != Language::Python || file.is_test || test_tree(file.path)) continue;
      std::set<std::string> imported = aiter_imported_names(file);
      const CallKeys deleted = deleted_calls(file, imported);
      for (const dg::FunctionSlice& slice : dg::new_side_functions(file))
        check_function(file, slice, imported, deleted, out);
    }
  }

 private:
  static bool is_kernel(const std::string& callee, const std::set<std::string>& imported) {
    return callee.rfind("aiter.", 0) == 0 || callee.rfind("torch.ops.", 0) == 0 || imported.count(callee) > 0;
  }

  template <typename Visit>
  static void kernel_calls(const std::string& statement, const std::set<std::string>& imported, Visit visit) {
    static const RE2 kCallee(R"(((?:\baiter|\btorch\.ops\.\w+)\.[\w.]+|\b[A-Za-z_]\w*)\()");
    re2::StringPiece input(statement);
    std::string callee;
    while (RE2::FindAndConsume(&input, kCallee, &callee)) {
      if (!is_kernel(callee, imported)) continue;
      size_t open = static_cast<size_t>(input.data() - statement.data()) - 1;
      for (const std::string& argument : call_arguments(statement, open)) visit(callee, argument);
    }
  }

  static CallKeys deleted_calls(const FileView& file, const std::set<std::string>& imported) {
    CallKeys keys;
    const std::vector<const CodeLine*> lines = dg::old_side_lines(file);
    for (size_t i = 0; i < lines.size(); ++i) {
      if (!dg::is_statement_start(*lines[i])) continue;
      size_t end = i;
      const std::string statement = dg::statement_text(lines, i, &end);
      bool deleted = false;
      for (size_t k = i; k <= end; ++k) deleted |= lines[k]->kind == LineKind::Removed;
      if (deleted)
        kernel_calls(statement, imported, [&](const std::string& callee, const std::string& argument) {
          keys.insert(call_key(lines[i]->function, callee, argument));
        });
      i = end;
    }
    return keys;
  }

  void check_function(const FileView& file, const dg::FunctionSlice& slice, const std::set<std::string>& imported,
                      const CallKeys& deleted, std::vector<Finding>& out) const {
    const auto& lines = slice.lines;
    std::map<std::string, std::string> strided_locals;  // local name → why it is strided
    std::string checked_text;                            // every line with is_contiguous / .contiguous()
    for (const CodeLine* line : lines)
      if (line->code.find("is_contiguous") != std::string::npos) checked_text += line->code + "\n";
    for (size_t i = 0; i < lines.size(); ++i) {
      if (!dg::is_statement_start(*lines[i])) continue;
      size_t end = i;
      std::string statement = dg::statement_text(lines, i, &end);
      bool added = false;
      for (size_t k = i; k <= end; ++k) added |= is_new_code(*lines[k]);
      std::vector<std::string> bound = dg::python_bound_names(statement);
      size_t eq = statement.find('=');
      if (bound.size() == 1 && eq != std::string::npos) {
        std::string reason = strided_after_chain(statement.substr(eq + 1));
        if (!reason.empty()) strided_locals[bound[0]] = reason;
        else strided_locals.erase(bound[0]);
      }
      if (added) check_calls(file, slice.function, *lines[i], statement, imported, strided_locals, checked_text, deleted, out);
      i = end;
    }
  }

  void check_calls(const FileView& file, const std::string& function, const CodeLine& line, const std::string& statement,
                   const std::set<std::string>& imported, const std::map<std::string, std::string>& strided_locals,
                   const std::string& checked_text, const CallKeys& deleted, std::vector<Finding>& out) const {
    kernel_calls(statement, imported, [&](const std::string& callee, const std::string& argument) {
      std::string reason = strided_after_chain(argument);
      if (reason.empty() && strided_locals.count(argument)) reason = strided_locals.at(argument);
      if (reason.empty() || dg::has_name(checked_text, argument)) return;
      if (deleted.count(call_key(function, callee, argument))) return;  // the base made this call already
      Finding finding = dg::finding_at("D8", file, line, "strided-argument",
                                       {{"callee", callee}, {"argument", argument}, {"why_strided", reason}});
      finding.tag = Tag::Inferred;
      dg::add_unique(out, std::move(finding));
    });
  }
};

}  // namespace

std::unique_ptr<Rule> make_d8_strided_input_to_kernel() { return std::make_unique<D8Rule>(); }

}  // namespace atom
