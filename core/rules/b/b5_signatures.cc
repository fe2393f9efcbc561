// B5 sub-checks on def signatures: param-discard, param-removed, rename.
#include <algorithm>
#include <memory>
#include <optional>
#include <set>
#include <re2/re2.h>
#include "core/analysis/python_structure.h"
#include "core/analysis/signature_changes.h"
#include "core/rules/a/abc_support.h"
#include "core/rules/b/b5_subchecks.h"

namespace atom::b5 {
namespace {

// One def as one side of one hunk shows it.
struct SeenDef {
  const FileView* file = nullptr;
  const HunkView* hunk = nullptr;
  PyDef def;
  std::shared_ptr<const SideLines> side;  // shared by every def of the hunk: one copy per hunk
  const SideLines& lines() const { return *side; }
  const CodeLine* header() const { return lines()[def.header]; }
};

std::vector<SeenDef> defs_on_side(const ReviewModel& model, Side side) {
  std::vector<SeenDef> out;
  for (const FileView& file : model.files) {
    if (file.language != Language::Python || file.is_test) continue;
    for (const HunkView& hunk : file.hunks) {
      auto lines = std::make_shared<const SideLines>(side_lines(hunk, side));
      for (PyDef& def : python_defs(*lines)) out.push_back({&file, &hunk, std::move(def), lines});
    }
  }
  return out;
}

bool ordinary_param(const PyParam& param) {
  return param.kind != "*" && param.kind != "**" && param.name != "self" && param.name != "cls" &&
         !param.name.empty() && param.name[0] != '_';
}

bool takes_kwargs(const PyDef& def) {
  for (const PyParam& param : def.params)
    if (param.kind == "**") return true;
  return false;
}

std::vector<std::string> param_names(const PyDef& def) {
  std::vector<std::string> names;
  for (const PyParam& param : def.params) names.push_back(param.name);
  return names;
}

// A body that only raises NotImplementedError, passes, or is `...`: an abstract stub.
bool stub_body(const SeenDef& seen) {
  static const RE2 stub(R"(^\s*(?:pass|\.\.\.|raise\s+NotImplementedError\b.*|return\s+NotImplemented)\s*$)");
  for (size_t index : seen.def.body)
    if (!RE2::FullMatch(seen.lines()[index]->code, stub)) return false;
  return true;
}

const SeenDef* find_def(const std::vector<SeenDef>& defs, const FileView* file, const std::string& qualified,
                        LineKind header_kind) {
  for (const SeenDef& seen : defs)
    if (seen.file == file && seen.def.qualified == qualified && seen.header()->kind == header_kind) return &seen;
  return nullptr;
}

Finding def_finding(const SeenDef& seen, Severity severity, const char* message,
                    std::map<std::string, std::string> fields) {
  return abc::line_finding("B5", severity, *seen.file, *seen.header(), message, std::move(fields));
}

// A statement (new side: context or added) in the diff that calls `name(` and matches `also`.
struct Use {
  const FileView* file = nullptr;
  const CodeLine* line = nullptr;
};

bool python_def_header(std::string_view statement) {
  static const RE2 def(R"(^\s*(?:async\s+)?def\s)");
  return RE2::PartialMatch(statement, def);
}

std::optional<Use> find_use(const ReviewModel& model, LineKind skipped, const RE2& pattern) {
  for (const FileView& file : model.files) {
    if (file.language != Language::Python) continue;
    for (const HunkView& hunk : file.hunks) {
      const Side side = skipped == LineKind::Removed ? Side::New : Side::Old;
      const SideLines lines = side_lines(hunk, side);
      for (size_t i = 0; i < lines.size(); ++i) {
        if (!is_statement_start(*lines[i]) || lines[i]->in_docstring) continue;
        if (side == Side::Old && !is_deleted_code(*lines[i])) continue;
        const std::string statement = abc::joined_statement(lines, i);
        if (python_def_header(statement)) continue;  // the def itself is not a use
        if (RE2::PartialMatch(statement, pattern)) return Use{&file, lines[i]};
      }
    }
  }
  return std::nullopt;
}

std::string location(const Use& use) { return use.file->path + ":" + std::to_string(use.line->line_number()); }

// Every name a statement of new code binds, collected once per review (not once per def).
std::set<std::string> names_bound_by_new_code(const ReviewModel& model) {
  std::set<std::string> names;
  for (const FileView& file : model.files)
    for (const HunkView& hunk : file.hunks)
      for (const CodeLine& line : hunk.lines) {
        if (!is_new_code(line) || !is_statement_start(line)) continue;
        for (std::string& bound : bound_names(line.code)) names.insert(std::move(bound));
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

// Defs whose signature is fixed by something else: fake/meta implementations of custom ops
// (they mirror the real op's signature), Triton kernels (launched with a generic argument list),
// abstract methods and overload stubs.
bool signature_imposed(const PyDef& def) {
  static const RE2 mirror_name(R"((?i).*(?:fake|meta|abstract).*)");
  static const RE2 imposing(R"(^@(?:triton\.|gluon\.|(?:torch\.library\.)?register_fake|\w*impl_abstract|(?:abc\.)?abstractmethod|(?:typing\.)?overload))");
  if (RE2::FullMatch(def.name, mirror_name)) return true;
  for (const std::string& decorator : def.decorators)
    if (RE2::PartialMatch(decorator, imposing)) return true;
  return false;
}

// The head lines of the def (its `def` line alone when the tree does not know it).
ast::LineRange head_range(const SeenDef& seen) {
  const int line = seen.header()->new_line;
  const ast::PyFunction* function = head_function_at(*seen.file, line);
  return function ? function->range : ast::LineRange{line, line};
}

// A def inside a def: a closure nothing outside the enclosing function can call.
bool nested_def(const SeenDef& seen) {
  const ast::PyFunction* function = head_function_at(*seen.file, seen.header()->new_line);
  return function != nullptr && function->nesting == ast::PyNesting::Nested;
}
}  // namespace

void param_discard(const ReviewModel& model, std::vector<Finding>& out) {
  static const RE2 correctness(R"((?i).*(?:mask|scale|mapping).*|expert_.*)");
  const std::vector<SeenDef> old_defs = defs_on_side(model, Side::Old);
  for (const SeenDef& seen : defs_on_side(model, Side::New)) {
    if (!is_new_code(*seen.header()) || !seen.def.signature_complete) continue;
    const bool runs_to_file_end = seen.file->file->status == FileStatus::Added && seen.def.end == seen.lines().size();
    if (!(seen.def.complete || runs_to_file_end) || seen.def.body.empty() || stub_body(seen) ||
        signature_imposed(seen.def))
      continue;
    // A method may be an override that must keep the base signature: only a correctness-
    // controlling parameter is worth a question there.
    const bool method = seen.def.qualified.find('.') != std::string::npos;
    const SeenDef* before = find_def(old_defs, seen.file, seen.def.qualified, LineKind::Removed);
    std::set<std::string> old_names;
    if (before) for (const std::string& name : param_names(before->def)) old_names.insert(name);
    for (const PyParam& param : seen.def.params) {
      if (!ordinary_param(param) || param.used_in_body || old_names.count(param.name)) continue;
      const bool controls_correctness = RE2::FullMatch(param.name, correctness);
      if (method && !controls_correctness) continue;
      const bool red = controls_correctness && !method;
      Finding finding = def_finding(seen, red ? Severity::Red : Severity::Warn, "param_discard",
                                    {{"param", param.name}, {"function", seen.def.qualified}});
      if (method) finding.tag = Tag::Inferred;
      if (red)
        finding.trigger = "`" + param.name + "` of `" + seen.def.qualified + "` (" + seen.file->path + ":" +
                          std::to_string(seen.header()->new_line) + ") is accepted and never read";
      out.push_back(std::move(finding));
    }
  }
}

void param_removed(const ReviewModel& model, std::vector<Finding>& out) {
  const std::vector<SeenDef> new_defs = defs_on_side(model, Side::New);
  for (const SeenDef& before : defs_on_side(model, Side::Old)) {
    if (!is_deleted_code(*before.header()) || !before.def.signature_complete) continue;
    const SeenDef* after = find_def(new_defs, before.file, before.def.qualified, LineKind::Added);
    if (!after || !after->def.signature_complete || takes_kwargs(after->def)) continue;
    const std::vector<std::string> kept = param_names(after->def);
    for (const PyParam& param : before.def.params) {
      if (!ordinary_param(param) || std::find(kept.begin(), kept.end(), param.name) != kept.end()) continue;
      const RE2 keyword_call("\\b" + before.def.name + "\\s*\\(.*\\b" + param.name + "\\s*=[^=]");
      if (const auto still = find_use(model, LineKind::Removed, keyword_call)) {
        Finding finding = def_finding(*after, Severity::Red, "param_removed",
                                      {{"param", param.name}, {"function", before.def.qualified},
                                       {"where", " but " + location(*still) + " still passes it"},
                                       {"where_short", " (" + location(*still) + ")"}});
        finding.trigger = location(*still) + " still passes `" + param.name + "=` to `" + before.def.name + "()`";
        out.push_back(std::move(finding));
        continue;
      }
      if (find_use(model, LineKind::Added, keyword_call)) continue;  // the diff updated its callers
      if (before.def.name[0] == '_') continue;  // private: its callers are in this module, which the diff shows
      // The PR wrote calls to it (positional ones too): it went through the callers it knows.
      if (pr_writes_call_to(model, before.def.name, *after->file, head_range(*after)) || nested_def(*after)) continue;
      Finding finding = def_finding(*after, Severity::Warn, "param_removed",
                                    {{"param", param.name}, {"function", before.def.qualified},
                                     {"where", ""}, {"where_short", ""}});
      finding.tag = Tag::Inferred;
      out.push_back(std::move(finding));
    }
  }
}

void renamed(const ReviewModel& model, std::vector<Finding>& out) {
  const std::vector<SeenDef> old_defs = defs_on_side(model, Side::Old);
  const std::vector<SeenDef> new_defs = defs_on_side(model, Side::New);
  auto defined_on = [](const std::vector<SeenDef>& defs, const FileView* file, const std::string& name) {
    for (const SeenDef& seen : defs)
      if (seen.file == file && seen.def.name == name) return true;
    return false;
  };
  std::optional<std::set<std::string>> bound_by_new_code;  // only computed when a def was removed
  for (const SeenDef& before : old_defs) {
    if (!is_deleted_code(*before.header()) || !before.def.signature_complete) continue;
    const std::string& old_name = before.def.name;
    if (defined_on(new_defs, before.file, old_name)) continue;
    if (!bound_by_new_code) bound_by_new_code = names_bound_by_new_code(model);
    if (bound_by_new_code->count(old_name) > 0) continue;
    // The renamed def sits in the same hunk, takes the same parameters and shares a word of the
    // old name; exactly one candidate may qualify.
    const SeenDef* after = nullptr;
    int candidates = 0;
    for (const SeenDef& candidate : new_defs)
      if (candidate.hunk == before.hunk && is_new_code(*candidate.header()) &&
          candidate.def.signature_complete && candidate.def.name != old_name &&
          param_names(candidate.def) == param_names(before.def) && shares_word(candidate.def.name, old_name) &&
          !defined_on(old_defs, before.file, candidate.def.name)) {
        after = &candidate;
        ++candidates;
      }
    if (candidates != 1) continue;
    const RE2 uses("(?:^|[^\\w])" + old_name + "\\b");
    if (const auto still = find_use(model, LineKind::Removed, uses)) {
      Finding finding = def_finding(*after, Severity::Red, "renamed",
                                    {{"old", old_name}, {"new", after->def.name},
                                     {"where", " but " + location(*still) + " still uses the old name"},
                                     {"where_short", " (" + location(*still) + ")"}});
      finding.trigger = location(*still) + " still uses `" + old_name + "`";
      out.push_back(std::move(finding));
      continue;
    }
    if (old_name[0] == '_') continue;  // private: its users are in this module, which the diff updated
    // The PR wrote calls under the new name: the rename reached the callers it knows.
    if (pr_writes_call_to(model, after->def.name, *after->file, head_range(*after)) || nested_def(*after)) continue;
    Finding finding = def_finding(*after, Severity::Warn, "renamed",
                                  {{"old", old_name}, {"new", after->def.name}, {"where", ""}, {"where_short", ""}});
    finding.tag = Tag::Inferred;
    out.push_back(std::move(finding));
  }
}

}  // namespace atom::b5
