// D1b: a variable bound in only some branches of a new if/elif chain and read after it.
#include <map>
#include <memory>
#include <set>
#include <re2/re2.h>

#include "core/analysis/review_model.h"
#include "core/rules/d/dg_support.h"
#include "core/rules/d/python_chain.h"
#include "core/rules/rule.h"

namespace atom {
namespace {

using dg::FunctionSlice;
using dg::IfChain;

const RuleMeta kMeta{
    .id = "D1b",
    .slug = "branch-only-assignment",
    .category = "D",
    .default_severity = Severity::Red,
    .summary = "A variable is assigned in only some branches of a new if/elif and read after the block.",
    .what =
        "Finds a new (or changed) Python `if`/`elif` chain where a local variable is assigned in "
        "some branches but not in another branch that falls through (including the implicit "
        "`else` when there is none), and the variable is read after the chain with no value given "
        "to it before the `if`.",
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
        "An `else` also assigns it; the skipping branch returns/raises/continues/breaks; the "
        "variable is assigned (or is a parameter) before the `if`; it is only read inside the "
        "assigning branch, or under a later condition testing the same names (`if not NO_SCALE:`), "
        "or inside the loop around the chain (state carried across iterations); read only in the value a "
        "conditional expression takes under an assigning condition (`local_k if rebuild else max_k`); read after an "
        "`if` on the chain's condition that returns or raises (`if not has_seqs: return`); the old side already had "
        "the same variable unset before the same statement (a re-indented or edited chain the base had: not the PR's); "
        "an f-string's prefix is no read of a variable `f`. When the start of the function is not in "
        "the diff the finding is inferred (warn): the default may sit in the unseen lines.",
    .source = "ATOM#860",
    .messages = {{
        .id = "unassigned-branch",
        .problem = "`{var}` is assigned only in some branches of the if/elif at line {if_line}; "
                   "when {branch} it is never set, yet line {use_line} reads it",
        .impact = "UnboundLocalError at run time (or a stale value from a previous loop iteration) "
                  "whenever that branch is taken",
        .action_verified = "give `{var}` a value on every path: assign a default before the `if`, or "
                           "add an `else` that assigns it or raises a clear error",
        .action_inferred = "whether `{var}` gets a value before line {if_line} in the part of the "
                           "function the diff does not show",
    }},
    .line_patterns = {},
};

struct Candidate {
  std::string var;
  const dg::Branch* skipping = nullptr;  // the branch that falls through without binding var
  std::string implicit_else;             // set when the skipping path is the missing else
};

std::vector<Candidate> partial_bindings(const IfChain& chain) {
  std::set<std::string> bound_somewhere;
  for (const dg::Branch& branch : chain.branches)  // a branch that leaves never carries its bindings past the chain
    if (!branch.leaves) bound_somewhere.insert(branch.bound.begin(), branch.bound.end());
  std::vector<Candidate> out;
  for (const std::string& var : bound_somewhere) {
    Candidate candidate{var, nullptr, {}};
    for (const dg::Branch& branch : chain.branches) {
      if (!branch.leaves && !branch.bound.count(var)) {
        candidate.skipping = &branch;
        break;
      }
    }
    if (!candidate.skipping && !chain.has_else) candidate.implicit_else = "none of the conditions holds (there is no `else`)";
    if (candidate.skipping || !candidate.implicit_else.empty()) out.push_back(std::move(candidate));
  }
  return out;
}

// Names bound before the chain in the visible part of the function, with its parameters.
std::set<std::string> bound_before(const FunctionSlice& slice, size_t first) {
  std::set<std::string> names;
  for (size_t i = 0; i < first; ++i) {
    const CodeLine& line = *slice.lines[i];
    if (!dg::is_statement_start(line)) continue;
    size_t end = i;
    std::string statement = dg::statement_text(slice.lines, i, &end);
    for (std::string& name : dg::python_bound_names(statement)) names.insert(std::move(name));
    if (!dg::python_def_name(statement).empty())
      for (const dg::Param& param : dg::python_params(statement)) {
        std::string name = param.name;
        while (!name.empty() && name.front() == '*') name.erase(0, 1);
        names.insert(name);
      }
    if (dg::starts_with_word(statement, "global") || dg::starts_with_word(statement, "nonlocal"))
      names.insert(statement);  // marks the function as using outer scopes; checked below
  }
  return names;
}

bool declares_outer_scope(const std::set<std::string>& names, const std::string& var) {
  for (const std::string& name : names)
    if ((dg::starts_with_word(name, "global") || dg::starts_with_word(name, "nonlocal")) && dg::has_name(name, var))
      return true;
  return false;
}

// True when a condition of the chain, or a statement of a branch before that branch binds
// `var` (`k = k[:n]`, `x += 1`), reads it: then it must already exist before the chain.
bool read_before_bound(const std::vector<const CodeLine*>& lines, const IfChain& chain, const std::string& var) {
  bool bound_in_branch = false;
  for (size_t i = chain.first; i < chain.end; ++i) {
    if (!dg::is_statement_start(*lines[i])) continue;
    size_t end = i;
    std::string statement = dg::statement_text(lines, i, &end);
    if (lines[i]->indent == chain.indent) bound_in_branch = false;  // a branch header
    if (!bound_in_branch && dg::reads_name(statement, var)) return true;
    for (const std::string& name : dg::python_bound_names(statement)) bound_in_branch |= name == var;
    i = end;
  }
  return false;
}

// A read of `var` before the chain means it already exists there.
bool read_earlier(const std::vector<const CodeLine*>& lines, size_t first, const std::string& var) {
  for (size_t i = 0; i < first; ++i)
    if (dg::is_statement_start(*lines[i]) && dg::python_def_name(lines[i]->code).empty() &&
        dg::reads_name(lines[i]->code, var))
      return true;
  return false;
}

// Indent of the innermost for/while loop around line `first`, or -1.
int enclosing_loop_indent(const std::vector<const CodeLine*>& lines, size_t first) {
  int indent = lines[first]->indent;
  for (size_t i = first; i-- > 0;) {
    const CodeLine& line = *lines[i];
    if (!dg::is_statement_start(line) || line.indent >= indent) continue;
    indent = line.indent;
    if (dg::starts_with_word(line.code, "for") || dg::starts_with_word(line.code, "while") ||
        dg::starts_with_word(line.code, "async"))
      return line.indent;
  }
  return -1;
}

// "if a and (b)" → {"a", "b"}
std::vector<std::string> conjuncts(std::string condition) {
  for (const char* keyword : {"elif ", "if ", "while "})
    if (condition.rfind(keyword, 0) == 0) condition = condition.substr(std::string(keyword).size());
  std::vector<std::string> parts;
  size_t start = 0;
  for (size_t at = condition.find(" and "); ; at = condition.find(" and ", start)) {
    std::string_view part = dg::trim(std::string_view(condition).substr(start, at == std::string::npos ? std::string::npos : at - start));
    while (part.size() >= 2 && part.front() == '(' && part.back() == ')') part = dg::trim(part.substr(1, part.size() - 2));
    parts.emplace_back(part);
    if (at == std::string::npos) break;
    start = at + 5;
  }
  return parts;
}

// The read sits under a header testing a name the chain's conditions test too (`if NO_SCALE:`
// … later `if not NO_SCALE:`): the guard decides the path, which the diff alone cannot settle.
bool shares_condition_name(const std::string& header, const IfChain& chain) {
  static const RE2 kName(R"(([A-Za-z_][\w.]*))");
  static const RE2 kWordOperator(R"(^(if|elif|while|and|or|not|is|in|None|True|False|else)$)");
  for (const dg::Branch& branch : chain.branches) {
    re2::StringPiece input(branch.condition);
    std::string name;
    while (RE2::FindAndConsume(&input, kName, &name))
      if (!RE2::FullMatch(name, kWordOperator) && dg::has_name(header, name)) return true;
  }
  return false;
}

// The read sits under a header whose condition includes an assigning branch's condition.
bool guarded_by(const std::string& header, const std::set<std::string>& assigning_conditions) {
  std::vector<std::string> header_parts = conjuncts(header);
  for (const std::string& condition : assigning_conditions) {
    std::vector<std::string> needed = conjuncts(condition);
    if (needed.size() != 1) continue;
    for (const std::string& part : header_parts)
      if (part == needed.front()) return true;
  }
  return false;
}

// The condition of `x if cond else y` when `var` is read only in `x` (the value taken when
// `cond` holds), else "". `local_k if rebuild else max_k`: read only when `rebuild` holds.
std::string condition_of_only_read(std::string_view statement, const std::string& var) {
  static const RE2 kTernary(R"(^(.*?[=(\[,:]\s*|\s*)([^=(\[,:]*?)\s+if\s+(.+?)\s+else\s+(.*)$)");
  std::string before, value, condition, rest;
  if (!RE2::FullMatch(statement, kTernary, &before, &value, &condition, &rest)) return {};
  if (!dg::reads_name(value, var) || dg::has_name(before, var) || dg::has_name(condition, var) ||
      dg::has_name(rest, var))
    return {};
  return condition;
}

// `if not has_seqs: return` after the chain: past it, the code runs only on the paths its
// condition (sharing a name with the chain's) lets through, which the diff alone cannot settle.
bool leaves_on_chain_condition(const std::vector<const CodeLine*>& lines, size_t index, const IfChain& chain) {
  std::optional<IfChain> guard = dg::read_if_chain(lines, index);
  if (!guard || guard->has_else || guard->branches.size() != 1 || !guard->branches.front().leaves) return false;
  return shares_condition_name(guard->branches.front().condition, chain);
}

struct Use {
  size_t index = 0;
  bool unseen_lines_between = false;
};

// The first read of `var` after the chain, unless it is rebound first, the read sits in a
// sibling arm of an enclosing block, it is guarded by a condition of an assigning branch, or it
// is still inside the loop around the chain (a value carried over from an earlier iteration,
// as in `if i == 0: first = …`, is deliberate).
std::optional<Use> read_after(const FunctionSlice& slice, const IfChain& chain, const std::string& var,
                              const std::set<std::string>& assigning_conditions, int loop_indent) {
  const auto& lines = slice.lines;
  bool unseen = false;
  std::vector<std::pair<int, std::string>> open_headers;  // (indent, header text) enclosing the scan
  std::map<int, std::string> closed_header;                // last header closed at each indent
  for (size_t i = chain.end; i < lines.size(); ++i) {
    if (i > 0 && lines[i]->new_line != lines[i - 1]->new_line + 1) unseen = true;
    const CodeLine& line = *lines[i];
    if (!dg::is_statement_start(line)) continue;
    while (!open_headers.empty() && line.indent <= open_headers.back().first) {
      closed_header[open_headers.back().first] = open_headers.back().second;
      open_headers.pop_back();
    }
    if (line.indent < chain.indent &&
        (dg::starts_with_word(line.code, "else") || dg::starts_with_word(line.code, "elif") ||
         dg::starts_with_word(line.code, "except") || dg::starts_with_word(line.code, "finally")))
      return std::nullopt;
    size_t end = i;
    std::string statement = dg::statement_text(lines, i, &end);
    std::string_view code = dg::trim(statement);
    if (dg::starts_with_word(code, "for") || dg::starts_with_word(code, "with") || dg::starts_with_word(code, "except")) {
      for (const std::string& name : dg::python_bound_names(statement))
        if (name == var) return std::nullopt;  // rebound by the loop/context header
    }
    if (line.indent <= chain.indent && leaves_on_chain_condition(lines, i, chain)) return std::nullopt;
    if (dg::reads_name(statement, var)) {
      for (const auto& header : open_headers)
        if (guarded_by(header.second, assigning_conditions) || shares_condition_name(header.second, chain))
          return std::nullopt;
      const std::string condition = condition_of_only_read(statement, var);
      if (!condition.empty() &&
          (guarded_by("if " + condition, assigning_conditions) || shares_condition_name("if " + condition, chain)))
        return std::nullopt;
      if (loop_indent >= 0 && line.indent > loop_indent) return std::nullopt;  // loop-carried state
      return Use{i, unseen};
    }
    if (dg::starts_with_word(code, "del") && dg::has_name(code, var)) return std::nullopt;
    for (const std::string& name : dg::python_bound_names(statement))
      if (name == var) return std::nullopt;
    if (!code.empty() && code.back() == ':') {
      std::string header(code.substr(0, code.size() - 1));
      std::string_view keyword = dg::trim(header);
      if (dg::starts_with_word(keyword, "elif")) header = "if" + header.substr(header.find("elif") + 4);
      // An elif/else arm is decided by its chain's earlier conditions too.
      if ((dg::starts_with_word(keyword, "elif") || dg::starts_with_word(keyword, "else")) && closed_header.count(line.indent))
        header = closed_header[line.indent] + " " + header;
      open_headers.emplace_back(line.indent, header);
    }
    i = end;
  }
  return std::nullopt;
}

class D1bRule : public Rule {
 public:
  const RuleMeta& meta() const override { return kMeta; }

  void check(const ReviewModel& model, std::vector<Finding>& out) const override {
    for (const FileView& file : model.files) {
      if (file.language != Language::Python) continue;
      std::set<std::string> in_base;  // what the old side already had: not this PR's
      for (const FunctionSlice& slice : old_side_functions(file))
        if (!slice.function.empty())
          for (const Hit& hit : unbound_reads(slice, Side::Old)) in_base.insert(key(slice, hit));
      for (const FunctionSlice& slice : dg::new_side_functions(file)) {
        if (slice.function.empty()) continue;  // module level: names may come from anywhere
        for (const Hit& hit : unbound_reads(slice, Side::New))
          if (!in_base.count(key(slice, hit))) report(file, slice, hit, out);
      }
    }
  }

 private:
  struct Hit {
    IfChain chain;
    std::string var;
    std::string branch;  // when the variable stays unset
    int branch_index = -1;  // the skipping branch's header in the slice, -1 for the implicit else
    Use use;
    bool verified = false;
  };

  // The old side's lines grouped by function, like dg::new_side_functions.
  static std::vector<FunctionSlice> old_side_functions(const FileView& file) {
    std::vector<FunctionSlice> slices;
    std::map<std::string, size_t> slice_of;
    for (const CodeLine* line : dg::old_side_lines(file)) {
      auto [it, added] = slice_of.try_emplace(line->function, slices.size());
      if (added) slices.push_back({line->function, {}});
      slices[it->second].lines.push_back(line);
    }
    return slices;
  }

  // The same variable read by the same statement in the same function: the finding the base had.
  static std::string key(const FunctionSlice& slice, const Hit& hit) {
    size_t end = hit.use.index;
    std::string statement = dg::statement_text(slice.lines, hit.use.index, &end);
    std::string words;
    for (char c : statement)
      if (c != ' ' && c != '\t') words.push_back(c);
    return slice.function + "\n" + hit.var + "\n" + words;
  }

  // On the new side only chains the diff touched count; on the old side every chain does (it is
  // read to tell what the base already had, where the chain may run past the lines shown).
  static std::vector<Hit> unbound_reads(const FunctionSlice& slice, Side side) {
    std::vector<Hit> hits;
    const auto& lines = slice.lines;
    for (size_t i = 0; i < lines.size(); ++i) {
      std::optional<IfChain> chain = dg::read_if_chain(lines, i);
      if (!chain) continue;
      if (side == Side::New && (!chain->touched || !chain->complete)) continue;
      std::set<std::string> before = bound_before(slice, i);
      bool prefix_visible = dg::starts_at_def(slice) && dg::contiguous(lines, 0, i);
      for (const Candidate& candidate : partial_bindings(*chain)) {
        if (before.count(candidate.var) || declares_outer_scope(before, candidate.var)) continue;
        if (read_before_bound(lines, *chain, candidate.var) || read_earlier(lines, i, candidate.var)) continue;
        std::set<std::string> assigning;
        for (const dg::Branch& branch : chain->branches)
          if (branch.bound.count(candidate.var)) assigning.insert(branch.condition);
        std::optional<Use> use = read_after(slice, *chain, candidate.var, assigning, enclosing_loop_indent(lines, i));
        if (!use) continue;
        Hit hit{*chain, candidate.var, {}, -1, *use, prefix_visible && !use->unseen_lines_between};
        hit.branch = candidate.skipping ? "the `" + candidate.skipping->condition + "` branch runs" : candidate.implicit_else;
        if (candidate.skipping) hit.branch_index = static_cast<int>(candidate.skipping->header);
        hits.push_back(std::move(hit));
      }
    }
    return hits;
  }

  static void report(const FileView& file, const FunctionSlice& slice, const Hit& hit, std::vector<Finding>& out) {
    const CodeLine& if_line = *slice.lines[hit.chain.first];
    const CodeLine& use_line = *slice.lines[hit.use.index];
    const std::string& branch = hit.branch;
    int branch_line = hit.branch_index >= 0 ? slice.lines[hit.branch_index]->new_line : if_line.new_line;
    Finding finding;
    finding.rule = "D1b";
    finding.path = file.path;
    finding.line = use_line.new_line;
    finding.side = Side::New;
    finding.message_id = "unassigned-branch";
    finding.fields = {{"var", hit.var},
                      {"if_line", std::to_string(if_line.new_line)},
                      {"branch", branch},
                      {"branch_line", std::to_string(branch_line)},
                      {"use_line", std::to_string(use_line.new_line)}};
    if (hit.verified) {
      finding.severity = Severity::Red;
      finding.tag = Tag::Verified;
      finding.trigger = "`" + hit.var + "` unset when " + branch + " (line " + std::to_string(branch_line) +
                        "), read at line " + std::to_string(use_line.new_line);
    } else {
      finding.severity = Severity::Warn;
      finding.tag = Tag::Inferred;
    }
    dg::add_unique(out, std::move(finding));
  }
};

}  // namespace

std::unique_ptr<Rule> make_d1b_branch_only_assignment() { return std::make_unique<D1bRule>(); }

}  // namespace atom
