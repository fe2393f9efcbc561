// HK4 — unfinished work left in the diff: TODO/FIXME markers, a placeholder
// `raise NotImplementedError`, or a lone `pass` as the whole body of a new branch.
#include <algorithm>
#include <memory>
#include <re2/re2.h>
#include "core/analysis/file_trees.h"
#include "core/analysis/diff_lines_by_side.h"
#include "core/analysis/structure.h"
#include "core/analysis/review_model.h"
#include "core/rules/rule.h"
#include "core/rules/finding_at.h"

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
        "Flags added lines of Python and C++/HIP files that carry a `TODO` or `FIXME` marker (opening a "
        "comment, or followed by `:`, `(` or `@`), a `raise NotImplementedError` that is a placeholder (bare and "
        "not guarding a branch, or with a TODO/FIXME/WIP/TBD message), and a new branch whose whole body is an "
        "unexplained `pass` when it does nothing at all: an `else: pass`, or an `if … : pass` with no other "
        "branch.";
    m.why =
        "A merged TODO is a known gap that nobody tracks; a placeholder NotImplementedError turns a code path "
        "into a run-time crash; an empty branch silently does nothing for the inputs it was written for.";
    m.example =
        "```python\nif use_fp8:\n    pass  # TODO: wire the fp8 path\nelse:\n    out = gemm_bf16(x, w)\n```";
    m.must_not_fire =
        "`raise NotImplementedError(...)` inside an `if`/`else`/`except` guarding an unsupported input, even "
        "with \"not supported yet\" (that is the explicit failure B6 asks for: our decision, stricter than the "
        "checklist's \"any added line\", for precision); `raise NotImplementedError` as the whole body of a "
        "method (the abstract-method idiom); a `pass` branch explained by a comment line, or one of several "
        "branches (`if NO_SCALE: pass elif …`); `pass` in `except`, `class` or `def` bodies; markers on "
        "removed or unchanged lines; prose mentioning a TODO; words such as `TODOS` or `todo_list`.";
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

// The statements of a block, comments left out (tree-sitter keeps them as the block's children).
std::vector<syntax::Node> statements_of(syntax::Node block) {
  std::vector<syntax::Node> out;
  for (syntax::Node child : block.named_children())
    if (child.kind() != "comment") out.push_back(child);
  return out;
}

bool is_docstring(syntax::Node statement) {
  return statement.kind() == "expression_statement" && statement.named_child_count() == 1 &&
         statement.named_child(0).kind() == "string";
}

// The `raise` statement that starts on head line `line` of `part`, or a null node.
syntax::Node raise_on_line(const ast::FileSyntax& part, int line) {
  syntax::Node found;
  syntax::walk(part.tree.root(), [&](syntax::Node node) {
    if (!found.null() || part.tree.end_line(node) < line || part.tree.start_line(node) > line) return false;
    if (node.kind() == "raise_statement" && part.tree.start_line(node) == line) found = node;
    return found.null();
  });
  return found;
}

// `raise NotImplementedError` as the whole body of a def (a docstring aside): the abstract-method idiom.
bool is_whole_body_of_def(syntax::Node raise) {
  const syntax::Node block = raise.parent();
  if (block.kind() != "block" || block.parent().kind() != "function_definition") return false;
  std::vector<syntax::Node> body = statements_of(block);
  if (!body.empty() && is_docstring(body.front())) body.erase(body.begin());
  return body.size() == 1 && body.front() == raise;
}

// A raise directly inside an if/elif/else/except/case rejects an unsupported input: a guard.
bool is_guard(syntax::Node raise) {
  const syntax::Node block = raise.parent();
  if (block.kind() != "block") return false;
  const std::string_view owner = block.parent().kind();
  return owner == "if_statement" || owner == "elif_clause" || owner == "else_clause" || owner == "except_clause" ||
         owner == "except_group_clause" || owner == "case_clause";
}

// The raw text of the lines the statement spans, joined with ' ' (comments kept: a TODO there counts).
std::string statement_lines(const syntax::SyntaxTree& tree, syntax::Node statement) {
  std::string text;
  const std::string& all = tree.text();
  for (int line = tree.start_line(statement); line <= tree.end_line(statement); ++line) {
    const size_t begin = tree.line_start(line);
    const size_t end = std::min(all.find('\n', begin), all.size());
    if (!text.empty()) text += ' ';
    text.append(all, begin, end - begin);
  }
  return text;
}

bool is_placeholder_raise(syntax::Node raise, const std::string& statement) {
  static const RE2 bare(R"(raise\s+NotImplementedError\s*(?:\(\s*\))?\s*(?:#.*)?$)");
  static const RE2 unfinished(R"(\b(?:TODO|FIXME|WIP|TBD)\b|\b(?i:implement me|coming soon)\b)");
  if (RE2::PartialMatch(statement, unfinished)) return true;
  return RE2::PartialMatch(statement, bare) && !is_guard(raise);
}

struct Branch {
  syntax::Node node;   // the if_statement (for its `if` branch), an elif_clause or an else_clause
  syntax::Node body;   // its block
  bool is_else = false;
};

std::vector<Branch> branches_of(syntax::Node if_statement) {
  std::vector<Branch> out{{if_statement, if_statement.field("consequence"), false}};
  for (syntax::Node child : if_statement.named_children()) {
    if (child.kind() == "elif_clause") out.push_back({child, child.field("consequence"), false});
    if (child.kind() == "else_clause") out.push_back({child, child.field("body"), true});
  }
  return out;
}

// A comment-only line among the branch's lines: the author explained the empty branch.
bool has_comment_line(const HeadLines& lines, int header, int last) {
  for (int line = header + 1; line <= last; ++line) {
    const CodeLine* code = lines.at(line);
    if (code && code->blank_or_comment && code->diff->text.find('#') != std::string::npos) return true;
  }
  return false;
}

class Hk4TodoFixme final : public Rule {
 public:
  const RuleMeta& meta() const override { return hk4_meta(); }

  void check(const ReviewModel& model, std::vector<Finding>& out) const override {
    // A marker opens a comment or is followed by ':', '(' or '@'; prose that mentions "the TODO" is not one.
    static const RE2 marker_re(R"((?:(?:#|//|/\*|^\s*\*)\s*(TODO|FIXME)\b|\b(TODO|FIXME)\s*[:(@]))");
    for (const FileView& file : model.files) {
      if (!is_code_file(file)) continue;
      for (const HunkView& hunk : file.hunks) {
        for (size_t i = 0; i < hunk.lines.size(); ++i) {
          const CodeLine& line = hunk.lines[i];
          if (!is_new_code(line)) continue;
          std::string opening, followed;
          if (RE2::PartialMatch(line.diff->text, marker_re, &opening, &followed)) {
            const std::string& marker = opening.empty() ? followed : opening;
            out.push_back(make(file, line, "marker", {{"marker", marker}, {"text", clipped(line.diff->text)}}));
          }
        }
      }
    }
    for (const auto& [file, line] : model.hits("HK4.not_implemented")) {
      if (file->language != Language::Python) continue;
      for (const ast::FileSyntax& part : head_trees(*file).parts) {
        if (line->new_line < part.first_line || line->new_line > part.last_line) continue;
        const syntax::Node raise = raise_on_line(part, line->new_line);
        if (raise.null() || is_whole_body_of_def(raise)) continue;
        if (!is_placeholder_raise(raise, statement_lines(part.tree, raise))) continue;
        out.push_back(make(*file, *line, "not_implemented", {{"text", clipped(line->diff->text)}}));
      }
    }
    for (const FileView& file : model.files) {
      if (file.language != Language::Python) continue;
      const HeadLines lines(file);
      for (const ast::FileSyntax& part : head_trees(file).parts)
        syntax::walk(part.tree.root(), [&](syntax::Node node) {
          if (node.kind() == "if_statement") lone_passes(file, lines, part, node, out);
          return true;
        });
    }
  }

 private:
  // A new branch whose whole body is a new `pass` and that does nothing at all: an `else`, or the
  // only branch of its `if`.
  static void lone_passes(const FileView& file, const HeadLines& lines, const ast::FileSyntax& part,
                          syntax::Node if_statement, std::vector<Finding>& out) {
    const syntax::SyntaxTree& tree = part.tree;
    const std::vector<Branch> branches = branches_of(if_statement);
    for (size_t i = 0; i < branches.size(); ++i) {
      const Branch& branch = branches[i];
      if (!branch.is_else && branches.size() > 1) continue;
      if (branch.body.null() || branch.node.has_error()) continue;
      const int header = tree.start_line(branch.node);
      const std::vector<syntax::Node> body = statements_of(branch.body);
      if (body.size() != 1 || body.front().kind() != "pass_statement") continue;
      const int pass_line = tree.start_line(body.front());
      if (!lines.new_code(header) || !lines.new_code(pass_line)) continue;
      // The last branch's body may run on past a fragment's end.
      if (i + 1 == branches.size() && !shows_end_of(part, {header, tree.end_line(branch.node)})) continue;
      if (has_comment_line(lines, header, tree.end_line(branch.body))) continue;
      out.push_back(make(file, *lines.at(pass_line), "lone_pass", {{"branch", trimmed(lines.at(header)->code)}}));
    }
  }

  static Finding make(const FileView& file, const CodeLine& line, const char* message,
                      std::map<std::string, std::string> fields) {
    Finding finding = finding_at("HK4", Severity::Warn, Tag::Verified, file, line.new_line, message, std::move(fields));
    finding.place = line.function;
    return finding;
  }
};

}  // namespace

std::unique_ptr<Rule> make_hk4_todo_fixme() { return std::make_unique<Hk4TodoFixme>(); }

}  // namespace atom
