// B1 — a new if/elif/else dispatch where a parameter is forwarded on one branch and silently
// dropped on another (neither asserted nor forwarded there).
#include <cctype>
#include <memory>
#include <string_view>
#include <vector>
#include <re2/re2.h>
#include "core/analysis/before_parsing.h"
#include "core/analysis/diff_lines_by_side.h"
#include "core/analysis/file_trees.h"
#include "core/analysis/structure.h"
#include "core/rules/a/abc_support.h"
#include "core/rules/rule.h"

namespace atom {
namespace {

const RuleMeta& b1_meta() {
  static const RuleMeta meta = [] {
    RuleMeta m;
    m.id = "B1";
    m.slug = "gated-off-parameter";
    m.category = "B";
    m.default_severity = Severity::Red;
    m.summary = "A new dispatch branch silently drops a parameter the other branch forwards.";
    m.what =
        "For a new Python `if`/`elif`/`else` chain (its `if` line is added) inside a function whose signature "
        "the diff shows (not `__init__`), the rule looks at the parameters that change what a kernel computes: "
        "`block_table(s)`, `alibi_*`, `*window*`, `*soft_cap*`/`softcap`, `dropout*`, `sinks`, `causal`, "
        "`scale`/`*_scale`, `*mask*`. When one branch "
        "forwards the parameter to a call and another branch makes a call without it — no forwarding, no "
        "`assert`/`raise` on it, no test of it in its condition — that branch drops the parameter silently, "
        "provided it returns or raises, or the function is shown to its end and does not use the parameter after "
        "the chain (a branch that runs on may hand it to what follows). A chain that dispatches on the "
        "parameter's own feature is left alone: a condition names a distinctive word of it (`USE_ALIBI` for "
        "`alibi_slope`), or, for a scale, the chain picks a quantized path.\n"
        "Also, in a function whose whole body is shown: a new branch that makes a call and refuses some "
        "parameters (`assert bias is None`, `raise` on one) while such a parameter of the signature appears "
        "nowhere in the body — accepted, never forwarded, never refused. The finding sits on that parameter.";
    m.why =
        "The caller asked for a sliding window, a soft cap or a scale, and the new branch computes something "
        "else without a word: wrong output for exactly the configurations that set the parameter (aiter#3576).";
    m.example =
        "```python\nif self.use_triton:\n    return triton_paged_attention(q, k_cache, v_cache, block_table, seq_lens)  # window_size dropped\n"
        "else:\n    return aiter.paged_attention(q, k_cache, v_cache, block_table, seq_lens, window_size=window_size)\n```";
    m.must_not_fire =
        "The branch asserts on the parameter (`assert window_size is None`) or raises, forwards it, or tests it "
        "in its own condition; the branch runs on to code after the chain that uses it, or may (the function's "
        "end not shown); the chain tests the parameter's feature (`if USE_SLIDING_WINDOW:` for "
        "`WINDOW_SIZE_LEFT`; `if is_quantized_kv:` for `k_scale`); branches that make no call; chains that are "
        "not new; parameters no branch forwards.";
    m.source = "aiter#3576";
    m.messages = {
        {"dropped", "`{param}` is forwarded on another branch but silently dropped when `{branch}`",
         "Callers that set `{param}` get a result computed without it on this branch: wrong output for those "
         "configurations, with no error.",
         "forward `{param}` on this branch, or assert/raise when it is set and the branch cannot honour it.",
         "whether the branch `{branch}` can be reached with `{param}` set.",
         "`{param}` dropped when {branch}"},
        {"ignored", "`{param}` is accepted but neither forwarded nor refused when `{branch}`, which refuses "
                    "`{refused}`",
         "Callers that set `{param}` get a result computed as if it were unset: wrong output for those "
         "configurations, with no error.",
         "forward `{param}`, or refuse it (assert, or fall through to a path that supports it) like `{refused}`.",
         "whether `{param}` can be set when `{branch}` is taken.",
         "`{param}` ignored when {branch}"},
    };
    return m;
  }();
  return meta;
}

// Parameters that change what an attention/GEMM/MoE kernel computes: the ones a dispatch branch
// must forward or refuse (window, soft cap, ALiBi, block table, dropout, sinks, scales, masks).
bool dispatch_param(const std::string& name) {
  static const RE2 names(
      R"((?i)\w*window\w*|\w*soft_?cap\w*|alibi\w*|block_tables?|dropout\w*|sinks?|causal|\w*_scale|scale|\w*mask\w*)");
  return RE2::FullMatch(name, names);
}

// The lines of a branch's body: after its header, to its last line.
ast::LineRange body_of(const ast::PyBranch& branch) { return {branch.header_line + 1, branch.range.last}; }

// The line of the first call in `branch`'s body (a kernel/dispatch target), or 0.
int first_call(const ast::PythonSyntax& syntax, const ast::PyBranch& branch) {
  int first = 0;
  for (const ast::PyCall& call : syntax.calls)
    if (body_of(branch).contains(call.line) && (first == 0 || call.line < first)) first = call.line;
  return first;
}

// `param` used on `branch`: in its condition or any body line (forwarded, asserted, raised on).
bool branch_mentions(const HeadLines& lines, const ast::PyBranch& branch, const std::string& param) {
  static const RE2 refuses(R"(^\s*raise\b)");  // a branch that raises serves nobody silently
  if (has_identifier(branch.condition, param)) return true;
  for (int number = body_of(branch).first; number <= body_of(branch).last; ++number) {
    const CodeLine* line = lines.at(number);
    if (line && (RE2::PartialMatch(line->code, refuses) || has_identifier(line->code, param))) return true;
  }
  return false;
}

// `param` is passed as an argument (positional or keyword value) to a call somewhere in `branch`.
// A method call on the parameter (`b_scale.load_step(...)`) is not forwarding it: pipelined
// kernels read such loader objects on one branch and carried state on the other (aiter megamoe).
bool branch_forwards(const ast::PythonSyntax& syntax, const ast::PyBranch& branch, const std::string& param) {
  for (const ast::PyCall& call : syntax.calls) {
    if (!body_of(branch).contains(call.line)) continue;
    for (const ast::PyArgument& argument : call.arguments)
      if (argument.text == param) return true;
  }
  return false;
}

// `name` appears in the body of `function` (as code, or inside an f-string's {...}).
bool used_in_body(const syntax::SyntaxTree& tree, const ast::PyFunction& function, const std::string& name) {
  bool used = false;
  syntax::walk(tree.root(), [&](syntax::Node node) {
    if (used || tree.end_line(node) < function.body.first || tree.start_line(node) > function.body.last) return false;
    if (node.kind() == "identifier" && tree.text(node) == name && function.body.contains(tree.start_line(node))) used = true;
    return !used;
  });
  return used;
}

// A def whose every code line in view is added: its body cannot continue past the hunk (a new
// function's lines are consecutive additions), so the body in view is the whole body. Blank
// and comment lines do not count: the blank line ending a file is context after a new last def.
bool wholly_added(const HeadLines& lines, const ast::PyFunction& def) {
  for (int number = def.header_line; number <= def.range.last; ++number) {
    const CodeLine* line = lines.at(number);
    if (line && line->kind != LineKind::Added && !line->blank_or_comment) return false;
  }
  return true;
}

// The branch's last statement at its own indentation returns or raises: control cannot run on
// past the chain to a later use of the parameter.
bool branch_ends_the_function(const HeadLines& lines, const ast::PyBranch& branch) {
  static const RE2 leaves(R"(^\s*(?:return|raise)\b)");
  int body_indent = -1;
  const CodeLine* last = nullptr;
  for (int number = body_of(branch).first; number <= body_of(branch).last; ++number) {
    const CodeLine* line = lines.at(number);
    if (!line || line->blank_or_comment || line->continuation || line->in_docstring) continue;
    if (body_indent < 0) body_indent = line->indent;
    if (line->indent == body_indent) last = line;
  }
  return last != nullptr && RE2::PartialMatch(last->code, leaves);
}

// `param` is used on a line of `def` after the chain (shown in the view).
bool used_after_chain(const HeadLines& lines, const ast::PyFunction& def, const ast::PyIfChain& chain, const std::string& param) {
  for (int number = chain.range.last + 1; number <= def.range.last; ++number) {
    const CodeLine* line = lines.at(number);
    if (line && has_identifier(line->code, param)) return true;
  }
  return false;
}

// The lower-case words of an identifier (`USE_SLIDING_WINDOW` → use, sliding, window).
std::vector<std::string> words_of(std::string_view identifier) {
  std::vector<std::string> words(1);
  for (const char c : identifier) {
    if (c == '_' || c == '.') {
      if (!words.back().empty()) words.emplace_back();
    } else {
      words.back() += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
  }
  if (words.back().empty()) words.pop_back();
  return words;
}

// The chain dispatches on the parameter's own feature, so a branch without the parameter is the
// one where the feature is off: a condition names a distinctive word of the parameter
// (`USE_ALIBI` for `alibi_slope`, `USE_SLIDING_WINDOW` for `WINDOW_SIZE_LEFT`), or, for a scale,
// the chain picks a quantized path (`is_quantized_kv`, `kv_fp8`, `inline_quant`): a scale has
// nothing to scale where nothing is quantized.
bool chain_gates_the_feature(const ast::PyIfChain& chain, const std::string& param) {
  static const RE2 generic(R"(use|has|is|size|left|right|max|min|num|scale|mask|enable|enabled|flag|kv|q|k|v)");
  static const RE2 quantized(R"((?i)quant|fp8|fp4|int8|int4|mxfp|_mx|dtype)");
  static const RE2 scale(R"((?i)(?:^|_)scales?$)");
  std::string conditions;
  for (const ast::PyBranch& branch : chain.branches) conditions += branch.condition + "\n";
  std::string lowered;
  for (const char c : conditions) lowered += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (const std::string& word : words_of(param)) {
    if (word.size() < 4 || RE2::FullMatch(word, generic)) continue;
    if (lowered.find(word) != std::string::npos) return true;
  }
  return RE2::PartialMatch(param, scale) && RE2::PartialMatch(conditions, quantized);
}

std::string branch_label(const ast::PyIfChain& chain, const ast::PyBranch& branch) {
  if (branch.keyword != "else") return branch.keyword + " " + branch.condition;
  std::string negated;
  for (const ast::PyBranch& other : chain.branches)
    if (other.keyword != "else") negated += (negated.empty() ? "" : " and ") + std::string("not (") + other.condition + ")";
  return "else (" + negated + ")";
}

bool variadic(const ast::PyParameter& param) {
  return param.kind == ast::PyParamKind::VarPositional || param.kind == ast::PyParamKind::VarKeyword;
}

class B1GatedOffParam final : public Rule {
 public:
  const RuleMeta& meta() const override { return b1_meta(); }

  void check(const ReviewModel& model, std::vector<Finding>& out) const override {
    for (const FileView& file : model.files) {
      if (file.language != Language::Python || file.is_test || !writes_line_starting(file, "if")) continue;
      const HeadLines lines(file);
      for (const ast::FileSyntax& part : head_trees(file).parts) {
        const ast::PythonSyntax& syntax = part.python();
        for (const ast::PyIfChain& chain : syntax.if_chains) {
          if (!lines.new_code(chain.range.first)) continue;
          const ast::PyFunction* def = ast::function_at(syntax, chain.range.first);
          if (!def || def->name == "__init__") continue;  // construction, not dispatch
          const Chain in_view{file, lines, part, *def, chain};
          check_chain(in_view, out);
          check_refusals(in_view, out);
        }
      }
    }
  }

 private:
  struct Chain {
    const FileView& file;
    const HeadLines& lines;
    const ast::FileSyntax& part;
    const ast::PyFunction& def;
    const ast::PyIfChain& chain;
    // The last branch may run on past a fragment's end; the others end where the next begins.
    bool complete(const ast::PyBranch& branch) const {
      return &branch != &chain.branches.back() || shows_end_of(part, chain.range);
    }
  };

  static void check_chain(const Chain& in_view, std::vector<Finding>& out) {
    const ast::PyIfChain& chain = in_view.chain;
    const ast::PythonSyntax& syntax = in_view.part.python();
    if (chain.branches.size() < 2) return;
    for (const ast::PyParameter& param : in_view.def.parameters) {
      if (variadic(param) || param.name == "self" || param.name == "cls") continue;
      if (!dispatch_param(param.name)) continue;
      bool forwarded_somewhere = false;
      for (const ast::PyBranch& branch : chain.branches)
        forwarded_somewhere = forwarded_somewhere || branch_forwards(syntax, branch, param.name);
      if (!forwarded_somewhere || chain_gates_the_feature(chain, param.name)) continue;
      // A branch that runs on past the chain may hand the parameter to what follows; only a def
      // shown to its end can say it does not.
      const bool end_shown = shows_end_of(in_view.part, {in_view.def.header_line, in_view.def.range.last}) ||
                             wholly_added(in_view.lines, in_view.def);
      for (const ast::PyBranch& branch : chain.branches) {
        if (!in_view.complete(branch) || branch_mentions(in_view.lines, branch, param.name)) continue;
        if (!branch_ends_the_function(in_view.lines, branch) &&
            (!end_shown || used_after_chain(in_view.lines, in_view.def, chain, param.name)))
          continue;
        const CodeLine* call = in_view.lines.at(first_call(syntax, branch));
        if (!call) continue;
        const std::string label = branch_label(chain, branch);
        Finding finding = abc::line_finding("B1", Severity::Red, in_view.file, *call, "dropped",
                                            {{"param", param.name}, {"branch", abc::clip(label)}});
        finding.trigger.emplace();  // its words: the message's, from the fields
        out.push_back(std::move(finding));
        break;
      }
    }
  }

  // A calling branch that refuses some parameters (assert/raise naming them) makes its silence
  // about another dispatch parameter, one the whole body never mentions, a choice to ignore it.
  static void check_refusals(const Chain& in_view, std::vector<Finding>& out) {
    // `assert bias is None`, `assert not deterministic`, `assert dropout_p == 0.0`: a feature refused.
    static const RE2 refusal(
        R"(^\s*assert\s+(?:not\s+(\w+)|(\w+)\s+is\s+None|(\w+)\s*==\s*(?:0|0\.0|False|None))\s*(?:,|$))");
    const ast::PyFunction& def = in_view.def;
    const HeadLines& lines = in_view.lines;
    if (!shows_end_of(in_view.part, {def.header_line, def.range.last}) && !wholly_added(lines, def)) return;
    for (const ast::PyBranch& branch : in_view.chain.branches) {
      if (!in_view.complete(branch) || first_call(in_view.part.python(), branch) == 0) continue;
      std::string refused;
      for (int number = body_of(branch).first; number <= body_of(branch).last; ++number) {
        const CodeLine* line = lines.at(number);
        std::string negated, none, zero;
        if (!line || !RE2::PartialMatch(line->code, refusal, &negated, &none, &zero)) continue;
        const std::string name = negated + none + zero;
        for (const ast::PyParameter& param : def.parameters)
          if (param.name == name && !has_identifier(refused, name)) refused += (refused.empty() ? "" : ", ") + name;
      }
      if (refused.empty()) continue;
      const std::string label = branch_label(in_view.chain, branch);
      for (const ast::PyParameter& param : def.parameters) {
        if (variadic(param) || !dispatch_param(param.name)) continue;
        const CodeLine* declared = lines.at(param.line);
        if (!declared || declared->kind != LineKind::Added || used_in_body(in_view.part.tree, def, param.name)) continue;
        Finding finding = abc::line_finding("B1", Severity::Red, in_view.file, *declared, "ignored",
                                            {{"param", param.name}, {"branch", abc::clip(label)}, {"refused", abc::clip(refused)}});
        finding.trigger.emplace();
        out.push_back(std::move(finding));
      }
      return;
    }
  }
};

}  // namespace

std::unique_ptr<Rule> make_b1_gated_off_param() { return std::make_unique<B1GatedOffParam>(); }

}  // namespace atom
