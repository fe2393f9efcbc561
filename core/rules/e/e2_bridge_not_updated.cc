// E2: a signature or structure that plugin bridges read changes, and no bridge changes with it.
#include <map>
#include <memory>
#include <string>
#include <re2/re2.h>

#include "core/analysis/review_model.h"
#include "core/analysis/signature_changes.h"
#include "core/rules/rule.h"
#include "core/rules/finding_at.h"

namespace atom {
namespace {

const RuleMeta kMeta{
    .id = "E2",
    .slug = "bridge-not-updated",
    .category = "E",
    .default_severity = Severity::Warn,
    .summary = "A signature, KV layout or structure that the vLLM/SGLang plugin bridges read changes, "
               "and no bridge changes in the same PR.",
    .what =
        "In ATOM's shared code (`atom/models/`, `atom/model_ops/`, `atom/model_engine/`, "
        "`atom/config.py`, `atom/utils/forward_context.py`), finds a public function or method "
        "whose parameters are removed or renamed, or a line shaping the KV cache (`kv_cache` with "
        "`.view(`/`.reshape(`/`.permute(`/`shape`) that changes, when the PR touches no plugin "
        "bridge (`atom/plugin/**`, `*_bridge.py`).",
    .why =
        "Bridges call into ATOM with the old argument names and read its KV layout directly; they "
        "are not exercised by ATOM's own tests, so the break surfaces only for vLLM/SGLang users — "
        "at once, and visibly (ATOM#1423).",
    .example =
        "```python\n-def forward(self, positions, hidden_states, kv_cache):\n"
        "+def forward(self, positions, hidden_states):   # atom/plugin/sglang/… still passes kv_cache\n```",
    .must_not_fire =
        "A bridge file is updated in the same PR; only parameters with defaults are added (E3); "
        "private (`_name`) functions and methods of private classes; a def nested in a def; a head that still "
        "takes `**kwargs`; a def only moved or re-indented (both sides' syntax trees agree); tests. The finding is inferred: which bridges read the symbol "
        "is in the repository, not the diff.",
    .source = "ATOM#1423",
    .messages = {{
                     .id = "signature-changed",
                     .problem = "`{function}` loses parameter(s) {params} and no plugin bridge is updated in this PR",
                     .impact = "a vLLM/SGLang bridge still calling with the old parameters fails at once for "
                               "plugin users (TypeError), untested by ATOM's own CI",
                     .action_verified = "update the bridges that call `{function}`, or keep the old parameters "
                                        "as a compatibility shim",
                     .action_inferred = "whether any plugin bridge (atom/plugin/**, *_bridge.py) calls `{function}` "
                                        "with {params}",
                 },
                 {
                     .id = "kv-layout-changed",
                     .problem = "the KV-cache layout line `{code}` changes and no plugin bridge is updated in this PR",
                     .impact = "a bridge that views the KV cache with the old layout reads the wrong slots: "
                               "wrong output for plugin users only",
                     .action_verified = "update the bridges' KV-cache views to the new layout",
                     .action_inferred = "whether any plugin bridge reads the KV cache with the old layout",
                 }},
    .line_patterns = {},
};

bool is_bridge(const std::string& path) {
  static const RE2 kBridge(R"((^|/)atom/plugin/|_bridge\.py$)");
  return RE2::PartialMatch(path, kBridge);
}

bool is_shared_code(const std::string& path) {
  static const RE2 kShared(
      R"(^atom/(models|model_ops|model_engine)/|^atom/config\.py$|^atom/utils/forward_context\.py$)");
  return RE2::PartialMatch(path, kShared);
}

Finding e2_finding(const FileView& file, int head_line, const char* message_id,
                   std::map<std::string, std::string> fields) {
  return finding_at("E2", Severity::Warn, Tag::Inferred, file, head_line, message_id, std::move(fields));
}

std::string trimmed(const std::string& code) {
  const size_t first = code.find_first_not_of(" \t");
  if (first == std::string::npos) return "";
  return code.substr(first, code.find_last_not_of(" \t") - first + 1);
}

class E2Rule : public Rule {
 public:
  const RuleMeta& meta() const override { return kMeta; }

  void check(const ReviewModel& model, std::vector<Finding>& out) const override {
    if (model.pack_name != "ATOM") return;  // the bridges are an ATOM concept
    for (const FileView& file : model.files)
      if (is_bridge(file.path)) return;
    for (const FileView& file : model.files) {
      if (file.is_test || file.language != Language::Python || !is_shared_code(file.path)) continue;
      check_signatures(file, out);
      check_kv_layout(file, out);
    }
  }

 private:
  void check_signatures(const FileView& file, std::vector<Finding>& out) const {
    for (const PySignatureChange& change : python_signature_changes(file)) {
      const ast::PyFunction& function = change.after;
      // Only what a bridge can reach: no private names or classes, no closures, and an old
      // keyword that **kwargs would no longer accept.
      if (function.name.empty() || function.name[0] == '_' || function.nesting == ast::PyNesting::Nested ||
          (!function.class_name.empty() && function.class_name[0] == '_') || change.removed.empty() ||
          change.after_takes_kwargs)
        continue;
      std::string removed;
      for (const std::string& name : change.removed) removed += (removed.empty() ? "`" : ", `") + name + "`";
      out.push_back(e2_finding(file, function.header_line, "signature-changed",
                               {{"function", function.name}, {"params", removed}}));
    }
  }

  void check_kv_layout(const FileView& file, std::vector<Finding>& out) const {
    static const RE2 kKvLayout(R"(\bkv_cache\w*\b.*(\.view\(|\.reshape\(|\.permute\(|\.shape\b|\.unflatten\())");
    for (const HunkView& hunk : file.hunks) {
      bool removed_layout = false;
      for (const CodeLine& line : hunk.lines)
        removed_layout |= is_deleted_code(line) && RE2::PartialMatch(line.code, kKvLayout);
      if (!removed_layout) continue;
      for (const CodeLine& line : hunk.lines) {
        if (!is_new_code(line) || !RE2::PartialMatch(line.code, kKvLayout)) continue;
        out.push_back(e2_finding(file, line.new_line, "kv-layout-changed", {{"code", trimmed(line.code)}}));
        break;
      }
    }
  }
};

}  // namespace

std::unique_ptr<Rule> make_e2_bridge_not_updated() { return std::make_unique<E2Rule>(); }

}  // namespace atom
