// B1 — a new if/elif/else dispatch where a parameter is forwarded on one branch and silently
// dropped on another (neither asserted nor forwarded there).
#include <memory>
#include <re2/re2.h>
#include "core/analysis/python_structure.h"
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
        "`assert`/`raise` on it, no test of it in its condition — that branch drops the parameter silently.\n"
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
        "in its own condition; branches that make no call; chains that are not new; parameters no branch "
        "forwards.";
    m.source = "aiter#3576";
    m.messages = {
        {"dropped", "`{param}` is forwarded on another branch but silently dropped when `{branch}`",
         "Callers that set `{param}` get a result computed without it on this branch: wrong output for those "
         "configurations, with no error.",
         "forward `{param}` on this branch, or assert/raise when it is set and the branch cannot honour it.",
         "whether the branch `{branch}` can be reached with `{param}` set."},
        {"ignored", "`{param}` is accepted but neither forwarded nor refused when `{branch}`, which refuses "
                    "`{refused}`",
         "Callers that set `{param}` get a result computed as if it were unset: wrong output for those "
         "configurations, with no error.",
         "forward `{param}`, or refuse it (assert, or fall through to a path that supports it) like `{refused}`.",
         "whether `{param}` can be set when `{branch}` is taken."},
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

// Whether any body line of `branch` is a call (a kernel/dispatch target).
const CodeLine* first_call(const SideLines& lines, const PyBranch& branch) {
  static const RE2 call(R"(\w\s*\()");
  for (size_t index : branch.body)
    if (RE2::PartialMatch(lines[index]->code, call)) return lines[index];
  return nullptr;
}

// `param` used on `branch`: in its condition or any body line (forwarded, asserted, raised on).
bool branch_mentions(const SideLines& lines, const PyBranch& branch, const std::string& param) {
  static const RE2 refuses(R"(^\s*raise\b)");  // a branch that raises serves nobody silently
  if (has_identifier(branch.condition, param)) return true;
  for (size_t index : branch.body) {
    if (RE2::PartialMatch(lines[index]->code, refuses)) return true;
    const size_t start = abc::statement_start(lines, index);
    if (has_identifier(abc::joined_statement(lines, start), param)) return true;
  }
  return false;
}

// `param` is passed as an argument (positional or keyword value) to a call somewhere in `branch`.
// A method call on the parameter (`b_scale.load_step(...)`) is not forwarding it: pipelined
// kernels read such loader objects on one branch and carried state on the other (aiter megamoe).
bool branch_forwards(const SideLines& lines, const PyBranch& branch, const std::string& param) {
  const RE2 as_argument("[(,=]\\s*" + RE2::QuoteMeta(param) + "\\s*[,)]");
  for (size_t index : branch.body) {
    const std::string statement = abc::joined_statement(lines, abc::statement_start(lines, index));
    if (RE2::PartialMatch(statement, as_argument)) return true;
  }
  return false;
}

std::string branch_label(const PyIfChain& chain, const PyBranch& branch) {
  if (branch.keyword != "else") return branch.keyword + " " + branch.condition;
  std::string negated;
  for (const PyBranch& other : chain.branches)
    if (other.keyword != "else") negated += (negated.empty() ? "" : " and ") + std::string("not (") + other.condition + ")";
  return "else (" + negated + ")";
}

class B1GatedOffParam final : public Rule {
 public:
  const RuleMeta& meta() const override { return b1_meta(); }

  void check(const ReviewModel& model, std::vector<Finding>& out) const override {
    for (const FileView& file : model.files) {
      if (file.language != Language::Python || file.is_test) continue;
      for (const HunkView& hunk : file.hunks) {
        const SideLines lines = side_lines(hunk, Side::New);
        const std::vector<PyDef> defs = python_defs(lines);
        for (const PyIfChain& chain : python_if_chains(lines)) {
          if (!chain.starts_in_view) continue;
          if (!is_new_code(*chain.branches.front().header_line)) continue;
          const PyDef* def = enclosing_def(defs, chain.branches.front().header);
          if (!def || def->name == "__init__") continue;  // construction, not dispatch
          check_chain(file, lines, *def, chain, out);
          check_refusals(file, lines, *def, chain, out);
        }
      }
    }
  }

 private:
  static const PyDef* enclosing_def(const std::vector<PyDef>& defs, size_t index) {
    const PyDef* best = nullptr;
    for (const PyDef& def : defs)
      if (def.signature_complete && def.header < index && index < def.end && (!best || def.header > best->header))
        best = &def;
    return best;
  }

  static void check_chain(const FileView& file, const SideLines& lines, const PyDef& def, const PyIfChain& chain,
                          std::vector<Finding>& out) {
    if (chain.branches.size() < 2) return;
    for (const PyParam& param : def.params) {
      if (param.kind == "*" || param.kind == "**" || param.name == "self" || param.name == "cls") continue;
      if (!dispatch_param(param.name)) continue;
      bool forwarded_somewhere = false;
      for (const PyBranch& branch : chain.branches)
        forwarded_somewhere = forwarded_somewhere || branch_forwards(lines, branch, param.name);
      if (!forwarded_somewhere) continue;
      for (const PyBranch& branch : chain.branches) {
        if (!branch.body_complete || branch_mentions(lines, branch, param.name)) continue;
        const CodeLine* call = first_call(lines, branch);
        if (!call) continue;
        const std::string label = branch_label(chain, branch);
        Finding finding = abc::line_finding("B1", Severity::Red, file, *call, "dropped",
                                            {{"param", param.name}, {"branch", abc::clip(label)}});
        finding.trigger = "`" + param.name + "` dropped when " + abc::clip(label);
        out.push_back(std::move(finding));
        break;
      }
    }
  }

  // A def whose every code line in view is added: its body cannot continue past the hunk (a new
  // function's lines are consecutive additions), so the body in view is the whole body. Blank
  // and comment lines do not count: the blank line ending a file is context after a new last def.
  static bool wholly_added(const SideLines& lines, const PyDef& def) {
    for (size_t i = def.header; i < def.end && i < lines.size(); ++i)
      if (lines[i]->kind != LineKind::Added && !lines[i]->blank_or_comment) return false;
    return true;
  }

  // A calling branch that refuses some parameters (assert/raise naming them) makes its silence
  // about another dispatch parameter, one the whole body never mentions, a choice to ignore it.
  static void check_refusals(const FileView& file, const SideLines& lines, const PyDef& def, const PyIfChain& chain,
                             std::vector<Finding>& out) {
    // `assert bias is None`, `assert not deterministic`, `assert dropout_p == 0.0`: a feature refused.
    static const RE2 refusal(
        R"(^\s*assert\s+(?:not\s+(\w+)|(\w+)\s+is\s+None|(\w+)\s*==\s*(?:0|0\.0|False|None))\s*(?:,|$))");
    if (!def.complete && !wholly_added(lines, def)) return;
    for (const PyBranch& branch : chain.branches) {
      if (!branch.body_complete || !first_call(lines, branch)) continue;
      std::string refused;
      for (size_t index : branch.body) {
        std::string negated, none, zero;
        if (!RE2::PartialMatch(lines[index]->code, refusal, &negated, &none, &zero)) continue;
        const std::string name = negated + none + zero;
        for (const PyParam& param : def.params)
          if (param.name == name && !has_identifier(refused, name)) refused += (refused.empty() ? "" : ", ") + name;
      }
      if (refused.empty()) continue;
      const std::string label = branch_label(chain, branch);
      for (const PyParam& param : def.params) {
        if (param.kind == "*" || param.kind == "**" || !dispatch_param(param.name) || param.used_in_body) continue;
        if (lines[param.line]->kind != LineKind::Added) continue;
        Finding finding = abc::line_finding("B1", Severity::Red, file, *lines[param.line], "ignored",
                                            {{"param", param.name}, {"branch", abc::clip(label)}, {"refused", abc::clip(refused)}});
        finding.trigger = "`" + param.name + "` ignored when " + abc::clip(label);
        out.push_back(std::move(finding));
      }
      return;
    }
  }
};

}  // namespace

std::unique_ptr<Rule> make_b1_gated_off_param() { return std::make_unique<B1GatedOffParam>(); }

}  // namespace atom
