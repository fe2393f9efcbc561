// Which names a Python function may read unbound because an if/elif chain bound them in some of
// its branches only (Python's UnboundLocalError), decided on the syntax tree by following which
// names are bound on every path (a "definitely assigned" analysis, as compilers do it).
//
// Only the shape that the code itself settles is reported, so a finding needs no knowledge of
// the values flowing in:
//   - the read runs on every path after the chain: not inside a later `if`, loop, `try` handler,
//     conditional expression, `and`/`or` operand, comprehension, lambda or nested def, where a
//     condition correlated with the chain's may decide it (`if io_transformed: … o_orig`);
//   - no later `if` that returns or raises on a condition sharing a name with the chain's
//     conditions or with what its branches bind (`if not has_seqs: return`) stands between;
//   - the chain is not inside a loop (a value kept from an earlier iteration is often meant);
//   - a missing `else` counts only when nothing before the chain validates its condition's
//     names (`assert mode in (…)`, `if mode not in …: raise`, or a name assigned from validated
//     values only: `assert A.shape[-1] in (16, 32)` then `BT = A.shape[-1]`), and when no branch's
//     condition is another's negation (`if r is None: … elif r is not None: …` leaves no case).
// A chain that rebinds a name in some branches and leaves it as an earlier chain did in the
// others unbinds nothing: the name keeps the earlier chain's standing (bound, or partly by it).
// Branches ending in return/raise/break/continue (or sys.exit/pytest.fail …) carry no bindings
// past the chain. Names declared global/nonlocal, and names never bound in the function, are not
// locals this analysis judges.
#pragma once
#include <string>
#include <vector>

#include "core/analysis/python_syntax.h"
#include "core/syntax/syntax_tree.h"

namespace atom::ast {

struct PyUnboundRead {
  std::string name;
  int read_line = 0;
  int chain_line = 0;              // the chain's `if`
  LineRange chain;                 // the whole if/elif/else statement
  int skipping_line = 0;           // header of the branch that falls through without binding; chain_line for a missing else
  bool missing_else = false;
  std::string skipping_keyword;    // "if" | "elif" | "else"; "" for a missing else
  std::string skipping_condition;  // that branch's condition, one line ("" for else / missing else)
};

// The first such read of each name per chain, in `function` (a function_definition node of
// `tree`), in source order. Empty when the function's subtree holds a parse error, or nests
// deeper than the analysis follows (hostile input).
std::vector<PyUnboundRead> unbound_reads_after_partial_binding(const syntax::SyntaxTree& tree, syntax::Node function);

}  // namespace atom::ast
