// E3: a new parameter whose default keeps the old behaviour, passed by no caller in the diff.
#include <algorithm>
#include <memory>
#include <re2/re2.h>

#include "core/analysis/review_model.h"
#include "core/rules/d/dg_support.h"
#include "core/rules/e/signature_changes.h"
#include "core/rules/rule.h"

namespace atom {
namespace {

const RuleMeta kMeta{
    .id = "E3",
    .slug = "opt-in-param-without-consumer",
    .category = "E",
    .default_severity = Severity::Note,
    .summary = "A new parameter with a default that keeps the old behaviour, and no caller in the PR "
               "passes it.",
    .what =
        "Finds an existing Python function whose signature gains a parameter with a default "
        "value, where no added line anywhere in the diff passes that parameter by keyword.",
    .why =
        "A fix or feature behind an opt-in parameter is dead code until some consumer passes it: "
        "the PR can claim the fix while every real call site still runs the old path (aiter#3773). "
        "Someone has to update the consumer, and the PR should say who.",
    .example =
        "```python\n-def fused_moe(x, w1, w2, topk_ids):\n+def fused_moe(x, w1, w2, topk_ids, use_fixed_padding=False):\n```\n"
        "with no call passing `use_fixed_padding=True`.",
    .must_not_fire =
        "A call in the diff passes the new parameter (by keyword or position); the parameter has no default "
        "(every caller must change, which B5 covers); `*args`/`**kwargs`; tests. The finding is "
        "inferred: consumers outside the diff may pass it.",
    .source = "aiter#3773",
    .messages = {{
        .id = "unused-opt-in",
        .problem = "`{function}` gains `{param}` with a default that keeps the old behaviour, and no call in "
                   "the PR passes it",
        .impact = "the new behaviour stays off for every existing caller: the fix is dead until a consumer "
                  "opts in",
        .action_verified = "pass `{param}` from the consumer that needs it, or name the follow-up that will",
        .action_inferred = "who updates the consumers of `{function}` to pass `{param}`, and when",
    }},
    .line_patterns = {},
};

// Number of positional arguments of the first call to `function` in `statement` (-1: no call).
int positional_arguments(const std::string& statement, const std::string& function) {
  RE2 call("(^|[^\\w])" + RE2::QuoteMeta(function) + "\\(");
  re2::StringPiece input(statement);
  if (!RE2::FindAndConsume(&input, call)) return -1;
  static const RE2 kKeyword(R"(^\s*\*{0,2}\w+\s*=[^=])");
  int depth = 1, count = 0;
  std::string current;
  for (size_t i = static_cast<size_t>(input.data() - statement.data()); i < statement.size() && depth > 0; ++i) {
    char c = statement[i];
    if (c == '(' || c == '[' || c == '{') ++depth;
    if (c == ')' || c == ']' || c == '}') --depth;
    if ((c == ',' && depth == 1) || depth == 0) {
      if (!dg::trim(current).empty() && !RE2::PartialMatch(current, kKeyword)) ++count;
      current.clear();
      continue;
    }
    current += c;
  }
  return count;
}

// Whether a new or changed statement outside the signature passes the parameter, by keyword
// or by position (`position` counts from 0, without self/cls).
bool passed_somewhere(const ReviewModel& model, const dg::SignatureChange& change, const std::string& param,
                      int position) {
  RE2 keyword("(^|[(,\\s])" + RE2::QuoteMeta(param) + "\\s*=[^=]");
  for (const FileView& file : model.files) {
    std::vector<const CodeLine*> lines = dg::new_side_lines(file);
    for (size_t i = 0; i < lines.size(); ++i) {
      size_t end = i;
      std::string statement = dg::statement_text(lines, i, &end);
      bool added = false, in_signature = false;
      for (size_t k = i; k <= end; ++k) {
        added |= is_new_code(*lines[k]);
        in_signature |= std::find(change.new_signature.begin(), change.new_signature.end(), lines[k]) !=
                        change.new_signature.end();
      }
      i = end;
      if (!added || in_signature) continue;
      if (RE2::PartialMatch(statement, keyword) || positional_arguments(statement, change.name) > position) return true;
    }
  }
  return false;
}

class E3Rule : public Rule {
 public:
  const RuleMeta& meta() const override { return kMeta; }

  void check(const ReviewModel& model, std::vector<Finding>& out) const override {
    for (const FileView& file : model.files) {
      if (file.is_test) continue;
      for (const dg::SignatureChange& change : dg::signature_changes(file)) {
        int position = -1;
        for (const dg::Param& param : change.new_params) {
          if (param.name != "self" && param.name != "cls") ++position;
          if (!param.has_default || param.name.empty() || param.name[0] == '*') continue;
          if (dg::has_param(change.old_params, param.name)) continue;
          if (passed_somewhere(model, change, param.name, position)) continue;
          Finding finding = dg::finding_at("E3", file, *change.new_def, "unused-opt-in",
                                           {{"function", change.name}, {"param", param.name}});
          finding.severity = Severity::Note;
          finding.tag = Tag::Inferred;
          dg::add_unique(out, std::move(finding));
        }
      }
    }
  }
};

}  // namespace

std::unique_ptr<Rule> make_e3_opt_in_param_unused() { return std::make_unique<E3Rule>(); }

}  // namespace atom
