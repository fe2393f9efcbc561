// D1b: a variable bound in only some branches of a new if/elif chain and read after it.
#include <memory>

#include "core/analysis/file_trees.h"
#include "core/analysis/python_flow.h"
#include "core/analysis/review_model.h"
#include "core/rules/rule.h"
#include "core/rules/finding_at.h"

namespace atom {
namespace {

const RuleMeta kMeta{
    .id = "D1b",
    .slug = "branch-only-assignment",
    .category = "D",
    .default_severity = Severity::Red,
    .summary = "A variable is assigned in only some branches of a new if/elif and read after the block.",
    .what =
        "Follows, on the syntax tree of each Python function the PR's version shows whole, which "
        "names are bound on every path. Fires where a local variable that an `if`/`elif` chain "
        "assigns in some branches only (a branch that falls through without it, or the missing "
        "`else`) is then read on every path after the chain, with no value given to it before the "
        "`if` (core/analysis/python_flow.h). Only what the PR changed: the same read the base "
        "already had is not reported.",
    .why =
        "The branch that skips the assignment raises `UnboundLocalError` the first time it runs "
        "(or, inside a loop, silently reuses the previous iteration's value). New dispatch "
        "branches are usually exercised on one configuration only, so the other path ships "
        "untested (ATOM#860).",
    .example =
        "```python\nif dtype == torch.bfloat16:\n    kernel = bf16_kernel\nelif dtype == torch.float8_e4m3fnuz:\n"
        "    kernel = fp8_kernel\nkernel(x)   # UnboundLocalError for any other dtype\n```\n"
        "Use instead: an `else` that assigns or raises, or a default before the `if`.",
    .must_not_fire =
        "An `else` also assigns it; the skipping branch returns/raises/continues/breaks (or calls "
        "`sys.exit`/`pytest.fail`); the variable is assigned, a parameter, or bound by `for`/`with`/"
        "`except … as`/walrus/import/def before the `if`; it is declared `global`/`nonlocal`; the read "
        "is inside the assigning branch or under anything a correlated condition may decide: a later "
        "`if` (`if io_transformed: … o_orig`), a loop, an `except` handler, a conditional expression "
        "(`local_k if rebuild else max_k`), the right side of `and`/`or`, a comprehension, a lambda or "
        "a nested def; an `if` returning or raising on a related condition stands between (`if not "
        "has_seqs: return`); the chain sits inside a loop (state carried across iterations); the "
        "chain has no `else` but an `assert` or a raising `if` before it validates its condition's "
        "names, or the values they were assigned from (`assert A.shape[-1] in (16, 32)`, then "
        "`BT = A.shape[-1]`); one condition of the chain is another's negation (`if r is None:` … "
        "`elif r is not None:`), so no case is left; a later chain only rebinds it in some branches "
        "(the earlier chain that left it unset is the one reported, if any); an f-string's prefix is no read of a variable `f`; the base already had the same "
        "read unset (a re-indented or edited chain). Without the whole function (a hunk that does "
        "not show it from its `def` to its end) the rule stays silent.",
    .source = "ATOM#860",
    .messages = {{
        .id = "unassigned-branch",
        .problem = "`{var}` is assigned only in some branches of the if/elif at line {if_line}; "
                   "when {skipping?the `{skipping}` branch runs}"
                   "{!skipping?none of the conditions holds (there is no `else`)} it is never set, yet line "
                   "{use_line} reads it",
        .impact = "UnboundLocalError at run time (or a stale value from a previous loop iteration) "
                  "whenever that branch is taken",
        .action_verified = "give `{var}` a value on every path: assign a default before the `if`, or "
                           "add an `else` that assigns it or raises a clear error",
        .action_inferred = "whether `{var}` gets a value before line {if_line} in the part of the "
                           "function the diff does not show",
        .trigger = "`{var}` unset when {skipping?the `{skipping}` branch runs}"
                   "{!skipping?none of the conditions holds (there is no `else`)} (line {branch_line}), read at "
                   "line {use_line}",
    }},
    .line_patterns = {},
};

// The branch that falls through without binding, as its header reads ("elif mode == x", "else");
// "" for a missing else.
std::string skipping_branch(const ast::PyUnboundRead& read) {
  if (read.missing_else) return "";
  return read.skipping_condition.empty() ? read.skipping_keyword : read.skipping_keyword + " " + read.skipping_condition;
}

class D1bRule : public Rule {
 public:
  const RuleMeta& meta() const override { return kMeta; }

  // Every such read in every function the PR changed that the head shows whole; the engine's
  // baseline filter then drops the ones the base already had, so what is left is the PR's.
  void check(const ReviewModel& model, std::vector<Finding>& out) const override {
    for (const FileView& file : model.files) {
      if (file.language != Language::Python) continue;
      for (const VisibleFunction& function : python_functions_to_check(file))
        for (const ast::PyUnboundRead& read : ast::unbound_reads_after_partial_binding(function.syntax->tree, function.node))
          report(file, read, out);
    }
  }

 private:
  static void report(const FileView& file, const ast::PyUnboundRead& read, std::vector<Finding>& out) {
    Finding finding = finding_at("D1b", Severity::Red, Tag::Verified, file, read.read_line, "unassigned-branch",
                                 {{"var", read.name},
                                  {"if_line", std::to_string(read.chain_line)},
                                  {"skipping", skipping_branch(read)},
                                  {"branch_line", std::to_string(read.skipping_line)},
                                  {"use_line", std::to_string(read.read_line)}});
    finding.trigger.emplace();
    out.push_back(std::move(finding));
  }
};

}  // namespace

std::unique_ptr<Rule> make_d1b_branch_only_assignment() { return std::make_unique<D1bRule>(); }

}  // namespace atom
