// B5 sub-checks on silent fallbacks: attr-missing (nested getattr defaults) and dispatch-silent
// (a backend fallback with no log).
#include <algorithm>
#include <cctype>
#include <set>
#include <re2/re2.h>
#include "core/analysis/file_trees.h"
#include "core/analysis/structure.h"
#include "core/rules/a/abc_support.h"
#include "core/rules/b/b5_subchecks.h"

namespace atom::b5 {
namespace {

// A line that logs, warns, prints, raises or asserts.
const RE2& says_it() {
  static const RE2 says(R"(\blog\w*\.|\blogging\.|\bwarn\w*\(|\bprint\(|^\s*raise\b|^\s*assert\b)");
  return says;
}

bool loud(std::string_view code) { return RE2::PartialMatch(code, says_it()); }

// Whether a check within six statement lines after `index` raises or logs on one of `bound`.
bool checked_after(const SideLines& lines, size_t index, const std::vector<std::string>& bound) {
  bool checked = false;
  for (size_t next = index + 1; next < lines.size() && next <= index + 6 && !checked; ++next)
    for (const std::string& name : bound)
      checked = checked || (has_identifier(lines[next]->code, name) && loud(lines[next]->code)) ||
                (next + 1 < lines.size() && has_identifier(lines[next]->code, name) && loud(lines[next + 1]->code));
  return checked;
}

// Whether one of the six lines after `index` tests `name` in a condition (`if boundary is None:
// return chunk`): the missing attribute is then handled on purpose, not silently.
bool tested_after(const SideLines& lines, size_t index, const std::string& name) {
  static const RE2 condition(R"(^\s*(?:if|elif|while|assert)\b)");
  for (size_t next = index + 1; next < lines.size() && next <= index + 6; ++next)
    if (RE2::PartialMatch(lines[next]->code, condition) && has_identifier(lines[next]->code, name)) return true;
  return false;
}

// The distinctive lower-case words of identifiers and strings in `text` ("_fuse_shared_into_routed"
// → fuse, shared, routed): four letters or more, generic ones left out.
std::set<std::string> feature_words(std::string_view text) {
  static const std::set<std::string> generic = {
      "self", "args", "config", "none", "false", "true", "getattr", "hasattr", "isinstance", "class", "name",
      "with", "from", "into", "return", "enable", "enabled", "layer", "model", "module", "modules", "value", "type",
      "experts"};
  std::set<std::string> words;
  std::string word;
  for (size_t i = 0; i <= text.size(); ++i) {
    const char c = i < text.size() ? text[i] : ' ';
    if (std::isalnum(static_cast<unsigned char>(c))) {
      word += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      continue;
    }
    if (word.size() >= 4 && !generic.count(word)) words.insert(word);
    word.clear();
  }
  return words;
}


// The head file or fragment that holds new line `line`.
const ast::FileSyntax* head_part_at(const FileView& file, int line) {
  for (const ast::FileSyntax& part : head_trees(file).parts)
    if (part.grammar() == syntax::Grammar::Python && part.first_line <= line && line <= part.last_line) return &part;
  return nullptr;
}

// The plain names the statement on new line `line` binds (assignment, for, with … as, walrus).
std::vector<std::string> names_bound_on(const FileView& file, int line) {
  std::vector<std::string> names;
  if (const ast::FileSyntax* part = head_part_at(file, line))
    for (const ast::PyBinding& binding : part->python().bindings)
      if (binding.line == line && binding.target == ast::PyTarget::Name) names.push_back(binding.name);
  return names;
}

// The `if`/`elif` branches whose body holds `line`, the nearest first.
std::vector<const ast::PyBranch*> guards_around(const ast::PythonSyntax& syntax, int line) {
  std::vector<const ast::PyBranch*> guards;
  for (const ast::PyIfChain& chain : syntax.if_chains)
    for (const ast::PyBranch& branch : chain.branches)
      if (branch.keyword != "else" && branch.header_line < line && line <= branch.range.last) guards.push_back(&branch);
  std::sort(guards.begin(), guards.end(),
            [](const ast::PyBranch* a, const ast::PyBranch* b) { return a->header_line > b->header_line; });
  return guards;
}

// The `except` clause that starts on `line`, or a null node.
syntax::Node except_clause_at(const ast::FileSyntax& part, int line) {
  const syntax::SyntaxTree& tree = part.tree;
  syntax::Node found;
  syntax::walk(tree.root(), [&](syntax::Node node) {
    if (!found.null() || tree.end_line(node) < line || tree.start_line(node) > line) return false;
    if (node.kind() == "except_clause" && tree.start_line(node) == line) found = node;
    return found.null();
  });
  return found;
}

// The block of an except clause (its last named child), or a null node.
syntax::Node body_of(syntax::Node clause) {
  for (uint32_t i = clause.named_child_count(); i > 0; --i)
    if (clause.named_child(i - 1).kind() == "block") return clause.named_child(i - 1);
  return syntax::Node();
}

// A clause's header (`except (ImportError, …):`, over however many lines), as code without its
// comments, on one line with single spaces.
std::string header_text(const SideLines& lines, const syntax::SyntaxTree& tree, syntax::Node clause, syntax::Node body) {
  const int first = tree.start_line(clause), last = std::max(first, tree.start_line(body) - 1);
  std::string joined;
  for (const CodeLine* line : lines)
    if (line->new_line >= first && line->new_line <= last) joined += line->code + " ";
  std::string out;
  for (char c : joined) {
    const bool space = c == ' ' || c == '\t' || c == '\n' || c == '\r';
    if (space && (out.empty() || out.back() == ' ')) continue;
    out += space ? ' ' : c;
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

// Whether a line of `lines` within `range` has code matching `pattern`.
bool any_line_in(const SideLines& lines, ast::LineRange range, const RE2& pattern) {
  for (const CodeLine* line : lines)
    if (range.contains(line->new_line) && !line->blank_or_comment && RE2::PartialMatch(line->code, pattern)) return true;
  return false;
}

}  // namespace

void attr_missing(const ReviewModel& model, std::vector<Finding>& out) {
  static const RE2 default_arg(R"(,\s*([^,()]+?)\s*\)\s*$)");
  for (const auto& [file, line] : model.hits("B5.nested_getattr")) {
    if (file->language != Language::Python || file->is_test || !line->diff) continue;
    const HunkView* hunk = hunk_of(*file, line);
    if (!hunk) continue;
    const SideLines lines = side_lines(*hunk, Side::New);
    const size_t index = index_of(lines, line);
    if (index >= lines.size()) continue;
    // A check right after it that raises or logs on the missing value makes the fallback loud.
    if (checked_after(lines, index, names_bound_on(*file, line->new_line))) continue;
    const std::string expression = abc::source_text(line->diff->text, Language::Python);
    std::string default_value = "the default";
    RE2::PartialMatch(expression, default_arg, &default_value);
    Finding finding = abc::line_finding("B5", Severity::Warn, *file, *line, "attr_missing",
                                        {{"expression", abc::clip(expression)}, {"default", default_value}});
    finding.tag = Tag::Inferred;
    out.push_back(std::move(finding));
  }
}

void default_defeats_guard(const ReviewModel& model, std::vector<Finding>& out) {
  static const RE2 plain_getattr(
      R"(^\s*([\w.]+)\s*=\s*(getattr\s*\(\s*[\w.]+\s*,\s*["'](\w+)["']\s*,\s*(0|0\.0|None|False)\s*\))\s*$)");
  // A guard that tests for the feature being off (`if n == 0:`) is not one the default defeats.
  static const RE2 tests_off(R"(\bnot\b|==\s*(?:0|None|False)\b|\bis\s+None\b|<=?\s*0\b)");
  for (const auto& [file, line] : model.hits("B5.getattr_falsy_default")) {
    if (file->language != Language::Python || file->is_test || !line->diff) continue;
    const HunkView* hunk = hunk_of(*file, line);
    if (!hunk) continue;
    const SideLines lines = side_lines(*hunk, Side::New);
    const size_t index = index_of(lines, line);
    std::string target, expression, attribute, default_value;
    const std::string code = abc::source_text(line->diff->text, Language::Python);
    if (index >= lines.size() || !RE2::FullMatch(code, plain_getattr, &target, &expression, &attribute, &default_value))
      continue;
    const std::set<std::string> attribute_words = feature_words(attribute);
    const ast::FileSyntax* part = head_part_at(*file, line->new_line);
    if (!part) continue;
    for (const ast::PyBranch* branch : guards_around(part->python(), line->new_line)) {  // the nearest guard first
      const std::string guard = branch->keyword + " " + branch->condition + ":";
      std::string shared;
      for (const std::string& word : feature_words(guard))
        if (attribute_words.count(word)) shared = word;
      if (shared.empty() || has_identifier(guard, attribute) || RE2::PartialMatch(guard, tests_off)) continue;
      if (checked_after(lines, index, {target}) || tested_after(lines, index, target)) break;
      Finding finding = abc::line_finding("B5", Severity::Warn, *file, *line, "attr_default_defeats_guard",
                                          {{"expression", abc::clip(expression)},
                                           {"default", default_value},
                                           {"guard", abc::clip(guard)},
                                           {"feature", shared}});
      finding.tag = Tag::Inferred;
      out.push_back(std::move(finding));
      break;
    }
  }
}

void dispatch_silent(const ReviewModel& model, std::vector<Finding>& out) {
  static const RE2 missing_backend(R"(\b(?:ImportError|ModuleNotFoundError|AttributeError)\b)");
  static const RE2 broad(R"(^\s*except\s*(?:\(?\s*(?:Exception|RuntimeError|BaseException)\b|:))");
  // Kernel backends; optional host frameworks (vllm, sglang) are integration points, not backends.
  static const RE2 backend(R"(\b(?:aiter|triton|ck_\w*|asm_\w*|flash_attn\w*|hip\w*|_C|flydsl|mori|deep_gemm|tilelang)\b)");
  for (const auto& [file, line] : model.hits("B5.except")) {
    if (file->language != Language::Python || file->is_test) continue;
    const HunkView* hunk = hunk_of(*file, line);
    if (!hunk) continue;
    const SideLines lines = side_lines(*hunk, Side::New);
    const ast::FileSyntax* part = head_part_at(*file, line->new_line);
    if (!part) continue;
    const syntax::Node handler = except_clause_at(*part, line->new_line);
    const syntax::Node attempt = handler.null() ? syntax::Node() : handler.parent();
    if (attempt.kind() != "try_statement") continue;
    const syntax::SyntaxTree& tree = part->tree;
    const syntax::Node handler_body = body_of(handler);
    if (handler_body.null() || handler_body.named_child_count() == 0 ||
        !shows_end_of(*part, {tree.start_line(handler), tree.end_line(handler)}))
      continue;
    const std::string header = header_text(lines, tree, handler, handler_body);
    if (!(RE2::PartialMatch(header, missing_backend) || RE2::PartialMatch(header, broad))) continue;
    const syntax::Node attempt_body = attempt.field("body");
    if (!any_line_in(lines, {tree.start_line(attempt_body), tree.end_line(attempt_body)}, backend)) continue;
    if (any_line_in(lines, {tree.start_line(handler_body), tree.end_line(handler_body)}, says_it())) continue;
    out.push_back(abc::line_finding("B5", Severity::Warn, *file, *line, "dispatch_silent",
                                    {{"handler", abc::clip(header)}}));
  }
}

}  // namespace atom::b5
