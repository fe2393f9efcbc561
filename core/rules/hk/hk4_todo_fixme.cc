// HK4 — unfinished work left in the diff: TODO/FIXME markers, a placeholder
// `raise NotImplementedError`, or a lone `pass` as the whole body of a new branch.
#include <memory>
#include <re2/re2.h>
#include "core/analysis/python_structure.h"
#include "core/analysis/review_model.h"
#include "core/rules/rule.h"

namespace atom {
namespace {

const RuleMeta& hk4_meta() {
  static const RuleMeta meta = [] {
    RuleMeta m;
    m.id = "HK4";
    m.slug = "todo-fixme";
    m.category = "HK";
    m.default_severity = Severity::Warn;
    m.summary = "Unfinished work added: TODO/FIXME, a placeholder NotImplementedError, or a lone `pass` branch.";
    m.what =
        "Flags added lines of Python and C++/HIP files that carry a `TODO` or `FIXME` marker (in code or "
        "comments), a `raise NotImplementedError` that is a placeholder (no message, or a message saying the "
        "work is not done yet), and a new `if`/`elif`/`else` branch whose whole body is `pass`.";
    m.why =
        "A merged TODO is a known gap that nobody tracks; a placeholder NotImplementedError turns a code path "
        "into a run-time crash; an empty branch silently does nothing for the inputs it was written for.";
    m.example =
        "```python\nif use_fp8:\n    pass  # TODO: wire the fp8 path\nelse:\n    out = gemm_bf16(x, w)\n```";
    m.must_not_fire =
        "`raise NotImplementedError(\"Unsupported norm_type: ...\")` guarding an unsupported input (that is "
        "the explicit failure B6 asks for); `raise NotImplementedError` as the whole body of a method (the "
        "abstract-method idiom); `pass` in `except`, `class` or `def` bodies; markers on removed or unchanged "
        "lines; words such as `TODOS` or `todo_list`.";
    m.source = "—";
    m.messages = {
        {"marker", "`{marker}` left in the added code: {text}",
         "A known gap ships without an owner; the path it marks may be incomplete at run time.",
         "resolve it or link the tracking issue in the comment.",
         "whether this marked gap is tracked, and whether the path works without it."},
        {"not_implemented", "Placeholder `raise NotImplementedError` added: {text}",
         "Any input that reaches this path crashes at run time instead of being served.",
         "implement the path, or reject the input with a message naming what is unsupported.",
         "which inputs reach this placeholder and whether it is meant to ship."},
        {"lone_pass", "The new branch `{branch}` does nothing (its whole body is `pass`)",
         "Inputs taking this branch are silently left unhandled.",
         "implement the branch, or assert/raise for the inputs it cannot handle.",
         "what the empty branch is for and whether it silently drops work."},
    };
    m.line_patterns = {{"HK4.not_implemented", R"(\braise\s+NotImplementedError\b)"}};
    return m;
  }();
  return meta;
}

std::string clipped(std::string_view text) {
  std::string out(text.substr(text.find_first_not_of(" \t") == std::string_view::npos ? 0 : text.find_first_not_of(" \t")));
  if (out.size() > 120) out = out.substr(0, 117) + "...";
  return out;
}

// The raw text of the statement starting at lines[start] (following continuation lines).
std::string statement_text(const SideLines& lines, size_t start) {
  std::string text = lines[start]->diff->text;
  for (size_t i = start + 1; i < lines.size() && lines[i]->continuation; ++i) {
    text += ' ';
    text += lines[i]->diff->text;
  }
  return text;
}

// `raise NotImplementedError` as the whole body of a def: the abstract-method idiom.
bool is_whole_body_of_def(const SideLines& lines, size_t index) {
  for (const PyDef& def : python_defs(lines))
    if (def.body.size() == 1 && def.body.front() == index) return true;
  return false;
}

bool is_placeholder_raise(const std::string& statement) {
  static const RE2 bare(R"(raise\s+NotImplementedError\s*(?:\(\s*\))?\s*(?:#.*)?$)");
  static const RE2 unfinished(R"((?i)\b(?:not\s+(?:yet\s+)?implemented|todo|fixme|wip|yet|later|coming soon)\b)");
  return RE2::PartialMatch(statement, bare) || RE2::PartialMatch(statement, unfinished);
}

class Hk4TodoFixme final : public Rule {
 public:
  const RuleMeta& meta() const override { return hk4_meta(); }

  void check(const ReviewModel& model, std::vector<Finding>& out) const override {
    static const RE2 marker_re(R"(\b(TODO|FIXME)\b)");
    for (const FileView& file : model.files) {
      if (file.language == Language::Other) continue;
      for (const HunkView& hunk : file.hunks) {
        for (size_t i = 0; i < hunk.lines.size(); ++i) {
          const CodeLine& line = hunk.lines[i];
          if (line.kind != LineKind::Added) continue;
          std::string marker;
          if (RE2::PartialMatch(line.diff->text, marker_re, &marker)) {
            out.push_back(make(file, line, "marker", {{"marker", marker}, {"text", clipped(line.diff->text)}}));
          }
        }
      }
    }
    for (const auto& [file, line] : model.hits("HK4.not_implemented")) {
      if (file->language != Language::Python) continue;
      const HunkView* hunk = hunk_of(*file, line);
      if (hunk == nullptr) continue;
      const SideLines lines = side_lines(*hunk, Side::New);
      const size_t index = index_of(lines, line);
      if (index == lines.size() || is_whole_body_of_def(lines, index)) continue;
      const std::string statement = statement_text(lines, index);
      if (!is_placeholder_raise(statement)) continue;
      out.push_back(make(*file, *line, "not_implemented", {{"text", clipped(line->diff->text)}}));
    }
    for (const FileView& file : model.files) {
      if (file.language != Language::Python) continue;
      for (const HunkView& hunk : file.hunks) {
        const SideLines lines = side_lines(hunk, Side::New);
        for (const PyIfChain& chain : python_if_chains(lines)) {
          for (const PyBranch& branch : chain.branches) {
            if (!branch.body_complete || branch.header_line->kind != LineKind::Added) continue;
            if (branch.body.size() != 1) continue;
            const CodeLine& only = *lines[branch.body.front()];
            if (only.kind != LineKind::Added || trimmed(only.code) != "pass") continue;
            out.push_back(make(file, only, "lone_pass", {{"branch", trimmed(branch.header_line->code)}}));
          }
        }
      }
    }
  }

 private:
  static Finding make(const FileView& file, const CodeLine& line, const char* message,
                      std::map<std::string, std::string> fields) {
    Finding finding;
    finding.rule = "HK4";
    finding.severity = Severity::Warn;
    finding.path = file.path;
    finding.line = line.new_line;
    finding.side = Side::New;
    finding.tag = Tag::Verified;
    finding.message_id = message;
    finding.fields = std::move(fields);
    finding.place = line.function;
    return finding;
  }
};

}  // namespace

std::unique_ptr<Rule> make_hk4_todo_fixme() { return std::make_unique<Hk4TodoFixme>(); }

}  // namespace atom
