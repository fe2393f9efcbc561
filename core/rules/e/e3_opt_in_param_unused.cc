// E3: a new parameter whose default keeps the old behaviour, passed by no caller in the diff.
#include <algorithm>
#include <memory>
#include <optional>
#include <re2/re2.h>

#include "core/analysis/file_trees.h"
#include "core/analysis/review_model.h"
#include "core/analysis/signature_changes.h"
#include "core/rules/rule.h"
#include "core/rules/finding_at.h"

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
        "A call the PR wrote passes the new parameter (by keyword or position), or the PR writes it as a string "
        "key (a launch-kwargs dict `{\"BLOCK_M\": …}`); the base already had the parameter (read from both "
        "sides' syntax trees, so a moved or reflowed def is no gain); the parameter has no default "
        "(every caller must change, which B5 covers); `*args`/`**kwargs`; fakes and meta functions, which "
        "mirror the real op, and Triton/Gluon kernels, filled by their launcher; a def nested in a def; "
        "tests. The finding is "
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

// Whether `param=` at byte `at` of `part` sits where the parser lost the structure (under an ERROR
// node) and not in a def's parameter list: a keyword argument of a call the cut hid.
bool keyword_in_lost_call(const ast::FileSyntax& part, size_t at, size_t length) {
  for (syntax::Node node = part.tree.root().descendant_for_bytes(static_cast<uint32_t>(at), static_cast<uint32_t>(at + length));
       !node.null(); node = node.parent()) {
    if (node.kind() == "parameters" || node.kind() == "lambda_parameters") return false;
    if (node.is_error()) return true;
  }
  return false;
}

// A new line outside the function whose `param=` the parser could only leave in an error: in a
// fragment cut inside a call, error recovery may drop the call the PR wrote.
bool keyword_in_a_call_the_parser_lost(const ReviewModel& model, const PySignatureChange& change,
                                       const std::string& param) {
  const RE2 keyword_argument("(?:^|[(,])\\s*(" + RE2::QuoteMeta(param) + ")=[^=]");
  for (const FileView& file : model.files) {
    if (file.language != Language::Python) continue;
    for (const ast::FileSyntax& part : head_trees(file).parts) {
      if (part.error_count() == 0) continue;
      for (const HunkView& hunk : file.hunks)
        for (const CodeLine& line : hunk.lines) {
          if (!is_new_code(line) || !line.diff || line.new_line < part.first_line || line.new_line > part.last_line) continue;
          if (&file == change.file && change.after.range.contains(line.new_line)) continue;
          re2::StringPiece name;
          if (!RE2::PartialMatch(line.diff->text, keyword_argument, &name)) continue;
          const size_t at = part.tree.line_start(line.new_line) + static_cast<size_t>(name.data() - line.diff->text.data());
          if (keyword_in_lost_call(part, at, name.size())) return true;
        }
    }
  }
  return false;
}

// Whether a call the PR wrote outside the function passes the parameter: by keyword, by
// position (`position` counts from 0, without self/cls), or as a string key of a dict the PR
// wrote (`launch(**{"BLOCK_M": block_m})`, `kwargs["BLOCK_M"] = …`), read from the head trees.
bool passed_somewhere(const ReviewModel& model, const std::vector<WrittenCall>& written, const PySignatureChange& change,
                      const std::string& param, int position) {
  for (const WrittenCall& written_call : written) {
    const ast::PyCall& call = *written_call.call;
    if (written_call.file == change.file && change.after.range.contains(call.line)) continue;
    const size_t dot = call.callee.rfind('.');
    const bool same_name = call.callee.substr(dot == std::string::npos ? 0 : dot + 1) == change.after.name;
    int positional = 0;
    for (const ast::PyArgument& argument : call.arguments) {
      if (argument.keyword == param) return true;
      if (argument.keyword.empty() && argument.text.rfind('*', 0) != 0) ++positional;
    }
    if (same_name && positional > position) return true;
  }
  const RE2 quoted("[\"']" + RE2::QuoteMeta(param) + "[\"']");
  for (const FileView& file : model.files) {
    if (file.language != Language::Python) continue;
    for (const HunkView& hunk : file.hunks)
      for (const CodeLine& line : hunk.lines)
        if (is_new_code(line) && line.diff && RE2::PartialMatch(line.diff->text, quoted)) return true;
  }
  return keyword_in_a_call_the_parser_lost(model, change, param);
}

// Signatures another thing dictates: fakes and meta functions mirror the real op; a Triton or
// Gluon kernel's parameters are filled by its launcher's keyword dict.
bool signature_imposed(const ast::PyFunction& function) {
  static const RE2 mirror_name(R"((?i).*(?:fake|meta|abstract).*)");
  static const RE2 imposing(R"(^(?:triton\.|gluon\.|tl\.|(?:torch\.library\.)?register_fake|\w*impl_abstract|(?:abc\.)?abstractmethod|(?:typing\.)?overload))");
  if (RE2::FullMatch(function.name, mirror_name)) return true;
  for (const ast::PyDecorator& decorator : function.decorators)
    if (RE2::PartialMatch(decorator.callee, imposing)) return true;
  return false;
}

class E3Rule : public Rule {
 public:
  const RuleMeta& meta() const override { return kMeta; }

  void check(const ReviewModel& model, std::vector<Finding>& out) const override {
    std::optional<std::vector<WrittenCall>> written;  // found when a signature gained a parameter
    for (const FileView& file : model.files) {
      if (file.is_test) continue;
      for (const PySignatureChange& change : python_signature_changes(file)) {
        if (change.after.nesting == ast::PyNesting::Nested || signature_imposed(change.after)) continue;
        int position = -1;
        for (const ast::PyParameter& param : change.after.parameters) {
          if (param.name != "self" && param.name != "cls") ++position;
          if (!param.has_default || param.kind == ast::PyParamKind::VarPositional ||
              param.kind == ast::PyParamKind::VarKeyword)
            continue;
          const bool gained = std::any_of(change.added.begin(), change.added.end(),
                                          [&](const ast::PyParameter& p) { return p.name == param.name; });
          if (!gained) continue;
          if (!written) written = calls_the_pr_wrote(model);
          if (passed_somewhere(model, *written, change, param.name, position)) continue;
          out.push_back(finding_at("E3", Severity::Note, Tag::Inferred, file, change.after.header_line, "unused-opt-in",
                                   {{"function", change.after.name}, {"param", param.name}}));
        }
      }
    }
  }
};

}  // namespace

std::unique_ptr<Rule> make_e3_opt_in_param_unused() { return std::make_unique<E3Rule>(); }

}  // namespace atom
