// B5 sub-checks on def signatures: param-discard, param-removed, rename. Read from both sides'
// syntax trees (the functions, their parameters and bodies, the calls and names of the head) and
// from the diff's new and deleted lines.
#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <re2/re2.h>

#include "core/analysis/file_trees.h"
#include "core/analysis/python_nodes.h"
#include "core/analysis/signature_changes.h"
#include "core/rules/b/b5_subchecks.h"
#include "core/rules/finding_at.h"

namespace atom::b5 {
namespace {

using ast::PyFunction;
using ast::PyParameter;
using ast::PyParamKind;

bool ordinary_param(const PyParameter& param) {
  return param.kind != PyParamKind::VarPositional && param.kind != PyParamKind::VarKeyword && param.name != "self" &&
         param.name != "cls" && !param.name.empty() && param.name[0] != '_';
}

std::vector<std::string> param_names(const PyFunction& function) {
  std::vector<std::string> names;
  for (const PyParameter& param : function.parameters) names.push_back(param.name);
  return names;
}

bool contains(const std::vector<int>& sorted_lines, int line) {
  return std::binary_search(sorted_lines.begin(), sorted_lines.end(), line);
}

bool contains_any(const std::vector<int>& sorted_lines, ast::LineRange range) {
  auto it = std::lower_bound(sorted_lines.begin(), sorted_lines.end(), range.first);
  return it != sorted_lines.end() && *it <= range.last;
}

// The part shows the whole signature: the body starts inside it.
bool signature_visible(const ast::FileSyntax& part, const PyFunction& function) {
  return function.header_line >= part.first_line && function.body.first > 0 && function.body.first <= part.last_line;
}

// A Python file's head or base parts with the functions each holds.
struct SideFunction {
  const FileView* file = nullptr;
  const ast::FileSyntax* part = nullptr;
  const PyFunction* function = nullptr;
};

// The functions of one side whose `def` line is in `lines` (that side's numbers), signature shown.
std::vector<SideFunction> functions_with_def_on(const FileView& file, const SideTrees& side,
                                                const std::vector<int>& lines) {
  std::vector<SideFunction> out;
  for (const ast::FileSyntax& part : side.parts)
    for (const PyFunction& function : part.python().functions)
      if (contains(lines, function.header_line) && signature_visible(part, function)) out.push_back({&file, &part, &function});
  return out;
}

bool defines(const SideTrees& side, const std::string& name) {
  for (const ast::FileSyntax& part : side.parts)
    for (const PyFunction& function : part.python().functions)
      if (function.name == name) return true;
  return false;
}

// Defs whose signature is fixed by something else: fake/meta implementations of custom ops
// (they mirror the real op's signature), Triton kernels (launched with a generic argument list),
// abstract methods and overload stubs.
bool signature_imposed(const PyFunction& function) {
  static const RE2 mirror_name(R"((?i).*(?:fake|meta|abstract).*)");
  static const RE2 imposing(R"(^(?:triton\.|gluon\.|(?:torch\.library\.)?register_fake|\w*impl_abstract|(?:abc\.)?abstractmethod|(?:typing\.)?overload))");
  if (RE2::FullMatch(function.name, mirror_name)) return true;
  for (const ast::PyDecorator& decorator : function.decorators)
    if (RE2::PartialMatch(decorator.callee, imposing)) return true;
  return false;
}

// Whether `name` is read anywhere in the node: as a name, in an f-string field or a nested def,
// not as an attribute (`self.name`) or a keyword (`f(name=…)`); `locals()` reads every name.
bool reads_name(const syntax::SyntaxTree& tree, syntax::Node node, const std::string& name) {
  bool read = false;
  syntax::walk(node, [&](syntax::Node current) {
    if (read) return false;
    if (current.kind() != "identifier") return true;
    const std::string_view text = tree.text(current);
    if (text != name && text != "locals") return true;
    const syntax::Node parent = current.parent();
    if (parent.kind() == "attribute" && parent.field("attribute") == current) return true;
    if (parent.kind() == "keyword_argument" && parent.field("name") == current) return true;
    read = true;
    return false;
  });
  return read;
}

// The complete head function (its node) whose `def` is on `header_line`, if the head shows it whole.
std::optional<VisibleFunction> complete_head_function(const std::vector<VisibleFunction>& complete,
                                                      const ast::FileSyntax& part, int header_line) {
  for (const VisibleFunction& visible : complete)
    if (visible.syntax == &part && visible.syntax->tree.start_line(visible.node) == header_line) return visible;
  return std::nullopt;
}

// An added file shown by its one hunk: its last def runs to the end of the file, so it is whole
// although no line after it says so.
std::optional<VisibleFunction> last_def_of_added_file(const FileView& file, const ast::FileSyntax& part,
                                                      const PyFunction& function) {
  if (file.file->status != FileStatus::Added || function.range.last != part.last_line) return std::nullopt;
  std::optional<VisibleFunction> found;
  syntax::walk(part.tree.root(), [&](syntax::Node node) {
    if (found) return false;
    if (node.kind() == "function_definition" && part.tree.start_line(node) == function.header_line) {
      if (!node.has_error()) found = VisibleFunction{&part, node};
      return false;
    }
    return true;
  });
  return found;
}

// A fragment may cut off the class around an indented def: `self`/`cls` or the indentation says
// it is (or may be) a method.
bool may_be_method(const ast::FileSyntax& part, const PyFunction& function) {
  if (!function.parameters.empty() && (function.parameters[0].name == "self" || function.parameters[0].name == "cls"))
    return true;
  if (!part.fragment) return false;
  const std::string& text = part.tree.text();
  const size_t start = part.tree.line_start(function.header_line);
  return start < text.size() && (text[start] == ' ' || text[start] == '\t');
}

// Where a finding on a changed signature sits: the head's `def` line when the PR wrote it, else the
// first line of the signature it wrote, else the first it deleted (a parameter line of a long
// signature: the `def` line itself may be no line the diff shows).
struct Anchor {
  int line = 0;
  Side side = Side::New;
};

Anchor signature_anchor(const PySignatureChange& change, const std::vector<int>& written, const std::vector<int>& deleted) {
  auto signature = [](const PyFunction& function) {
    return ast::LineRange{function.range.first, std::max(function.header_line, function.body.first - 1)};
  };
  if (contains(written, change.after.header_line)) return {change.after.header_line, Side::New};
  const ast::LineRange after = signature(change.after), before = signature(change.before);
  auto first_in = [](const std::vector<int>& lines, ast::LineRange range) {
    auto it = std::lower_bound(lines.begin(), lines.end(), range.first);
    return it != lines.end() && *it <= range.last ? *it : 0;
  };
  if (const int line = first_in(written, after)) return {line, Side::New};
  if (const int line = first_in(deleted, before)) return {line, Side::Old};
  return {change.after.header_line, Side::New};
}

Finding def_finding(const FileView& file, const PyFunction& function, Severity severity, const char* message,
                    std::map<std::string, std::string> fields) {
  return finding_at("B5", severity, Tag::Verified, file, function.header_line, message, std::move(fields));
}

// A place of the head that still uses something.
struct Use {
  const FileView* file = nullptr;
  int line = 0;
};

std::string location(const Use& use) { return use.file->path + ":" + std::to_string(use.line); }

std::string last_part(const std::string& callee) {
  const size_t dot = callee.rfind('.');
  return dot == std::string::npos ? callee : callee.substr(dot + 1);
}

// Whether head line `line` of `file` holds `word` as code: a fragment that begins inside a
// docstring parses its prose as code, so a name the tree finds there is checked against the
// diff's own reading of the line (strings blanked, comments removed).
bool code_on_line_mentions(const FileView& file, int line, const std::string& word) {
  const RE2 as_word("(?:^|[^\\w])" + RE2::QuoteMeta(word) + "(?:[^\\w]|$)");
  for (const HunkView& hunk : file.hunks)
    for (const CodeLine& code : hunk.lines)
      if (code.kind != LineKind::Removed && code.new_line == line)
        return !code.in_docstring && RE2::PartialMatch(code.code, as_word);
  return false;
}

bool passes_keyword(const ast::PyCall& call, const std::string& name, const std::string& keyword) {
  if (last_part(call.callee) != name) return false;
  return std::any_of(call.arguments.begin(), call.arguments.end(),
                     [&](const ast::PyArgument& argument) { return argument.keyword == keyword; });
}

// A call the head shows (a line of the hunks, or anywhere in a whole file) passing `keyword=` to
// `name`, outside the function itself (`function`'s head lines in `own`: a wrapper passing it on to
// the op it wraps, `aiter.name(…, keyword=…)`, is no caller of the wrapper).
std::optional<Use> head_call_passing(const ReviewModel& model, const std::string& name, const std::string& keyword,
                                     const FileView& own, ast::LineRange function) {
  for (const FileView& file : model.files) {
    if (file.language != Language::Python) continue;
    for (const ast::FileSyntax& part : head_trees(file).parts)
      for (const ast::PyCall& call : part.python().calls)
        if (passes_keyword(call, name, keyword) && !(&file == &own && function.contains(call.line)) &&
            code_on_line_mentions(file, call.line, name))
          return Use{&file, call.line};
  }
  return std::nullopt;
}

// A call the PR deleted (a deleted line of it) that passed `keyword=`, outside the function itself
// (`function`'s base lines in `own`): it updated that caller. Any callee counts — callers reach a
// method through `self.layers[i](…)` (`__call__` → `forward`) or an alias (`fmoe = aiter.fmoe_…`).
bool deleted_call_passing(const ReviewModel& model, const std::string& keyword, const FileView& own,
                          ast::LineRange function) {
  for (const FileView& file : model.files) {
    if (file.language != Language::Python) continue;
    const std::vector<int> deleted = deleted_code_lines(file);
    if (deleted.empty()) continue;
    for (const ast::FileSyntax& part : base_trees(file).parts)
      for (const ast::PyCall& call : part.python().calls) {
        if (&file == &own && function.contains(call.line)) continue;
        const bool passes = std::any_of(call.arguments.begin(), call.arguments.end(),
                                        [&](const ast::PyArgument& argument) { return argument.keyword == keyword; });
        if (passes && contains_any(deleted, call.range)) return true;
      }
  }
  return false;
}

// A use of the name `name` that the head shows, outside a def's own name and parameters: a call, a
// read, an import, an attribute `mod.name`.
std::optional<Use> head_use_of(const ReviewModel& model, const std::string& name) {
  for (const FileView& file : model.files) {
    if (file.language != Language::Python) continue;
    for (const ast::FileSyntax& part : head_trees(file).parts) {
      std::optional<Use> found;
      syntax::walk(part.tree.root(), [&](syntax::Node node) {
        if (found) return false;
        if (node.kind() == "parameters" || node.kind() == "lambda_parameters") return false;
        if (node.kind() != "identifier" || part.tree.text(node) != name) return true;
        const syntax::Node parent = node.parent();
        const bool declared = (parent.kind() == "function_definition" || parent.kind() == "class_definition") &&
                              parent.field("name") == node;
        const bool keyword = parent.kind() == "keyword_argument" && parent.field("name") == node;
        const int line = part.tree.start_line(node);
        if (!declared && !keyword && code_on_line_mentions(file, line, name)) found = Use{&file, line};
        return false;
      });
      if (found) return found;
    }
  }
  return std::nullopt;
}

// Every name a binding on a line the PR wrote binds (an alias `old = new`, `import new as old`),
// collected once per review.
std::set<std::string> names_bound_by_new_code(const ReviewModel& model) {
  std::set<std::string> names;
  for (const FileView& file : model.files) {
    if (file.language != Language::Python) continue;
    const std::vector<int> written = new_code_lines(file);
    if (written.empty()) continue;
    for (const ast::FileSyntax& part : head_trees(file).parts)
      for (const ast::PyBinding& binding : part.python().bindings)
        if (binding.target == ast::PyTarget::Name && contains(written, binding.line)) names.insert(binding.name);
  }
  return names;
}

// Two names share a `_`-separated word of three letters or more ("get_mla_metadata",
// "get_mla_decode_metadata" share "mla" and "metadata").
bool shares_word(const std::string& a, const std::string& b) {
  auto words = [](const std::string& name) {
    std::set<std::string> out;
    size_t start = 0;
    while (start <= name.size()) {
      const size_t end = std::min(name.find('_', start), name.size());
      if (end - start >= 3) out.insert(name.substr(start, end - start));
      start = end + 1;
    }
    return out;
  };
  const std::set<std::string> left = words(a);
  for (const std::string& word : words(b))
    if (left.count(word)) return true;
  return false;
}

// The index of the hunk holding head line `line` (new_side) or base line `line`, or -1.
int hunk_holding(const FileView& file, int line, bool new_side) {
  for (size_t index = 0; index < file.hunks.size(); ++index)
    for (const CodeLine& code : file.hunks[index].lines)
      if (code.kind != (new_side ? LineKind::Removed : LineKind::Added) && (new_side ? code.new_line : code.old_line) == line)
        return static_cast<int>(index);
  return -1;
}

}  // namespace

void param_discard(const ReviewModel& model, std::vector<Finding>& out) {
  static const RE2 correctness(R"((?i).*(?:mask|scale|mapping).*|expert_.*)");
  for (const FileView& file : model.files) {
    if (file.language != Language::Python || file.is_test) continue;
    const std::vector<int> written = new_code_lines(file);
    if (written.empty()) continue;
    std::optional<std::vector<VisibleFunction>> complete;  // found when a def line is new
    for (const PyFunctionPair& pair : python_function_pairs(file)) {
      const PyFunction& function = *pair.after;
      if (!contains(written, function.header_line) || signature_imposed(function)) continue;
      if (!complete) complete = complete_python_functions(head_trees(file));
      std::optional<VisibleFunction> whole = complete_head_function(*complete, *pair.part, function.header_line);
      if (!whole) whole = last_def_of_added_file(file, *pair.part, function);
      if (!whole || ast::stub_body(pair.part->tree, whole->node)) continue;
      // A method may be an override that must keep the base signature, a closure a callback whose
      // signature its caller fixes: only a correctness-controlling parameter is worth a question there.
      const bool method = function.nesting != ast::PyNesting::ModuleLevel || may_be_method(*pair.part, function);
      for (const PyParameter& param : function.parameters) {
        if (!ordinary_param(param)) continue;
        if (pair.before && std::any_of(pair.before->parameters.begin(), pair.before->parameters.end(),
                                       [&](const PyParameter& old) { return old.name == param.name; }))
          continue;
        if (reads_name(pair.part->tree, whole->node.field("body"), param.name)) continue;
        const bool controls_correctness = RE2::FullMatch(param.name, correctness);
        if (method && !controls_correctness) continue;
        const bool red = controls_correctness && !method;
        Finding finding = def_finding(file, function, red ? Severity::Red : Severity::Warn, "param_discard",
                                      {{"param", param.name}, {"function", function.qualified}});
        if (method) finding.tag = Tag::Inferred;
        if (red)
          finding.trigger = Finding::TriggerValues{{"path", file.path}, {"def_line", std::to_string(function.header_line)}};
        out.push_back(std::move(finding));
      }
    }
  }
}

void param_removed(const ReviewModel& model, std::vector<Finding>& out) {
  for (const FileView& file : model.files) {
    if (file.language != Language::Python || file.is_test) continue;
    const std::vector<int> written = new_code_lines(file), deleted = deleted_code_lines(file);
    for (const PySignatureChange& change : python_signature_changes(file)) {
      if (change.after_takes_kwargs) continue;
      const PyFunction& before = change.before;
      const PyFunction& after = change.after;
      const Anchor anchor = signature_anchor(change, written, deleted);
      auto at_anchor = [&](Finding finding) {
        finding.line = anchor.line;
        finding.side = anchor.side;
        return finding;
      };
      for (const std::string& param : change.removed) {
        if (param[0] == '_') continue;
        if (const auto still = head_call_passing(model, before.name, param, file, after.range)) {
          Finding finding = at_anchor(def_finding(file, after, Severity::Red, "param_removed",
                                                  {{"param", param}, {"function", before.qualified},
                                                   {"still_at", location(*still)}}));
          finding.trigger = Finding::TriggerValues{{"caller", location(*still)}, {"callee", before.name}};
          out.push_back(std::move(finding));
          continue;
        }
        if (deleted_call_passing(model, param, file, before.range)) continue;  // the diff updated its callers
        if (before.name[0] == '_') continue;  // private: its callers are in this module, which the diff shows
        // The PR wrote calls to it (positional ones too): it went through the callers it knows.
        if (after.nesting == ast::PyNesting::Nested || pr_writes_call_to(model, before.name, file, after.range)) continue;
        Finding finding = at_anchor(def_finding(file, after, Severity::Warn, "param_removed",
                                                {{"param", param}, {"function", before.qualified}}));
        finding.tag = Tag::Inferred;
        out.push_back(std::move(finding));
      }
    }
  }
}

void renamed(const ReviewModel& model, std::vector<Finding>& out) {
  std::optional<std::set<std::string>> bound_by_new_code;  // only computed when a def was removed
  for (const FileView& file : model.files) {
    if (file.language != Language::Python || file.is_test) continue;
    const std::vector<int> deleted = deleted_code_lines(file);
    if (deleted.empty()) continue;
    const SideTrees& head = head_trees(file);
    const SideTrees& base = base_trees(file);
    const std::vector<SideFunction> added = functions_with_def_on(file, head, new_code_lines(file));
    for (const SideFunction& removed : functions_with_def_on(file, base, deleted)) {
      const PyFunction& before = *removed.function;
      const std::string& old_name = before.name;
      if (defines(head, old_name)) continue;
      if (!bound_by_new_code) bound_by_new_code = names_bound_by_new_code(model);
      if (bound_by_new_code->count(old_name) > 0) continue;
      // The renamed def sits in the same hunk, takes the same parameters and shares a word of the
      // old name; exactly one candidate may qualify.
      const int hunk = hunk_holding(file, before.header_line, false);
      const PyFunction* after = nullptr;
      int candidates = 0;
      for (const SideFunction& candidate : added) {
        const PyFunction& function = *candidate.function;
        if (function.name == old_name || hunk_holding(file, function.header_line, true) != hunk ||
            param_names(function) != param_names(before) || !shares_word(function.name, old_name) ||
            defines(base, function.name))
          continue;
        after = &function;
        ++candidates;
      }
      if (candidates != 1) continue;
      if (const auto still = head_use_of(model, old_name)) {
        Finding finding = def_finding(file, *after, Severity::Red, "renamed",
                                      {{"old", old_name}, {"new", after->name},
                                       {"still_at", location(*still)}});
        finding.trigger = Finding::TriggerValues{{"user", location(*still)}};
        out.push_back(std::move(finding));
        continue;
      }
      if (old_name[0] == '_') continue;  // private: its users are in this module, which the diff updated
      // The PR wrote calls under the new name: the rename reached the callers it knows.
      if (after->nesting == ast::PyNesting::Nested || pr_writes_call_to(model, after->name, file, after->range)) continue;
      Finding finding = def_finding(file, *after, Severity::Warn, "renamed",
                                    {{"old", old_name}, {"new", after->name}});
      finding.tag = Tag::Inferred;
      out.push_back(std::move(finding));
    }
  }
}

}  // namespace atom::b5
