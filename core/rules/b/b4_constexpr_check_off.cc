// B4 — a new Triton `tl.constexpr` flag that turns off a validity/bounds/sentinel check, with no
// comment saying which caller invariant makes that safe.
#include <memory>
#include <re2/re2.h>
#include "core/analysis/diff_lines_by_side.h"
#include "core/analysis/file_trees.h"
#include "core/analysis/structure.h"
#include "core/rules/a/abc_support.h"
#include "core/rules/rule.h"

namespace atom {
namespace {

constexpr const char* kKey = "B4.constexpr_param";
constexpr const char* kParamPattern = R"(^\s*(\w+)\s*:\s*tl\.constexpr\b)";

const RuleMeta& b4_meta() {
  static const RuleMeta meta = [] {
    RuleMeta m;
    m.id = "B4";
    m.slug = "constexpr-disables-check";
    m.category = "B";
    m.default_severity = Severity::Warn;
    m.summary = "A new Triton constexpr flag switches off a bounds/validity/sentinel check without naming the invariant.";
    m.what =
        "Flags a new `NAME: tl.constexpr` kernel parameter whose name says it switches a check off "
        "(a disabling word — skip, no, disable, ignore, assume, unsafe, bypass — with a check word — check, mask, bound, valid, sentinel, guard, clamp, range: `SKIP_BOUNDS_CHECK`, `NO_MASK`, `ASSUME_VALID_IDX`) and that decides a "
        "branch (`if NAME:` / `if not NAME:` / a ternary) — when no comment or docstring in the diff mentions "
        "the flag together with the caller invariant that makes skipping the check safe. The finding quotes the "
        "first mask/bounds/sentinel line of the branches it switches.\n"
        "A flag named for the check itself (`CHECK_NEG_ONE_SENTINEL`, `BOUNDS_CHECK`, `VALIDATE_IDX`: a check, "
        "verify, validate, sentinel, guard or oob word and no disabling word) is flagged the same way when its "
        "true branch holds the check and a launch in the diff passes it something other than `True` (a shape "
        "heuristic, `False`, a caller's value): the finding quotes that value.";
    m.why =
        "A check compiled out by a flag is only safe while every caller upholds an invariant (indices compacted, "
        "sizes padded to the block). Nobody re-checks that invariant when a new caller passes the flag, and the "
        "failure is an out-of-bounds read or a sentinel index used as a real one (ATOM#1498).";
    m.example =
        "```python\n    SKIP_SENTINEL_CHECK: tl.constexpr,   # flagged: no invariant stated\n...\n"
        "    if SKIP_SENTINEL_CHECK:\n        valid = mask\n    else:\n        valid = mask & (idx >= 0)\n```";
    m.must_not_fire =
        "A comment or docstring in the diff names the flag and the invariant (\"safe because the caller …\", "
        "\"caller guarantees …\"); feature flags (`HAS_BIAS`, `OUT_BF16`, `NO_SCALE`, `skip_update`: they add or skip work, they "
        "do not remove a check); integer constexprs (`BLOCK`).";
    m.source = "ATOM#1498";
    m.messages = {
        {"undocumented", "The new constexpr `{flag}` switches off the check `{check}` and no comment states "
                         "the caller invariant that makes that safe",
         "A caller that passes the flag without upholding the invariant reads out of bounds or treats a "
         "sentinel as a real index: wrong output or a memory fault.",
         "document next to `{flag}` which caller invariant makes skipping the check safe (or assert it in "
         "the launcher).",
         "which caller invariant makes skipping `{check}` safe when `{flag}` is set."},
        {"off-when", "The new constexpr `{flag}` keeps the check `{check}` only when `{value}` holds, and no "
                     "comment states the caller invariant that makes dropping it safe otherwise",
         "Inputs for which `{value}` is false run without the check: a sentinel read as a real index or an "
         "out-of-bounds read, wrong output or a memory fault.",
         "document next to `{flag}` which caller invariant makes the check unnecessary when `{value}` is false "
         "(or keep the check on).",
         "which caller invariant makes `{check}` unnecessary when `{value}` is false."},
    };
    m.line_patterns = {{kKey, kParamPattern}};
    return m;
  }();
  return meta;
}

// A condition that reads `flag` as a boolean operand (`flag`, `not flag`, `flag and x` …).
bool boolean_use(const std::string& condition, const std::string& flag) {
  const RE2 use("(?:^|\\band\\b|\\bor\\b|\\bnot\\b|\\()\\s*" + flag + "\\s*(?:$|\\band\\b|\\bor\\b|\\))");
  return RE2::PartialMatch(condition, use);
}

// The first statement line of a branch's body that holds a validity/bounds/sentinel check, or nullptr.
const CodeLine* check_line(const HeadLines& lines, const ast::PyBranch& branch) {
  static const RE2 check(R"(\bmask\b|\bvalid\w*|\bbound\w*|>=\s*0\b|<\s*\w*(?:n|len|size|num|end|max)\w*\b|\bother\s*=|-\s*1\b|\bsentinel)");
  for (int number = branch.header_line + 1; number <= branch.range.last; ++number) {
    const CodeLine* line = lines.at(number);
    if (!line || !is_statement_start(*line)) continue;
    if (RE2::PartialMatch(line->code, check)) return line;
  }
  return nullptr;
}

// Some comment or docstring line of the diff names `flag` together with an invariant.
bool invariant_documented(const ReviewModel& model, const std::string& flag) {
  static const RE2 invariant(
      R"((?i)\bsafe|\bcaller|\binvariant|\bguarantee|\bassum|\bensure|\bnever\b|\balways\b|\bonly (?:when|if)\b|\bmust\b|\bbecause\b|\bprecondition)");
  for (const FileView& file : model.files)
    for (const HunkView& hunk : file.hunks)
      for (const CodeLine& line : hunk.lines) {
        if (line.kind == LineKind::Removed) continue;
        const std::string text = abc::commentary(line, file.language);
        if (!text.empty() && has_identifier(text, flag) && RE2::PartialMatch(text, invariant)) return true;
      }
  return false;
}

class B4ConstexprCheckOff final : public Rule {
 public:
  const RuleMeta& meta() const override { return b4_meta(); }

  void check(const ReviewModel& model, std::vector<Finding>& out) const override {
    static const RE2 param(kParamPattern);
    // Names that say a check is switched off: a disabling word and a check word (SKIP_BOUNDS_CHECK,
    // NO_MASK, ASSUME_VALID_IDX); feature flags (HAS_BIAS, NO_SCALE, skip_update) are not.
    static const RE2 disabling_name(
        R"((?i)(?:.*(?:skip|no|disable|ignore|assume|unsafe|unchecked|nocheck|bypass|trust|without).*(?:check|mask|bound|valid|sentinel|guard|clamp|oob|range|verify).*)|(?:.*(?:check|mask|bound|valid|sentinel|guard|clamp|oob|range).*(?:unchecked|off|skip|disabled?).*)|unmasked\w*)");
    // A flag named for the check it keeps on; masks and ranges are left out (`HAS_MASK`,
    // `USE_LOWER_BOUND` add features, they do not guard).
    static const RE2 enabling_name(R"((?i).*(?:check|verify|validate|sentinel|guard|oob).*)");
    for (const auto& [file, line] : model.hits(kKey)) {
      if (file->language != Language::Python || file->is_test) continue;
      std::string flag;
      if (!RE2::PartialMatch(line->code, param, &flag)) continue;
      if (RE2::FullMatch(flag, disabling_name)) {
        const CodeLine* dropped = switched_check(*file, flag, line->new_line, false);
        if (!dropped || invariant_documented(model, flag)) continue;
        out.push_back(abc::line_finding("B4", Severity::Warn, *file, *line, "undocumented",
                                        {{"flag", flag}, {"check", abc::clip(dropped->code)}}));
      } else if (RE2::FullMatch(flag, enabling_name)) {
        const std::string value = value_turning_off(model, flag);
        if (value.empty()) continue;
        const CodeLine* kept = switched_check(*file, flag, line->new_line, true);
        if (!kept || invariant_documented(model, flag)) continue;
        out.push_back(abc::line_finding("B4", Severity::Warn, *file, *line, "off-when",
                                        {{"flag", flag}, {"check", abc::clip(kept->code)}, {"value", abc::clip(value)}}));
      }
    }
  }

 private:
  // The first value an added line passes as `flag=` other than `True` (the check then runs for
  // some inputs only), or "" when every visible launch keeps it on (or none is visible). A local
  // name is replaced by what an added line of the same function assigns it (`not (0 < avg_len <= 16)`).
  static std::string value_turning_off(const ReviewModel& model, const std::string& flag) {
    const RE2 keyword("(?:^|[(,\\s])" + flag + "\\s*=\\s*([^,)=][^,)]*)");
    for (const FileView& file : model.files)
      for (const HunkView& hunk : file.hunks)
        for (const CodeLine& line : hunk.lines) {
          std::string value;
          if (line.kind != LineKind::Added || !RE2::PartialMatch(line.code, keyword, &value)) continue;
          value = trimmed(value);
          if (value.empty() || value == "True") continue;
          const RE2 assigned("^\\s*" + RE2::QuoteMeta(value) + "\\s*=\\s*([^=].*)$");
          for (const HunkView& other_hunk : file.hunks)
            for (const CodeLine& other : other_hunk.lines) {
              std::string expression;
              if (other.kind == LineKind::Added && !other.continuation && other.function == line.function &&
                  RE2::PartialMatch(other.code, assigned, &expression))
                return trimmed(expression);
            }
          return value;
        }
    return "";
  }

  // The check the flag switches: the first check line in a chain of the kernel branching on `flag`
  // (or, unless `check_in_true_branch`, the branching line itself); nullptr when the flag never
  // decides a branch. With `check_in_true_branch` only `if flag:`'s own body counts. The kernel is
  // the def whose signature holds `param_line`; another hunk's part (or one without the def) is read whole.
  static const CodeLine* switched_check(const FileView& file, const std::string& flag, int param_line,
                                        bool check_in_true_branch) {
    const HeadLines lines(file);
    for (const ast::FileSyntax& part : head_trees(file).parts) {
      const ast::PythonSyntax& syntax = part.python();
      const bool declares = param_line >= part.first_line && param_line <= part.last_line;
      const ast::PyFunction* kernel = declares ? ast::function_at(syntax, param_line) : nullptr;
      const ast::LineRange scope = kernel ? kernel->range : ast::LineRange{part.first_line, part.last_line};
      for (const ast::PyIfChain& chain : syntax.if_chains) {
        if (!scope.contains(chain.range.first)) continue;
        const ast::PyBranch* deciding = nullptr;
        for (const ast::PyBranch& branch : chain.branches)
          if (!deciding && boolean_use(branch.condition, flag)) deciding = &branch;
        if (!deciding) continue;
        if (check_in_true_branch) {
          if (deciding->keyword == "else" || trimmed(deciding->condition) != flag) continue;
          if (const CodeLine* found = check_line(lines, *deciding)) return found;
          continue;
        }
        for (const ast::PyBranch& branch : chain.branches)
          if (const CodeLine* found = check_line(lines, branch)) return found;
        if (const CodeLine* header = lines.at(deciding->header_line)) return header;
      }
      if (check_in_true_branch) continue;
      const RE2 ternary("\\bif\\s+(?:not\\s+)?" + flag + "\\b.*\\belse\\b");
      for (int number = scope.first; number <= scope.last; ++number) {
        const CodeLine* line = lines.at(number);
        if (line && RE2::PartialMatch(line->code, ternary)) return line;
      }
    }
    return nullptr;
  }
};

}  // namespace

std::unique_ptr<Rule> make_b4_constexpr_check_off() { return std::make_unique<B4ConstexprCheckOff>(); }

}  // namespace atom
