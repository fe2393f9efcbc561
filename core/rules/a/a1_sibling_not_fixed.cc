// A1 — a fix changes address math, a bounds check or a data layout in one function, and a
// sibling variant in the same file (`_opt`, `_prefill`, `_decode`, `_v2` …) is left untouched.
#include <memory>
#include <set>
#include <re2/re2.h>
#include "core/rules/a/abc_support.h"
#include "core/rules/rule.h"

namespace atom {
namespace {

const RuleMeta& a1_meta() {
  static const RuleMeta meta = [] {
    RuleMeta m;
    m.id = "A1";
    m.slug = "sibling-variant-not-fixed";
    m.category = "A";
    m.default_severity = Severity::Warn;
    m.summary = "A fix to address math / bounds / layout in one function leaves its sibling variant unfixed.";
    m.what =
        "For a bug-fix PR (the title, body or commit subject says fix/bug/wrong/incorrect/crash/overflow/OOB; "
        "with no PR text the rule assumes it may be one), finds functions where a removed line is replaced by "
        "an added line touching address math, a bounds check or a layout (`stride`, `offs`/`offset`, `_ptr +`, "
        "`tl.arange`, `mask`, `.view(`/`.reshape(`/`.permute(`/`.transpose(`, `as_strided`, `.contiguous()`, a "
        "`<`/`>=` against a length/size). Siblings are functions of the same file whose names differ only by a "
        "variant suffix (`_opt`, `_prefill`, `_prefill_opt`, `_decode`, `_v2`, `_fwd`, `_kernel`, `_impl`, "
        "`_fast`, `_small`, `_large`, `_persistent`). A sibling the diff shows but does not change is flagged: "
        "red on Tier 1/2 files when its visible lines still carry the exact removed line (verified), else a "
        "warn question (inferred).";
    m.why =
        "Variants are copies: the bug fixed in one usually lives in the others. aiter#3841 fixed a strided "
        "q_nope address in the decode kernel while `_prefill_opt` in the same file kept the same bug.";
    m.example =
        "```python\n-    q_off = pid * head_dim + offs\n+    q_off = pid * stride_qn + offs      # fixed in _mla_decode_kernel\n"
        "...\n     q_off = pid * head_dim + offs       # unchanged in _mla_decode_kernel_prefill_opt\n```";
    m.must_not_fire =
        "The sibling got the same change; no sibling is visible in the diff; the change is not address, "
        "bounds or layout code; the PR text says it is not a fix (feature/refactor titles without fix words).";
    m.source = "aiter#3841";
    m.messages = {
        {"sibling_unfixed", "The fix in `{function}` is not applied to its sibling `{sibling}`, which still has "
                            "`{old_line}` (line {sibling_line})",
         "The sibling variant keeps the bug: the inputs routed to it (prefill, the optimised path …) still get "
         "wrong addresses or out-of-bounds access.",
         "apply the same fix to `{sibling}` (line {sibling_line}) or explain why it does not need it.",
         "whether `{sibling}` needs the same fix.",
         "`{sibling}` at {path}:{sibling_line} still has `{old_line}`"},
        {"sibling_unchecked", "`{function}` gets an address/bounds/layout fix but its sibling `{sibling}` in the "
                              "same file is unchanged",
         "If the sibling shares the bug, the inputs routed to it still get wrong addresses or out-of-bounds "
         "access.",
         "check `{sibling}` for the same bug and fix it too.",
         "whether `{sibling}` (same file, unchanged) has the same bug as the one fixed in `{function}`."},
    };
    return m;
  }();
  return meta;
}

// The name without its variant suffixes ("_mla_decode_kernel_prefill_opt" → "_mla").
std::string base_name(std::string name) {
  static const RE2 suffix(
      R"((.+?)_(?:opt|optimized|prefill|decode|v\d+|fwd|bwd|kernel|impl|fast|small|large|persistent|asm|triton|ck|splitk|nopad|paged)$)");
  std::string shorter;
  while (RE2::FullMatch(name, suffix, &shorter)) name = shorter;
  return name;
}

std::string simple_name(const std::string& function) {
  const size_t cut = function.find_last_of(".:");
  return cut == std::string::npos ? function : function.substr(cut + 1);
}

std::string owner(const std::string& function) {
  const size_t cut = function.find_last_of(".:");
  return cut == std::string::npos ? std::string() : function.substr(0, cut);
}

std::string squeezed(std::string_view code) {
  std::string out;
  for (char c : code)
    if (c != ' ' && c != '\t') out.push_back(c);
  return out;
}

bool is_fix_pr(const ReviewModel& model) {
  static const RE2 fix(R"((?i)\b(?:fix\w*|bug\w*|wrong|incorrect|crash\w*|overflow|oob|out[- ]of[- ]bounds|regression|hotfix)\b)");
  std::string text = model.pr_text;
  if (model.diff)
    for (const CommitInfo& commit : model.diff->commits) text += "\n" + commit.subject + "\n" + commit.message;
  if (trimmed(text).empty()) return true;  // nothing says what it is: it may be a fix
  return RE2::PartialMatch(text, fix);
}

class A1SiblingNotFixed final : public Rule {
 public:
  const RuleMeta& meta() const override { return a1_meta(); }

  void check(const ReviewModel& model, std::vector<Finding>& out) const override {
    static const RE2 address(
        R"(\bstride|\boffs\b|\boffset|_ptr\s*\+|tl\.arange|\bmask\b|\.view\(|\.reshape\(|\.permute\(|\.transpose\(|as_strided|\.contiguous\(|[<>]=?\s*\w*(?:len|size|num|end|bound|limit|max)\w*)");
    if (!is_fix_pr(model)) return;
    for (const FileView& file : model.files) {
      if (!is_code_file(file) || file.is_test) continue;
      // Functions seen in the file (any side) and, per changed function, its fixed lines.
      std::set<std::string> seen;
      std::map<std::string, std::pair<const CodeLine*, std::vector<const CodeLine*>>> fixes;  // added line, removed lines
      for (const HunkView& hunk : file.hunks) {
        std::vector<const CodeLine*> removed_run;
        for (const CodeLine& line : hunk.lines) {
          if (!line.function.empty()) seen.insert(line.function);
          if (is_deleted_code(line) && !line.blank_or_comment) removed_run.push_back(&line);
          if (is_new_code(line) && !removed_run.empty() && RE2::PartialMatch(line.code, address) &&
              !line.function.empty() && !fixes.count(line.function))
            fixes[line.function] = {&line, removed_run};
          if (line.kind == LineKind::Context) removed_run.clear();
        }
      }
      for (const auto& [function, fix] : fixes) {
        const std::string base = base_name(simple_name(function));
        for (const std::string& sibling : seen) {
          if (sibling == function || owner(sibling) != owner(function)) continue;
          if (base_name(simple_name(sibling)) != base || changed(file, sibling)) continue;
          report(file, function, sibling, fix.first, fix.second, out);
        }
      }
    }
  }

 private:
  static bool changed(const FileView& file, const std::string& function) {
    return std::binary_search(file.changed_functions.begin(), file.changed_functions.end(), function);
  }

  static void report(const FileView& file, const std::string& function, const std::string& sibling,
                     const CodeLine* fixed, const std::vector<const CodeLine*>& removed, std::vector<Finding>& out) {
    for (const HunkView& hunk : file.hunks)
      for (const CodeLine& line : hunk.lines) {
        if (line.kind != LineKind::Context || line.function != sibling || line.blank_or_comment) continue;
        for (const CodeLine* old_line : removed) {
          if (!RE2::PartialMatch(old_line->code, R"(\S)") || squeezed(old_line->code) != squeezed(line.code)) continue;
          const Severity severity = file.tier.tier <= 2 ? Severity::Red : Severity::Warn;
          Finding finding = abc::line_finding("A1", severity, file, *fixed, "sibling_unfixed",
                                              {{"function", function}, {"sibling", sibling},
                                               {"old_line", abc::clip(line.code)},
                                               {"sibling_line", std::to_string(line.new_line)}});
          finding.trigger = Finding::TriggerValues{{"path", file.path}};
          out.push_back(std::move(finding));
          return;
        }
      }
    Finding finding = abc::line_finding("A1", Severity::Warn, file, *fixed, "sibling_unchecked",
                                        {{"function", function}, {"sibling", sibling}});
    finding.tag = Tag::Inferred;
    out.push_back(std::move(finding));
  }
};

}  // namespace

std::unique_ptr<Rule> make_a1_sibling_not_fixed() { return std::make_unique<A1SiblingNotFixed>(); }

}  // namespace atom
