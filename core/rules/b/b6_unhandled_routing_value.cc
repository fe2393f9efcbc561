// B6 — a new routing value reaches a multi-way dispatch that neither handles it, nor falls to a
// documented default, nor asserts.
#include <memory>
#include <set>
#include <re2/re2.h>
#include "core/analysis/python_structure.h"
#include "core/rules/a/abc_support.h"
#include "core/rules/rule.h"

namespace atom {
namespace {

const RuleMeta& b6_meta() {
  static const RuleMeta meta = [] {
    RuleMeta m;
    m.id = "B6";
    m.slug = "unhandled-routing-value";
    m.category = "B";
    m.default_severity = Severity::Warn;
    m.summary = "A new routing value reaches a multi-way dispatch that does not handle it.";
    m.what =
        "A dispatch is an `if`/`elif` chain comparing one subject with string literals (`x == \"fp8\"`, "
        "`x in (\"a\", \"b\")`) in two or more branches, or in one branch followed by an `else`. When the diff adds a branch for a new value `V` of a "
        "subject in one dispatch, every other dispatch on the same subject that the diff shows (any file) must "
        "handle `V`, raise/assert in its `else`, or fall to an `else` documented as the safe default. Red "
        "when `V` reaches a non-raising `else` (it silently takes another value's path), warn when the chain "
        "has no `else` (`V` silently does nothing there).";
    m.why =
        "New dtypes, layouts and arch strings are usually wired into the one dispatch the author was working "
        "on; the sibling dispatches (cache dtype → writer kernel, layout → reader) keep routing the new value "
        "to whatever their `else` does: wrong output with no error (ATOM#1548, ATOM#841).";
    m.example =
        "```python\nelif self.kv_cache_dtype == \"fp4\":          # new value added here\n    return torch.uint8\n"
        "...\nif self.kv_cache_dtype == \"fp8\":           # this dispatch does not know fp4\n"
        "    return \"reshape_and_cache_fp8\"\nelse:                                        # fp4 lands here\n"
        "    return \"reshape_and_cache_bf16\"\n```";
    m.must_not_fire =
        "The other dispatch handles the value; its `else` raises or asserts; its `else` carries a comment "
        "calling it the default/fallback; an `assert`/`raise` on the subject before the chain in the same "
        "function stops the value; a value that only moved (it stands on a removed line of the file); chains "
        "with a single literal test.";
    m.source = "ATOM#1548, ATOM#841";
    m.messages = {
        {"reaches_else", "The new value `\"{value}\"` of `{subject}` reaches this `else` (line {else_line}), which "
                         "serves other values",
         "Inputs with `{subject} == \"{value}\"` silently take another value's path: wrong output.",
         "add a branch for `\"{value}\"` here, or make the `else` raise for values it does not handle.",
         "whether `\"{value}\"` can reach this dispatch and what it should do here."},
        {"falls_through", "The new value `\"{value}\"` of `{subject}` is not handled by this dispatch and falls "
                          "through it",
         "Inputs with `{subject} == \"{value}\"` skip this step silently: missing work or a wrong path later.",
         "handle `\"{value}\"` in this dispatch or raise for unknown values.",
         "whether `\"{value}\"` needs handling in this dispatch."},
    };
    return m;
  }();
  return meta;
}

// One literal dispatch chain seen on the new side.
struct Dispatch {
  const FileView* file = nullptr;
  SideLines lines;
  PyIfChain chain;
  std::string subject;
  std::set<std::string> values;       // all literal values the chain tests
  std::set<std::string> new_values;   // values tested by added branch headers
};

// Subject and literal values of one branch condition (`subject == "v"` / `subject in ("a", "b")`).
bool literal_test(const CodeLine& header, const std::string& condition, std::string& subject,
                  std::vector<std::string>& values) {
  static const RE2 equals(R"(^\s*((?:self\.)?[\w.]+)\s*(?:==|\bin\b)\s*[(\[{]?\s*["'])");
  if (!RE2::PartialMatch(condition, equals, &subject) || !header.diff) return false;
  values = abc::string_literals(header.diff->text, Language::Python);
  return !values.empty();
}

std::vector<Dispatch> dispatches(const ReviewModel& model) {
  std::vector<Dispatch> out;
  for (const FileView& file : model.files) {
    if (file.language != Language::Python || file.is_test) continue;
    for (const HunkView& hunk : file.hunks) {
      const SideLines lines = side_lines(hunk, Side::New);
      for (PyIfChain& chain : python_if_chains(lines)) {
        if (!chain.starts_in_view) continue;
        Dispatch dispatch{&file, lines, chain, "", {}, {}};
        int tests = 0;
        bool one_subject = true;
        for (const PyBranch& branch : chain.branches) {
          if (branch.keyword == "else") continue;
          std::string subject;
          std::vector<std::string> values;
          if (!literal_test(*branch.header_line, branch.condition, subject, values)) continue;
          if (!dispatch.subject.empty() && subject != dispatch.subject) one_subject = false;
          dispatch.subject = subject;
          ++tests;
          for (const std::string& value : values) {
            dispatch.values.insert(value);
            if (is_new_code(*branch.header_line)) dispatch.new_values.insert(value);
          }
        }
        // Two-way at least: two literal tests, or one and an else.
        if (one_subject && (tests >= 2 || (tests == 1 && chain.has_else))) out.push_back(std::move(dispatch));
      }
    }
  }
  return out;
}

// The value stands on a removed line of the file: it moved, it is not new.
bool moved_value(const FileView& file, const std::string& value) {
  for (const HunkView& hunk : file.hunks)
    for (const CodeLine& line : hunk.lines)
      if (line.kind == LineKind::Removed && line.diff)
        for (const std::string& literal : abc::string_literals(line.diff->text, Language::Python))
          if (literal == value) return true;
  return false;
}

// An assert/raise on the subject earlier in the same function stops unknown values.
bool guarded_before(const Dispatch& dispatch) {
  static const RE2 guard(R"(^\s*(?:assert|raise)\b)");
  const size_t first = dispatch.chain.branches.front().header;
  const std::string& function = dispatch.lines[first]->function;
  for (size_t i = 0; i < first; ++i) {
    const CodeLine& line = *dispatch.lines[i];
    if (line.function != function) continue;
    const std::string statement = abc::joined_statement(dispatch.lines, i);
    if (RE2::PartialMatch(statement, guard) && has_identifier(statement, dispatch.subject.substr(dispatch.subject.rfind('.') + 1)))
      return true;
  }
  return false;
}

class B6UnhandledRoutingValue final : public Rule {
 public:
  const RuleMeta& meta() const override { return b6_meta(); }

  void check(const ReviewModel& model, std::vector<Finding>& out) const override {
    static const RE2 refuses(R"(^\s*(?:raise|assert)\b)");
    static const RE2 documented_default(R"((?i)\bdefault\b|\bfallback\b|\bfall back\b)");
    const std::vector<Dispatch> all = dispatches(model);
    for (const Dispatch& source : all) {
      for (const std::string& value : source.new_values) {
        if (source.values.size() < 2 || moved_value(*source.file, value)) continue;
        for (const Dispatch& target : all) {
          if (&target == &source || target.subject != source.subject || target.values.count(value)) continue;
          if (guarded_before(target)) continue;
          const PyBranch& last = target.chain.branches.back();
          if (last.keyword == "else") {
            bool raises = false;
            for (size_t index : last.body) raises = raises || RE2::PartialMatch(target.lines[index]->code, refuses);
            const std::string note = abc::commentary(*last.header_line, Language::Python) +
                                     (last.body.empty() ? "" : " " + abc::commentary(*target.lines[last.body.front()], Language::Python));
            if (raises || RE2::PartialMatch(note, documented_default)) continue;
            Finding finding = abc::line_finding(
                "B6", Severity::Red, *target.file, *last.header_line, "reaches_else",
                {{"value", value}, {"subject", target.subject}, {"else_line", std::to_string(last.header_line->new_line)}});
            finding.trigger = "`" + target.subject + " == \"" + value + "\"` reaches the `else` at " +
                              target.file->path + ":" + std::to_string(last.header_line->new_line);
            out.push_back(std::move(finding));
          } else if (target.chain.complete) {
            out.push_back(abc::line_finding("B6", Severity::Warn, *target.file, *target.chain.branches.front().header_line,
                                            "falls_through", {{"value", value}, {"subject", target.subject}}));
          }
        }
      }
    }
  }
};

}  // namespace

std::unique_ptr<Rule> make_b6_unhandled_routing_value() { return std::make_unique<B6UnhandledRoutingValue>(); }

}  // namespace atom
