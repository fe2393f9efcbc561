// D1c: `__init__` reads `self.X` before the same `__init__` assigns it (pylint E0203).
#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string_view>

#include "core/analysis/review_model.h"
#include "core/analysis/structure.h"
#include "core/rules/d/d1c_init_bodies.h"
#include "core/rules/rule.h"
#include "core/rules/finding_at.h"

namespace atom {
namespace {

const RuleMeta kMeta{
    .id = "D1c",
    .slug = "attribute-read-before-init-assigns",
    .category = "D",
    .default_severity = Severity::Red,
    .summary = "`__init__` reads `self.X` on a new line before a later line of the same `__init__` assigns it.",
    .what =
        "Finds a Python `__init__` where an added statement (an assert, a condition, a call argument, "
        "`self.X.y = …`, `self.X[i] = …`) reads `self.X` and a later line of the same `__init__` "
        "assigns `self.X = …` (plain, annotated or tuple target), with no earlier assignment of "
        "`self.X` (nor `setattr(self, \"X\", …)`) in view. The first read of each attribute is reported.",
    .why =
        "Until `__init__` assigns it the instance has no attribute `X`, so the read raises "
        "`AttributeError` while the object is being built. Checks added in front of the "
        "assignments they test are the usual shape, and they only run when their guard is on, "
        "so the default configuration never shows it (ATOM#65, fixed by moving the asserts down in ATOM#108).",
    .example =
        "```python\nclass Attention(nn.Module):\n    def __init__(self, q_norm=None):\n        super().__init__()\n"
        "        if FUSE_QK_NORM:\n            assert self.q_norm is not None   # AttributeError\n"
        "        self.q_norm = q_norm\n```\n"
        "Use instead: put the assert after `self.q_norm = q_norm`, or test the parameter `q_norm`.",
    .must_not_fire =
        "The read is guarded by `hasattr(self, \"X\")` / `getattr(self, \"X\", …)`; the `__init__` "
        "catches `AttributeError` or uses `self.__dict__` / `vars(self)` / `setattr` with a computed name; "
        "the read sits on the assigning line itself (`self.x = self.x or default` reads a class or base "
        "value on purpose); `self.X` is assigned earlier (also by `setattr(self, \"X\", …)`); an earlier "
        "call hands `self` to other code (`self.register_buffer(…)`, `init_weights(self)`) or runs a base "
        "`__init__` whose bases are not known to be stateless; the file defines a class attribute `X = …` / "
        "`X: T = …` at class-body indent, a method or property `def X`, or `__getattr__` / `__new__`; the "
        "read is inside a nested def or lambda (it runs later); `self.X: T` alone (a declaration); the "
        "first read of `X` is an unchanged line; lines before the read are out of view and the later "
        "assignment is an unchanged line; a later hunk (past unseen lines) reads `self.…` or returns before "
        "it assigns any `self.…` (it is likely another method); any function other than `__init__`. The finding is red only when "
        "the diff shows `__init__` from its `def` to the assignment without a gap and the class's bases "
        "are known and stateless (none, `object`, `nn.Module`, `ABC`, `Protocol`); otherwise it is "
        "inferred (warn).",
    .source = "ATOM#65",
    .messages = {{
        .id = "read-before-assign",
        .problem = "`self.{attr}` is read at line {read_line} of `__init__`, but the first assignment "
                   "`self.{attr} = …` comes later, at line {assign_line}",
        .impact = "AttributeError when the class is constructed along this path",
        .action_verified = "move the read after `self.{attr} = …` (line {assign_line}) or assign it first",
        .action_inferred = "whether a base class, a class attribute or a line the diff does not show sets "
                           "`self.{attr}` before line {read_line}",
        .trigger = "`self.{attr}` read at line {read_line}, first assigned at line {assign_line} of the same `__init__`",
    }},
    .line_patterns = {},
};

// Bases whose `__init__` sets no attribute a subclass would read as its own ("" is none).
bool stateless_bases(std::string_view bases) {
  static const std::set<std::string_view> kStateless = {"",    "object",    "nn.Module", "torch.nn.Module",
                                                        "ABC", "abc.ABC", "Protocol"};
  size_t start = 0;
  while (true) {
    const size_t comma = bases.find(',', start);
    if (!kStateless.count(bases.substr(start, comma == std::string_view::npos ? comma : comma - start))) return false;
    if (comma == std::string_view::npos) return true;
    start = comma + 1;
  }
}

// What `nn.Module.__init__` sets on the instance.
bool module_state(const std::string& attr) {
  static const std::set<std::string> kModuleState = {
      "training", "_parameters", "_buffers", "_modules", "_non_persistent_buffers_set", "_backward_hooks",
      "_backward_pre_hooks", "_forward_hooks", "_forward_pre_hooks", "_state_dict_hooks",
      "_load_state_dict_pre_hooks", "_load_state_dict_post_hooks", "_state_dict_pre_hooks"};
  return kModuleState.count(attr) > 0;
}

class D1cRule : public Rule {
 public:
  const RuleMeta& meta() const override { return kMeta; }

  void check(const ReviewModel& model, std::vector<Finding>& out) const override {
    for (const FileView& file : model.files) {
      if (file.language != Language::Python) continue;
      // A hunk's window may hide the def its lines belong to; a whole file hides none.
      if (file.source == ReviewSource::Whole && !d1c::adds_in_an_init(file)) continue;
      std::optional<d1c::FileClasses> classes;  // only for a file with an `__init__` in view
      for (const d1c::InitBody& body : d1c::init_bodies(file)) {
        if (!classes) classes.emplace(file);
        check_body(file, body, classes->facts(body.class_name), out);
      }
    }
  }

 private:
  void check_body(const FileView& file, const d1c::InitBody& body, const d1c::ClassFacts& facts,
                  std::vector<Finding>& out) const {
    const d1c::Guards guards = d1c::guards_of(file, body);
    if (guards.catches_attribute_error) return;
    for (const char* hook : {"__getattr__", "__getattribute__", "__new__"})
      if (facts.class_names.count(hook)) return;  // attributes may come from elsewhere
    const std::vector<d1c::Statement> statements = d1c::statements_of(file, body);
    std::set<std::string> assigned, settled;  // settled: first read already judged
    const bool stateless = facts.bases && stateless_bases(*facts.bases);
    std::map<std::string, std::vector<size_t>> assignments;  // attribute → statements assigning it, in order
    for (size_t s = 0; s < statements.size(); ++s)
      for (const std::string& attr : statements[s].use.assigned) assignments[attr].push_back(s);
    bool base_initialised = false;
    for (size_t s = 0; s < statements.size(); ++s) {
      const d1c::AttributeUse& use = statements[s].use;
      // From here on any attribute may exist: set by name at run time, by code that got `self`
      // (a method, a helper), or by a base class `__init__` whose attributes we cannot see.
      if (use.opaque || use.passes_self) return;
      for (const std::string& method : use.self_calls)
        if (!assignments.count(method)) return;  // a method, not an attribute holding a callable
      if (use.calls_base_init && !stateless) return;
      base_initialised |= use.calls_base_init;
      for (const auto& [attr, read_line] : use.first_read_line) {
        if (assigned.count(attr) || use.assigned.count(attr) || !settled.insert(attr).second) continue;
        if (guards.named.count(attr) || facts.class_names.count(attr)) continue;
        if (base_initialised && module_state(attr)) continue;
        const CodeLine* read = new_side_line(file, read_line);
        if (!read || read->kind != LineKind::Added) continue;
        const std::optional<int> assign_line = later_assignment(statements, assignments, s, attr);
        const CodeLine* assign = assign_line ? new_side_line(file, *assign_line) : nullptr;
        if (!assign) continue;
        // Unseen lines before the read may set the attribute; a later assignment the PR adds
        // (rather than one already there) says the attribute is new or being moved.
        if (!d1c::shown_from_def(body, read_line) && assign->kind != LineKind::Added) continue;
        const bool verified = !body.guessed && d1c::shown_from_def(body, *assign_line) && stateless;
        keep_most_severe(out, finding(file, *read, *assign, attr, verified));
      }
      assigned.insert(use.assigned.begin(), use.assigned.end());
    }
  }

  // The first line of the first statement after `from` that assigns `attr`.
  static std::optional<int> later_assignment(const std::vector<d1c::Statement>& statements,
                                             const std::map<std::string, std::vector<size_t>>& assignments,
                                             size_t from, const std::string& attr) {
    auto found = assignments.find(attr);
    if (found == assignments.end()) return std::nullopt;
    auto next = std::upper_bound(found->second.begin(), found->second.end(), from);
    if (next == found->second.end()) return std::nullopt;
    return statements[*next].first_line;
  }

  // One finding per line: two attributes first read on one line keep the more severe.
  static void keep_most_severe(std::vector<Finding>& out, Finding finding) {
    for (Finding& existing : out) {
      if (existing.rule != finding.rule || existing.path != finding.path || existing.line != finding.line) continue;
      if (finding.severity > existing.severity) existing = std::move(finding);
      return;
    }
    out.push_back(std::move(finding));
  }

  static Finding finding(const FileView& file, const CodeLine& read, const CodeLine& assign, const std::string& attr,
                         bool verified) {
    const Severity severity = verified ? Severity::Red : Severity::Warn;
    Finding finding = finding_at("D1c", severity, verified ? Tag::Verified : Tag::Inferred, file, read.new_line,
                                 "read-before-assign",
                                 {{"attr", attr},
                                  {"read_line", std::to_string(read.new_line)},
                                  {"assign_line", std::to_string(assign.new_line)}});
    if (verified) finding.trigger.emplace();
    return finding;
  }
};

}  // namespace

std::unique_ptr<Rule> make_d1c_attribute_read_before_init_assigns() { return std::make_unique<D1cRule>(); }

}  // namespace atom
