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
        "`.contiguous()` on the argument; an `is_contiguous()` assert or check in the function. The "
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

class D8Rule : public Rule {
 public:
  const RuleMeta& meta() const override { return kMeta; }

  void check(const ReviewModel& model, std::vector<Finding>& out) const override {
    for (const FileView& file : model.files) {
      if (file.language != Language::Python || file.is_test) continue;
      std::set<std::string> imported = aiter_imported_names(file);
      for (const dg::FunctionSlice& slice : dg::new_side_functions(file)) check_function(file, slice, imported, out);
    }
  }

 private:
  void check_function(const FileView& file, const dg::FunctionSlice& slice, const std::set<std::string>& imported,
                      std::vector<Finding>& out) const {
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
        std::string reason = dg::strided_reason(statement.substr(eq + 1));
        if (!reason.empty()) strided_locals[bound[0]] = reason;
        else strided_locals.erase(bound[0]);
      }
      if (added) check_calls(file, *lines[i], statement, imported, strided_locals, checked_text, out);
      i = end;
    }
  }

  void check_calls(const FileView& file, const CodeLine& line, const std::string& statement,
                   const std::set<std::string>& imported, const std::map<std::string, std::string>& strided_locals,
                   const std::string& checked_text, std::vector<Finding>& out) const {
    static const RE2 kCallee(R"(((?:\baiter|\btorch\.ops\.\w+)\.[\w.]+|\b[A-Za-z_]\w*)\()");
    re2::StringPiece input(statement);
    std::string callee;
    while (RE2::FindAndConsume(&input, kCallee, &callee)) {
      bool kernel = callee.rfind("aiter.", 0) == 0 || callee.rfind("torch.ops.", 0) == 0 || imported.count(callee);
      if (!kernel) continue;
      size_t open = static_cast<size_t>(input.data() - statement.data()) - 1;
      for (const std::string& argument : call_arguments(statement, open)) {
        std::string reason = dg::strided_reason(argument);
        if (reason.empty() && strided_locals.count(argument)) reason = strided_locals.at(argument);
        if (reason.empty() || dg::has_name(checked_text, argument)) continue;
        Finding finding = dg::finding_at("D8", file, line, "strided-argument",
                                         {{"callee", callee}, {"argument", argument}, {"why_strided", reason}});
        finding.tag = Tag::Inferred;
        dg::add_unique(out, std::move(finding));
      }
    }
  }
};

}  // namespace

std::unique_ptr<Rule> make_d8_strided_input_to_kernel() { return std::make_unique<D8Rule>(); }

}  // namespace atom
