// B6 — a new routing value reaches a multi-way dispatch that neither handles it, nor falls to a
// documented default, nor asserts.
#include <map>
#include <memory>
#include <string_view>
#include <utility>
#include <set>
#include <re2/re2.h>
#include "core/analysis/diff_lines_by_side.h"
#include "core/analysis/file_trees.h"
#include "core/analysis/structure.h"
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
         "whether `\"{value}\"` can reach this dispatch and what it should do here.",
         "`{subject} == \"{value}\"` reaches the `else` at {path}:{else_line}"},
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

// One literal dispatch chain of a head tree.
struct Dispatch {
  const FileView* file = nullptr;
  const HeadLines* lines = nullptr;
  const ast::FileSyntax* part = nullptr;
  const ast::PyIfChain* chain = nullptr;
  std::string subject;
  std::set<std::string> values;       // all literal values the chain tests
  std::set<std::string> new_values;   // values tested by added branch headers
};

// The operand starting at `at`: one string literal, or a bracketed collection up to its closing bracket.
std::string_view operand_at(std::string_view text, size_t at) {
  if (at >= text.size()) return {};
  const char open = text[at];
  if (open == '"' || open == '\'') {
    const size_t end = text.find(open, at + 1);
    return text.substr(at, end == std::string_view::npos ? std::string_view::npos : end - at + 1);
  }
  const char close = open == '(' ? ')' : open == '[' ? ']' : '}';
  int depth = 0;
  char quote = 0;
  for (size_t i = at; i < text.size(); ++i) {
    const char c = text[i];
    if (quote) {
      if (c == quote) quote = 0;
    } else if (c == '"' || c == '\'') {
      quote = c;
    } else if (c == open) {
      ++depth;
    } else if (c == close && --depth == 0) {
      return text.substr(at, i - at + 1);
    }
  }
  return text.substr(at);
}

// Subject and literal values of one branch condition (`subject == "v"` / `subject in ("a", "b")`,
// also `subject == "a" or subject == "b"`): only the literals compared with the subject, not
// those elsewhere in the condition (`hasattr(self.model, "compute_logits")`).
bool literal_test(const std::string& condition, std::string& subject, std::vector<std::string>& values) {
  static const RE2 equals(R"(^\s*((?:self\.)?[\w.]+)\s*(?:==|\bin\b)\s*[(\[{]?\s*["'])");
  static const RE2 comparison(R"(((?:self\.)?[\w.]+)\s*(?:==|\bin\b)\s*([(\[{"']))");
  if (!RE2::PartialMatch(condition, equals, &subject)) return false;
  values.clear();
  re2::StringPiece rest(condition), compared, opening;
  while (RE2::FindAndConsume(&rest, comparison, &compared, &opening)) {
    const size_t at = static_cast<size_t>(opening.data() - condition.data());
    const std::string_view operand = operand_at(condition, at);
    if (compared == subject)
      for (const std::string& value : abc::string_literals(operand, Language::Python)) values.push_back(value);
    rest = re2::StringPiece(condition.data() + at + operand.size(), condition.size() - at - operand.size());
  }
  return !values.empty();
}

std::vector<Dispatch> dispatches(const ReviewModel& model, const std::map<const FileView*, HeadLines>& head_lines) {
  std::vector<Dispatch> out;
  for (const FileView& file : model.files) {
    if (file.language != Language::Python || file.is_test) continue;
    const HeadLines& lines = head_lines.at(&file);
    for (const ast::FileSyntax& part : head_trees(file).parts)
      for (const ast::PyIfChain& chain : part.python().if_chains) {
        Dispatch dispatch{&file, &lines, &part, &chain, "", {}, {}};
        int tests = 0;
        bool one_subject = true;
        for (const ast::PyBranch& branch : chain.branches) {
          if (branch.keyword == "else") continue;
          std::string subject;
          std::vector<std::string> values;
          if (!literal_test(branch.condition, subject, values)) continue;
          if (!dispatch.subject.empty() && subject != dispatch.subject) one_subject = false;
          dispatch.subject = subject;
          ++tests;
          for (const std::string& value : values) {
            dispatch.values.insert(value);
            if (lines.new_code(branch.header_line)) dispatch.new_values.insert(value);
          }
        }
        // Two-way at least: two literal tests, or one and an else.
        if (one_subject && (tests >= 2 || (tests == 1 && chain.has_else))) out.push_back(std::move(dispatch));
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

// The assert and raise statements of a tree, with their lines.
std::vector<std::pair<int, std::string_view>> refusals(const syntax::SyntaxTree& tree) {
  std::vector<std::pair<int, std::string_view>> out;
  syntax::walk(tree.root(), [&](syntax::Node node) {
    if (node.kind() == "assert_statement" || node.kind() == "raise_statement") out.emplace_back(tree.start_line(node), tree.text(node));
    return true;
  });
  return out;
}

// An assert/raise on the subject earlier in the same function (the part, outside any) stops unknown values.
bool guarded_before(const Dispatch& dispatch) {
  const ast::PythonSyntax& syntax = dispatch.part->python();
  const int first = dispatch.chain->range.first;
  const ast::PyFunction* function = ast::function_at(syntax, first);
  const std::string name = dispatch.subject.substr(dispatch.subject.rfind('.') + 1);
  for (const auto& [line, text] : refusals(dispatch.part->tree))
    if (line < first && ast::function_at(syntax, line) == function && has_identifier(text, name)) return true;
  return false;
}

// The else branch raises or asserts somewhere in its body.
bool else_refuses(const Dispatch& dispatch, const ast::PyBranch& branch) {
  for (const auto& [line, text] : refusals(dispatch.part->tree))
    if (line > branch.header_line && branch.range.contains(line)) return true;
  return false;
}

// The comment on the else header and on its first statement line.
std::string else_note(const Dispatch& dispatch, const ast::PyBranch& branch) {
  std::string note = abc::commentary(*dispatch.lines->at(branch.header_line), Language::Python);
  for (int number = branch.header_line + 1; number <= branch.range.last; ++number) {
    const CodeLine* line = dispatch.lines->at(number);
    if (!line || !is_statement_start(*line)) continue;
    note += " " + abc::commentary(*line, Language::Python);
    break;
  }
  return note;
}

class B6UnhandledRoutingValue final : public Rule {
 public:
  const RuleMeta& meta() const override { return b6_meta(); }

  void check(const ReviewModel& model, std::vector<Finding>& out) const override {
    static const RE2 documented_default(R"((?i)\bdefault\b|\bfallback\b|\bfall back\b)");
    std::map<const FileView*, HeadLines> head_lines;
    for (const FileView& file : model.files)
      if (file.language == Language::Python && !file.is_test) head_lines.emplace(&file, HeadLines(file));
    const std::vector<Dispatch> all = dispatches(model, head_lines);
    for (const Dispatch& source : all) {
      for (const std::string& value : source.new_values) {
        if (source.values.size() < 2 || moved_value(*source.file, value)) continue;
        for (const Dispatch& target : all) {
          if (&target == &source || target.subject != source.subject || target.values.count(value)) continue;
          if (guarded_before(target)) continue;
          const ast::PyBranch& last = target.chain->branches.back();
          const CodeLine* else_header = target.lines->at(last.header_line);
          if (last.keyword == "else" && else_header) {
            if (else_refuses(target, last) || RE2::PartialMatch(else_note(target, last), documented_default)) continue;
            Finding finding = abc::line_finding(
                "B6", Severity::Red, *target.file, *else_header, "reaches_else",
                {{"value", value}, {"subject", target.subject}, {"else_line", std::to_string(last.header_line)}});
            finding.trigger = Finding::TriggerValues{{"path", target.file->path}};
            out.push_back(std::move(finding));
          } else if (last.keyword != "else" && shows_end_of(*target.part, target.chain->range)) {
            const CodeLine* header = target.lines->at(target.chain->branches.front().header_line);
            if (header)
              out.push_back(abc::line_finding("B6", Severity::Warn, *target.file, *header, "falls_through",
                                              {{"value", value}, {"subject", target.subject}}));
          }
        }
      }
    }
  }
};

}  // namespace

std::unique_ptr<Rule> make_b6_unhandled_routing_value() { return std::make_unique<B6UnhandledRoutingValue>(); }

}  // namespace atom
