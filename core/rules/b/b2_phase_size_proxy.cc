// B2 — decode vs prefill decided by a size proxy (`max_seqlen_q == 1`, `q.shape[0] == 1`)
// instead of an explicit phase flag.
#include <memory>
#include <re2/re2.h>
#include "core/analysis/structure.h"
#include "core/rules/a/abc_support.h"
#include "core/rules/rule.h"

namespace atom {
namespace {

constexpr const char* kProxyKey = "B2.size_proxy";
// Query-length names compared with 1 (or < 2), or the first dim of a query tensor == 1.
constexpr const char* kProxyPattern =
    R"((\b(?:max_(?:seqlen_)?(?:q|qo|query)(?:_len)?|max_seqlen_qo?|max_query_len|q_len|qo_len|query_len|seq_?lens?|seqlen_q)\s*(?:==\s*1|<=\s*1|<\s*2)\b|\bq(?:uery)?(?:_\w+)?\.shape\[0\]\s*==\s*1\b))";

const RuleMeta& b2_meta() {
  static const RuleMeta meta = [] {
    RuleMeta m;
    m.id = "B2";
    m.slug = "phase-size-proxy";
    m.category = "B";
    m.default_severity = Severity::Warn;
    m.summary = "Decode vs prefill decided by a size proxy instead of an explicit phase flag.";
    m.what =
        "Flags an added decision (`if`/`elif`/`while`, a boolean assignment, a `return` or a ternary) that "
        "tells decode from prefill by comparing a query length with 1 — `max_seqlen_q == 1`, "
        "`max_q_len <= 1`, `query_len < 2` — or by `q.shape[0] == 1`.";
    m.why =
        "A query length of 1 means decode only for plain decoding. With MTP / speculative decoding a decode "
        "step verifies several tokens (q length 1 + num_spec), and a one-token prefill chunk has length 1: the "
        "proxy sends those batches down the wrong kernel path (ATOM#1372; ATOM#287 built MLA metadata for the "
        "wrong q length after `max_seqlen_q` was overwritten to 1).";
    m.example =
        "```python\nif attn_metadata.max_seqlen_q == 1:      # flagged\n    return self._forward_decode(q, kv_cache, attn_metadata)\n"
        "if attn_metadata.is_prefill:              # fine: explicit phase flag\n    return self._forward_prefill(q, kv_cache, attn_metadata)\n```";
    m.must_not_fire =
        "Decisions that use an explicit phase flag (`is_prefill`, `is_decode`, `forward_mode`, `phase`) in the "
        "same statement; `assert max_seqlen_q == 1` (a check, not a decision); comments and docstrings; test "
        "files.";
    m.source = "ATOM#1372, ATOM#287";
    m.messages = {
        {"size_proxy", "Decode vs prefill is decided by the size proxy `{proxy}`",
         "With MTP / speculative decoding (q length 1 + num_spec) or a one-token prefill chunk, the batch takes "
         "the wrong kernel path: wrong output or a metadata/shape crash.",
         "decide the phase with the explicit flag (`attn_metadata.is_prefill` / the forward mode) instead of "
         "`{proxy}`.",
         "whether `{proxy}` still means decode when speculative decoding gives q length > 1."},
    };
    m.line_patterns = {{kProxyKey, kProxyPattern}};
    return m;
  }();
  return meta;
}

bool is_decision(std::string_view statement) {
  static const RE2 decision(
      R"(^\s*(?:if|elif|while|return)\b|^\s*[\w.\[\]]+\s*(?::\s*\w+\s*)?=[^=]|\bif\b.*\belse\b|^\s*(?:and|or)\b)");
  return RE2::PartialMatch(statement, decision);
}

class B2PhaseSizeProxy final : public Rule {
 public:
  const RuleMeta& meta() const override { return b2_meta(); }

  void check(const ReviewModel& model, std::vector<Finding>& out) const override {
    static const RE2 proxy(kProxyPattern);
    static const RE2 phase_flag(R"(\b(?:is_prefill|is_decode|is_extend|forward_mode|phase|is_decode_only|is_prefill_only)\b)");
    static const RE2 assertion(R"(^\s*(?:assert\b|raise\b))");
    for (const auto& [file, line] : model.hits(kProxyKey)) {
      if (file->is_test || line->in_docstring) continue;
      const HunkView* hunk = hunk_of(*file, line);
      if (!hunk) continue;
      const SideLines lines = side_lines(*hunk, Side::New);
      const size_t index = index_of(lines, line);
      if (index >= lines.size()) continue;
      const std::string statement = abc::joined_statement(lines, abc::statement_start(lines, index));
      if (RE2::PartialMatch(statement, assertion) || !is_decision(statement) ||
          RE2::PartialMatch(statement, phase_flag))
        continue;
      std::string matched;
      if (!RE2::PartialMatch(line->code, proxy, &matched)) continue;
      out.push_back(abc::line_finding("B2", Severity::Warn, *file, *line, "size_proxy", {{"proxy", matched}}));
    }
  }
};

}  // namespace

std::unique_ptr<Rule> make_b2_phase_size_proxy() { return std::make_unique<B2PhaseSizeProxy>(); }

}  // namespace atom
