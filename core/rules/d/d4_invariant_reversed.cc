// D4: a documented safety invariant reversed (zero-init, assert, .contiguous()) without proof.
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <re2/re2.h>

#include "core/analysis/file_trees.h"
#include "core/analysis/review_model.h"
#include "core/rules/rule.h"
#include "core/rules/finding_at.h"

namespace atom {
namespace {

const RuleMeta kMeta{
    .id = "D4",
    .slug = "safety-invariant-reversed",
    .category = "D",
    .default_severity = Severity::Red,
    .summary = "A documented safety invariant is reversed (zero-init → empty, assert deleted, "
               "`.contiguous()` removed) without citing why it is safe.",
    .what =
        "Within a hunk, finds: `torch.zeros` replaced by `torch.empty` for the same buffer, or a "
        "`.zero_()`/`.fill_(0)`/`memset(…, 0, …)` removed; an `assert`/`TORCH_CHECK` removed "
        "whose condition appears on no added line; a `.contiguous()` dropped from an otherwise "
        "identical line (when the expression is a strided view). Red when an old comment next to it states the invariant (must / "
        "required / needs to be / read back / zero), naming that comment and the new line; warn "
        "for a deleted assert or dropped `.contiguous()` without such a comment.",
    .why =
        "These lines encode invariants someone already paid for with a bug: kernels that "
        "accumulate into or read back a buffer rely on zeros, and layout assumptions hide behind "
        "`.contiguous()`. Reversing them without proof reintroduces garbage rows or wrong strides "
        "that show only on some shapes (aiter#4043; the padding rows of ATOM#1121's fix).",
    .example =
        "```diff\n # the kernel reads back padding rows: they must be zero\n-buf = torch.zeros(n, d)\n"
        "+buf = torch.empty(n, d)\n```\nUse instead: keep the zero-init, or cite the spec/asm/test "
        "that proves every element is written before it is read.",
    .must_not_fire =
        "The PR cites the proof (description or an added comment naming an overwrite of every "
        "element, the ISA/spec, or a test: a new comment merely saying the old invariant no longer holds, "
        "\"never read by the asm reader\", is no proof); the assert moved (its condition, read whole from the "
        "base's syntax tree, is on an added line) or was edited (an assert/check is written right beside it); "
        "the deleted check refuses a feature not supported yet (its message says not supported, unsupported, "
        "not implemented, only supports …): deleting it is how a PR adds the support; "
        "the zero-init removal has no comment stating the invariant.",
    .source = "aiter#4043",
    .messages = {{
                     .id = "zero-init-reversed",
                     .problem = "`{buffer}` lost its zero-initialisation at line {new_line} although the old "
                                "comment says \"{comment}\"",
                     .impact = "the kernel reads uninitialised memory where zeros were required: garbage "
                               "rows or accumulations, wrong output",
                     .action_verified = "keep `{buffer}` zero-initialised, or cite the spec/asm/test proving "
                                        "every element is written before it is read",
                     .action_inferred = "why `{buffer}` no longer needs the zeros the old comment required",
                     .trigger = "old comment at line {comment_line} (\"{comment}\") vs {anchor_side} line {new_line}: "
                                "`{anchor_code}`",
                 },
                 {
                     .id = "assert-deleted",
                     .problem = "the check `{check}` is deleted and no added line keeps it",
                     .impact = "an invalid input that used to fail loudly now runs on: a crash or wrong "
                               "output further down",
                     .action_verified = "keep the check, or state in the PR which invariant now makes it "
                                        "unnecessary",
                     .action_inferred = "which invariant now makes `{check}` unnecessary",
                     .trigger = "old comment at line {comment_line} (\"{comment}\") vs the deleted check at line {old_line}",
                 },
                 {
                     .id = "contiguous-removed",
                     .problem = "`.contiguous()` was dropped from `{expression}`",
                     .impact = "a strided view now reaches code that may assume a dense layout: silent "
                               "wrong output on some shapes",
                     .action_verified = "keep `.contiguous()`, or show that every consumer handles strides",
                     .action_inferred = "whether every consumer of `{expression}` handles strides",
                 }},
    .line_patterns = {},
};

std::string_view trim(std::string_view text) {
  const size_t first = text.find_first_not_of(" \t");
  if (first == std::string_view::npos) return {};
  return text.substr(first, text.find_last_not_of(" \t") + 1 - first);
}

// The smallest node of the base's trees starting on base line `line` whose kind is `kind`.
std::optional<std::pair<const ast::FileSyntax*, syntax::Node>> base_node_at(const FileView& file, int line,
                                                                             std::string_view kind) {
  for (const ast::FileSyntax& part : base_trees(file).parts) {
    if (line < part.first_line || line > part.last_line) continue;
    std::optional<std::pair<const ast::FileSyntax*, syntax::Node>> found;
    syntax::walk(part.tree.root(), [&](syntax::Node node) {
      if (part.tree.end_line(node) < line || part.tree.start_line(node) > line) return false;
      if (node.kind() == kind && part.tree.start_line(node) == line) found = {{&part, node}};
      return true;
    });
    if (found) return found;
  }
  return std::nullopt;
}

// Whether `expression` is a strided view, so `.contiguous()` on it copied: a transposing or
// restriding method (`.T`, `.mT`, `.t()`, `.transpose(`, `.permute(`, `.narrow(`, `.expand(`,
// `.unfold(`, `.as_strided(`), or a subscript slicing a later dimension after one that kept more
// than one index (`q[..., d:]`, `x[:, :d]`; a slice of the leading dimension stays contiguous).
bool strided_view(const syntax::SyntaxTree& tree, syntax::Node expression) {
  static const std::set<std::string_view> kMethods = {"t", "transpose", "permute", "narrow", "expand", "unfold",
                                                      "as_strided"};
  bool strided = false;
  syntax::walk(expression, [&](syntax::Node node) {
    const std::string_view kind = node.kind();
    if (kind == "attribute" || kind == "field_expression") {
      const std::string_view name = tree.text(node.field(kind == "attribute" ? "attribute" : "field"));
      const bool called = node.parent().kind() == "call" || node.parent().kind() == "call_expression";
      if (name == "contiguous" && called) return false;  // already made contiguous inside
      strided |= (called && kMethods.count(name)) || (!called && (name == "T" || name == "mT"));
    } else if (kind == "subscript") {
      bool earlier_spans = false;  // an earlier dimension kept more than one index
      bool first = true;
      for (uint32_t i = 0; i < node.child_count(); ++i) {
        if (node.child_field_name(i) != "subscript") continue;
        const syntax::Node index = node.child(i);
        const std::string text(trim(tree.text(index)));
        const bool spans = index.kind() == "slice" || index.kind() == "ellipsis";
        if (!first && earlier_spans && text != ":" && text != "::" && index.kind() != "ellipsis") strided = true;
        earlier_spans |= spans;
        first = false;
      }
    }
    return !strided;
  });
  return strided;
}

// The removed line's `X.contiguous()` call in the base's trees: whether X is a strided view.
bool dropped_contiguous_was_needed(const FileView& file, const CodeLine& removed) {
  for (std::string_view kind : {"call", "call_expression"}) {
    const auto call = base_node_at(file, removed.old_line, kind);
    if (!call) continue;
    const syntax::SyntaxTree& tree = call->first->tree;
    bool needed = false;
    syntax::walk(call->second, [&](syntax::Node node) {
      if (needed || (node.kind() != "call" && node.kind() != "call_expression")) return !needed;
      const syntax::Node callee = node.field("function");
      const bool python = callee.kind() == "attribute";
      if (!python && callee.kind() != "field_expression") return true;
      if (tree.text(callee.field(python ? "attribute" : "field")) != "contiguous") return true;
      needed = strided_view(tree, callee.field(python ? "object" : "argument"));
      return !needed;
    });
    return needed;
  }
  return false;
}

// A Python assert's whole condition (all its lines) from the base's trees; "" when not one.
std::string python_assert_condition(const FileView& file, const CodeLine& removed) {
  if (file.language != Language::Python) return {};
  const auto assertion = base_node_at(file, removed.old_line, "assert_statement");
  if (!assertion) return {};
  return std::string(assertion->first->tree.text(assertion->second.named_child(0)));
}

// The message of the check deleted at `removed`: a Python assert's second operand (read whole from
// the base's tree, so a message on the next line counts), else the text after the condition.
std::string check_message(const FileView& file, const CodeLine& removed, const std::string& cpp_arguments) {
  if (file.language == Language::Python) {
    const auto assertion = base_node_at(file, removed.old_line, "assert_statement");
    if (assertion && assertion->second.named_child_count() > 1)
      return std::string(assertion->first->tree.text(assertion->second.named_child(1)));
  }
  const size_t comma = cpp_arguments.find(',');
  if (comma != std::string::npos) return cpp_arguments.substr(comma + 1);
  return removed.diff != nullptr ? removed.diff->text : std::string();
}

// A guard that refuses what is not supported yet ("DCP not support fp8 kvcache now", "only
// supports bf16"): deleting it is how a PR adds the support, not the loss of an invariant.
bool guards_a_missing_feature(const std::string& message) {
  static const RE2 kMissingFeature(
      R"((?i)\bnot\s+(?:yet\s+)?(?:be\s+)?support(?:ed)?\b|\bunsupported\b|\bnot\s+(?:yet\s+)?implemented\b|)"
      R"(\bonly\s+supports?\b|\bnot\s+available\s+yet\b)");
  return RE2::PartialMatch(message, kMissingFeature);
}

// Appends `finding` unless D4 already reported that line (then the more severe is kept).
void add_unique(std::vector<Finding>& out, Finding finding) {
  for (Finding& existing : out)
    if (existing.path == finding.path && existing.line == finding.line && existing.side == finding.side) {
      if (finding.severity > existing.severity) existing = std::move(finding);
      return;
    }
  out.push_back(std::move(finding));
}

// A proof is an overwrite of every element (the writer's side: zeros become redundant) or a
// citation (ISA/spec, a test, "verified by"). A bare claim about the reader ("the pad is never
// read by the asm reader") is not: it is the contradicting comment the rule exists for
// (aiter#4043), and "asm" alone names a kernel family in aiter, not a listing.
bool cites_proof(const std::string& text) {
  static const RE2 kProof(
      R"((?i)(overwrit|fully (written|initiali)|every (element|row|entry|slot)|all (elements|rows)|\bisa\b|\bspec\b|verified by|test_\w+))");
  return RE2::PartialMatch(text, kProof);
}

// An old-side comment stating an invariant, on `index` or within three lines above it.
const CodeLine* invariant_comment(const HunkView& hunk, size_t index) {
  static const RE2 kInvariant(
      R"((#|//).*(?i)(must|required|needs? to be|read back|zero[- ]?init|be zero|zeroed|initiali[sz]ed to 0))");
  for (size_t back = 0; back <= 3 && back <= index; ++back) {
    const CodeLine& line = hunk.lines[index - back];
    if (line.kind == LineKind::Added) continue;
    if (RE2::PartialMatch(raw_text(line), kInvariant)) return &line;
  }
  return nullptr;
}

std::string comment_text(const CodeLine& line) {
  std::string_view raw = raw_text(line);
  size_t at = raw.find("//");
  if (at == std::string_view::npos) at = raw.find('#');
  return std::string(trim(raw.substr(at == std::string_view::npos ? 0 : at)));
}

std::string squeeze(std::string_view text) {
  std::string out;
  for (char c : text)
    if (c != ' ' && c != '\t') out += c;
  return out;
}

class D4Rule : public Rule {
 public:
  const RuleMeta& meta() const override { return kMeta; }

  void check(const ReviewModel& model, std::vector<Finding>& out) const override {
    if (cites_proof(model.pr_text)) return;
    std::string added_text;
    for (const FileView& file : model.files)
      for (const HunkView& hunk : file.hunks)
        for (const CodeLine& line : hunk.lines)
          if (line.kind == LineKind::Added) added_text += squeeze(line.code) + "\n";
    for (const FileView& file : model.files) {
      if (!is_code_file(file) || file.is_test) continue;
      for (const HunkView& hunk : file.hunks) {
        bool hunk_cites = false;
        for (const CodeLine& line : hunk.lines)
          hunk_cites |= line.kind == LineKind::Added && cites_proof(std::string(raw_text(line)));
        if (hunk_cites) continue;
        check_zero_init(file, hunk, out);
        check_asserts(file, hunk, added_text, out);
        check_contiguous(file, hunk, out);
      }
    }
  }

 private:
  void check_zero_init(const FileView& file, const HunkView& hunk, std::vector<Finding>& out) const {
    static const RE2 kZeros(R"(^\s*([\w.\[\]]+)\s*(?::[^=]*)?=\s*(?:torch|at)(?:\.|::)zeros(?:_like)?\()");
    static const RE2 kZeroCall(R"(^\s*([\w.]+)\.(?:zero_\(\)|fill_\(\s*0(?:\.0)?\s*\)))");
    for (size_t i = 0; i < hunk.lines.size(); ++i) {
      const CodeLine& removed = hunk.lines[i];
      std::string buffer;
      if (!is_deleted_code(removed)) continue;
      // Both patterns need one of these words; most deleted lines have neither (cheaper than RE2).
      if (removed.code.find("zero") == std::string::npos && removed.code.find("fill_") == std::string::npos) continue;
      bool was_zeros = RE2::PartialMatch(removed.code, kZeros, &buffer);
      if (!was_zeros && !RE2::PartialMatch(removed.code, kZeroCall, &buffer)) continue;
      const CodeLine* comment = invariant_comment(hunk, i);
      if (!comment) continue;
      const CodeLine* anchor = &removed;
      if (was_zeros) {
        RE2 empty_for("^\\s*" + RE2::QuoteMeta(buffer) + "\\s*(:[^=]*)?=\\s*(torch|at)(\\.|::)empty(_like)?\\(");
        anchor = nullptr;
        for (const CodeLine& line : hunk.lines)
          if (is_new_code(line) && RE2::PartialMatch(line.code, empty_for)) anchor = &line;
        if (!anchor) continue;  // zeros replaced by something else: not a reversal
      } else if (zero_call_kept(hunk, buffer)) {
        continue;
      }
      Finding finding = finding_at(
          "D4", Severity::Warn, Tag::Verified, file, *anchor, "zero-init-reversed",
          {{"buffer", buffer}, {"new_line", std::to_string(anchor->line_number())}, {"comment", comment_text(*comment)}});
      finding.severity = Severity::Red;
      finding.trigger = Finding::TriggerValues{{"comment_line", std::to_string(comment->old_line)},
                                               {"anchor_side", was_zeros ? "new" : "removed"},
                                               {"anchor_code", std::string(trim(anchor->code))}};
      add_unique(out, std::move(finding));
    }
  }

  static bool zero_call_kept(const HunkView& hunk, const std::string& buffer) {
    for (const CodeLine& line : hunk.lines)
      if (line.kind == LineKind::Added && line.code.find(buffer) != std::string::npos &&
          (line.code.find("zero") != std::string::npos || line.code.find("fill_(0") != std::string::npos))
        return true;
    return false;
  }

  void check_asserts(const FileView& file, const HunkView& hunk, const std::string& added_text,
                     std::vector<Finding>& out) const {
    static const RE2 kAssert(R"(^\s*(assert\s+([^,]+)|(?:TORCH_CHECK|assert|HIP_CHECK_ARG)\s*\((.*)\)\s*;?\s*$))");
    std::set<std::string> surviving;  // functions that still have lines in the new file
    for (const HunkView& other : file.hunks)
      for (const CodeLine& line : other.lines)
        if (line.kind != LineKind::Removed && !line.blank_or_comment) surviving.insert(line.function);
    for (size_t i = 0; i < hunk.lines.size(); ++i) {
      const CodeLine& line = hunk.lines[i];
      std::string whole, python_condition, cpp_arguments;
      // kAssert needs `assert` or a `…CHECK…` macro; most deleted lines have neither (cheaper than RE2).
      if (!is_deleted_code(line) || line.continuation ||
          (line.code.find("assert") == std::string::npos && line.code.find("CHECK") == std::string::npos) ||
          !RE2::PartialMatch(line.code, kAssert, &whole, &python_condition, &cpp_arguments))
        continue;
      if (line.function.empty() || !surviving.count(line.function)) continue;  // the whole function went
      const std::string whole_condition = python_assert_condition(file, line);
      std::string condition = squeeze(!whole_condition.empty()      ? whole_condition
                                      : python_condition.empty() ? cpp_arguments.substr(0, cpp_arguments.find(','))
                                                                 : python_condition);
      if (condition.empty() || added_text.find(condition) != std::string::npos) continue;
      if (adds_a_check_beside(hunk, i, kAssert)) continue;  // the check was edited (relaxed or reworded), not dropped
      if (guards_a_missing_feature(check_message(file, line, cpp_arguments))) continue;  // a limitation lifted
      Finding finding = finding_at("D4", Severity::Warn, Tag::Verified, file, line, "assert-deleted",
                                   {{"check", std::string(trim(line.code))}});
      if (const CodeLine* comment = invariant_comment(hunk, i)) {
        finding.severity = Severity::Red;
        finding.trigger = Finding::TriggerValues{{"comment_line", std::to_string(comment->old_line)},
                                                 {"comment", comment_text(*comment)},
                                                 {"old_line", std::to_string(line.old_line)}};
      }
      add_unique(out, std::move(finding));
    }
  }

  // A new check written right beside (within four diff lines of) the deleted one at `index`.
  static bool adds_a_check_beside(const HunkView& hunk, size_t index, const RE2& check) {
    constexpr size_t kBeside = 4;
    const size_t from = index > kBeside ? index - kBeside : 0;
    for (size_t k = from; k < hunk.lines.size() && k <= index + kBeside; ++k) {
      const CodeLine& line = hunk.lines[k];
      if (is_new_code(line) && !line.continuation && RE2::PartialMatch(line.code, check)) return true;
    }
    return false;
  }

  void check_contiguous(const FileView& file, const HunkView& hunk, std::vector<Finding>& out) const {
    for (const CodeLine& removed : hunk.lines) {
      if (!is_deleted_code(removed) || removed.code.find(".contiguous()") == std::string::npos) continue;
      std::string without = squeeze(removed.code);
      for (size_t at = without.find(".contiguous()"); at != std::string::npos; at = without.find(".contiguous()"))
        without.erase(at, 13);
      for (const CodeLine& added : hunk.lines) {
        if (!is_new_code(added) || squeeze(added.code) != without) continue;
        if (!dropped_contiguous_was_needed(file, removed)) continue;
        Finding finding = finding_at("D4", Severity::Warn, Tag::Verified, file, added, "contiguous-removed",
                                     {{"expression", std::string(trim(added.code))}});
        add_unique(out, std::move(finding));
      }
    }
  }
};

}  // namespace

std::unique_ptr<Rule> make_d4_invariant_reversed() { return std::make_unique<D4Rule>(); }

}  // namespace atom
