// AI1 — twin divergence: two mirrored blocks added by the PR (fwd/bwd, v2/v3, prefill/decode,
// per-arch) that are identical except for one field — a dtype, a mask, a stride order.
#include <algorithm>
#include <map>
#include <memory>
#include <re2/re2.h>
#include "core/analysis/structure.h"
#include "core/rules/ai/ai_support.h"
#include "core/rules/rule.h"

namespace atom {
namespace {

const RuleMeta& ai1_meta() {
  static const RuleMeta meta = [] {
    RuleMeta m;
    m.id = "AI1";
    m.slug = "twin-divergence";
    m.category = "AI";
    m.default_severity = Severity::Note;
    m.summary = "Two mirrored added functions (fwd/bwd, v2/v3, prefill/decode, per-arch) that differ in exactly one field.";
    m.what =
        "Pairs the functions the PR adds (at least 4 added code lines each) whose names — or file paths — differ "
        "only by a twin word: fwd/bwd, forward/backward, prefill/decode, a version (`v2`/`v3`) or an arch "
        "(`gfx942`/`gfx950`, `mi300`/`mi355`, `cdna3`/`cdna4`). With the twin words masked, the two bodies must "
        "have the same number of lines and differ on exactly one line, in one token or one swapped pair of "
        "tokens, and the difference must be a field that mirrored code usually keeps equal: an integer/float "
        "dtype (`int32` vs `int64`), a mask, or a stride/index order. Always a note, inferred: the difference "
        "may be deliberate, and the reviewer should ask. The finding sits on the later twin in the diff.";
    m.why =
        "Mirrored code is written by copying; when one copy gets a fix or a type the other does not, the bug "
        "lives in the copy nobody looks at (an int32 offset that overflows only in the decode twin, a mask "
        "applied in fwd but not bwd). Generated code produces such near-twins often.";
    m.example =
        "`_prefill_offsets` and `_decode_offsets` added with identical bodies except "
        "`offs = pid.to(tl.int64) * stride` vs `offs = pid.to(tl.int32) * stride`.";
    m.must_not_fire =
        "Twins that differ in more than one line or token; differences that are the twin's point (`causal=True` "
        "vs `False`, a different kernel name, a constant); functions of unrelated names; twins with fewer than 4 "
        "added lines.";
    m.source = "—";
    m.messages = {{"twin_divergence",
                   "`{twin}` and `{function}` mirror each other but differ in one {kind}: `{theirs}` vs `{ours}` ({path}:{line})",
                   "If the difference is accidental, one twin computes with the wrong {kind}: overflow, unmasked reads "
                   "or transposed indexing on only one of the two paths.",
                   "make the twins agree or say in a comment why `{function}` needs `{ours}`.",
                   "whether `{function}` using `{ours}` where `{twin}` uses `{theirs}` is intended."}};
    return m;
  }();
  return meta;
}

const RE2& twin_word() {
  static const RE2 pattern(R"((?i)(fwd|bwd|forward|backward|prefill|decode|v\d+|gfx\d+[a-z]?|mi\d{3}[a-z]?|cdna\d))");
  return pattern;
}

std::string masked(std::string text) {
  RE2::GlobalReplace(&text, twin_word(), "#");
  return text;
}

struct AddedFunction {
  const FileView* file = nullptr;
  std::string name;
  std::vector<const CodeLine*> lines;  // added code lines, in order
};

std::vector<std::string> tokens(const std::string& code) {
  static const RE2 token(R"(\s*([A-Za-z_]\w*|\d+(?:\.\d+)?|\S))");
  std::vector<std::string> out;
  re2::StringPiece rest(code);
  std::string value;
  while (RE2::Consume(&rest, token, &value)) out.push_back(value);
  return out;
}

// What kind of field the differing tokens are, or "" when the difference is not one a twin
// should keep equal.
std::string divergence_kind(const std::vector<std::string>& ours, const std::vector<std::string>& theirs,
                            const std::string& line, std::string& our_token, std::string& their_token) {
  static const RE2 dtype(R"(^u?int(?:8|16|32|64)(?:_t)?$|^float(?:16|32|64)$|^bfloat16$|^long$|^int$|^i(?:32|64)$)");
  std::vector<size_t> differing;
  for (size_t i = 0; i < ours.size(); ++i)
    if (ours[i] != theirs[i]) differing.push_back(i);
  if (differing.size() == 1) {
    our_token = ours[differing[0]];
    their_token = theirs[differing[0]];
    if (RE2::FullMatch(our_token, dtype) && RE2::FullMatch(their_token, dtype)) return "dtype";
    const auto mask = [](const std::string& t) { return t.find("mask") != std::string::npos; };
    if (mask(our_token) || mask(their_token)) return "mask";
    if (line.find("stride") != std::string::npos) return "stride";
    return {};
  }
  if (differing.size() == 2 && ours[differing[0]] == theirs[differing[1]] && ours[differing[1]] == theirs[differing[0]] &&
      (line.find("stride") != std::string::npos || line.find("permute") != std::string::npos ||
       line.find("transpose") != std::string::npos)) {
    our_token = ours[differing[0]] + "…" + ours[differing[1]];
    their_token = theirs[differing[0]] + "…" + theirs[differing[1]];
    return "stride order";
  }
  return {};
}

class Ai1TwinDivergence final : public Rule {
 public:
  const RuleMeta& meta() const override { return ai1_meta(); }

  void check(const ReviewModel& model, std::vector<Finding>& out) const override {
    std::map<std::string, std::vector<AddedFunction>> by_key;  // masked path::function -> functions
    for (AddedFunction& function : added_functions(model)) {
      std::string raw = function.file->path + "::" + function.name;
      std::string key = masked(raw);
      if (key == raw) continue;  // no twin word: nothing to mirror
      by_key[key].push_back(std::move(function));
    }
    for (const auto& [key, functions] : by_key)
      for (size_t a = 0; a < functions.size(); ++a)
        for (size_t b = a + 1; b < functions.size(); ++b) compare(functions[a], functions[b], out);
  }

 private:
  static std::vector<AddedFunction> added_functions(const ReviewModel& model) {
    std::vector<AddedFunction> out;
    for (const FileView& file : model.files) {
      if (!is_code_file(file)) continue;
      std::map<std::string, AddedFunction> by_name;
      for (const HunkView& hunk : file.hunks)
        for (const CodeLine& line : hunk.lines) {
          if (!is_new_code(line) || line.function.empty() || line.blank_or_comment || line.in_docstring) continue;
          // A decorator belongs to the def below it, which the tracker may not have entered yet.
          if (trimmed(line.code).rfind('@', 0) == 0) continue;
          AddedFunction& function = by_name[line.function];
          function.file = &file;
          function.name = line.function;
          function.lines.push_back(&line);
        }
      // In diff order, so that the later twin — usually the copy — carries the finding.
      std::vector<AddedFunction> in_file;
      for (auto& [name, function] : by_name)
        if (function.lines.size() >= 4) in_file.push_back(std::move(function));
      std::sort(in_file.begin(), in_file.end(), [](const AddedFunction& a, const AddedFunction& b) {
        return a.lines.front()->new_line < b.lines.front()->new_line;
      });
      for (AddedFunction& function : in_file) out.push_back(std::move(function));
    }
    return out;
  }

  static void compare(const AddedFunction& first, const AddedFunction& second, std::vector<Finding>& out) {
    if (first.lines.size() != second.lines.size()) return;
    size_t differing_line = first.lines.size();
    for (size_t i = 0; i < first.lines.size(); ++i) {
      if (masked(trimmed(first.lines[i]->code)) == masked(trimmed(second.lines[i]->code))) continue;
      if (differing_line != first.lines.size()) return;  // a second differing line
      differing_line = i;
    }
    if (differing_line == first.lines.size()) return;
    const std::string first_code = masked(trimmed(first.lines[differing_line]->code));
    const std::string second_code = masked(trimmed(second.lines[differing_line]->code));
    const std::vector<std::string> first_tokens = tokens(first_code), second_tokens = tokens(second_code);
    if (first_tokens.size() != second_tokens.size()) return;
    std::string ours, theirs;
    const std::string kind = divergence_kind(second_tokens, first_tokens, second_code, ours, theirs);
    if (kind.empty()) return;
    out.push_back(ai::line_finding("AI1", Severity::Note, Tag::Inferred, *second.file, *second.lines[differing_line],
                                   "twin_divergence",
                                   {{"twin", first.name}, {"function", second.name}, {"kind", kind},
                                    {"ours", ours}, {"theirs", theirs}}));
  }
};

}  // namespace

std::unique_ptr<Rule> make_ai1_twin_divergence() { return std::make_unique<Ai1TwinDivergence>(); }

}  // namespace atom
