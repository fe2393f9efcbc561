// B5 — an API surface changes and its receivers do not follow: param-discard, param-removed,
// rename, attr-missing, dispatch-silent (the sub-checks live in b5_*.cc).
#include <memory>
#include "core/rules/b/b5_subchecks.h"
#include "core/rules/rule.h"

namespace atom {
namespace {

const RuleMeta& b5_meta() {
  static const RuleMeta meta = [] {
    RuleMeta m;
    m.id = "B5";
    m.slug = "api-change-receivers";
    m.category = "B";
    m.default_severity = Severity::Red;
    m.summary = "An API surface changes and its receivers (callers, subclasses, bridges, importers) don't follow.";
    m.what =
        "Five sub-types, Python only:\n"
        "- **param-discard**: a def with a new parameter (the def is new, or its old signature lacked the name) "
        "whose fully visible body never reads it. Red when the name is a mask, scale or mapping (`*mask*`, "
        "`*scale*`, `*mapping*`, `expert_*`), else warn. A method may be an override bound to its base "
        "signature, so for methods only those correctness names are reported, as an inferred warn question. "
        "Fake/meta implementations, Triton/Gluon kernels, abstract methods and overloads are skipped (their "
        "signature is imposed).\n"
        "- **param-removed**: a parameter disappears from a def. Red (verified) when a call in the diff still "
        "passes it by keyword; warn, inferred, for a public function when the diff shows no call site: the "
        "callers, subclasses and bridges are not in the diff.\n"
        "- **rename**: a def disappears and a def with the same parameters appears in the same file under "
        "another name (same hunk, sharing a word of the old name, one candidate only). Red when code in the diff "
        "still uses the old name; warn, inferred, for a public name when no use is visible.\n"
        "- **attr-missing**: a new nested `getattr(getattr(obj, \"a\", None), \"b\", default)` — when `obj` lacks "
        "`a` the default is used silently. Warn, inferred (which classes lack the attribute is not in the diff).\n"
        "  Also a plain `x = getattr(obj, \"key\", 0/None/False)` inside an `if` whose condition turns on the feature the "
        "key is about (they share a distinctive word: `getattr(m, \"_fuse_shared_into_routed\", False)` and "
        "`\"n_shared_experts\"`): a missing key silently switches off what the branch is for. Not when the guard "
        "tests the key itself, tests for the feature being off (`== 0`, `not`, `is None`), or a raise/log or a test of the result "
        "(`if x is None:`) follows. "
        "Warn, inferred.\n"
        "- **dispatch-silent**: a new `except ImportError/ModuleNotFoundError/AttributeError` or broad "
        "`except Exception` whose `try` imports or calls a kernel backend (aiter, triton, CK, asm, flash_attn, "
        "FlyDSL, mori …) and whose handler neither logs, warns, prints nor raises. Warn. Optional host "
        "frameworks (vllm, sglang) are integration points, not backends.";
    m.why =
        "The receivers of an API are usually not in the diff. A discarded mask or scale silently computes the "
        "unmasked/unscaled result (ATOM#860); a removed or renamed name crashes callers and plugin bridges at "
        "import or call time (ATOM#1548); a silent getattr default or backend fallback changes the kernel path "
        "with nothing in the logs (ATOM#958's nested getattr gave DeepSeek-V4 no quant config).";
    m.example =
        "```python\ndef apply_experts(self, x, w1, w2, topk_weights, topk_ids, expert_mask=None):\n"
        "    return fused_moe(x, w1, w2, topk_weights, topk_ids)        # expert_mask never read\n\n"
        "quant_config = getattr(getattr(model, \"args\", None), \"quant_config\", None)  # silent None\n```";
    m.must_not_fire =
        "A compatibility shim in the same PR keeps the old name (alias `old = new`, a wrapper `def old(...)`, a "
        "re-export `import new as old`: aiter#4227); a new def that still takes `**kwargs` (old keyword "
        "callers keep working); the diff removes the keyword from its call sites, or (for a removed or renamed parameter or a renamed function with no caller still shown using the old form) writes calls to the function, positional ones too, or to its new name: it went through the callers; a def nested inside a def (a closure nothing else can call); bodies that are only "
        "`raise NotImplementedError` / `pass` / `...`; underscore-prefixed parameters; a getattr whose result "
        "is checked and raised or logged on; a fallback that logs. An override that must keep the base "
        "signature and deliberately ignores a parameter (`del param`) reads it, so it is not flagged.";
    m.source = "ATOM#860, ATOM#1548, ATOM#958";
    m.messages = {
        {"param_discard", "The new parameter `{param}` of `{function}` is never read in its body",
         "Callers passing `{param}` believe it takes effect, but the function computes without it: silently "
         "wrong output for every caller that sets it.",
         "use `{param}` in `{function}` (forward it to the kernel) or remove it from the signature.",
         "whether `{function}` is meant to ignore `{param}`, and who passes it.",
         "`{param}` of `{function}` ({path}:{def_line}) is accepted and never read"},
        {"param_removed", "`{param}` was removed from `{function}`{still_at? but {still_at} still passes it}",
         "Any caller, subclass or plugin bridge still passing `{param}=` raises TypeError at call time.",
         "update every caller{still_at? ({still_at})} or keep accepting `{param}` (deprecated) for one release.",
         "whether callers, subclasses or plugin bridges outside the diff still pass `{param}` to `{function}`.",
         "{caller} still passes `{param}=` to `{callee}()`"},
        {"renamed", "`{old}` was renamed to `{new}`{still_at? but {still_at} still uses the old name}",
         "Importers, subclasses and plugin bridges still using `{old}` fail with ImportError/AttributeError.",
         "update the remaining users{still_at? ({still_at})} or keep `{old}` as an alias of `{new}`.",
         "whether importers, subclasses or plugin bridges outside the diff still use `{old}`.",
         "{user} still uses `{old}`"},
        {"attr_missing", "`{expression}` silently falls back to `{default}` when the attribute is missing",
         "Objects without the attribute take the default path with no error or log: a config or feature is "
         "silently dropped (wrong kernel path, wrong quantisation).",
         "read the attribute from where every model defines it, or raise/log when it is missing.",
         "which objects reaching `{expression}` lack the attribute, and whether `{default}` is right for them."},
        {"attr_default_defeats_guard",
         "`{expression}` falls back to `{default}` inside `{guard}`, the branch taken because `{feature}` is on",
         "When the attribute is missing, the branch meant for the {feature} case runs with `{default}`: the feature is "
         "silently dropped (weights left unloaded, a wrong mapping or kernel path), with no error or log.",
         "read the attribute directly so a missing one fails loudly, or raise/log when it is missing.",
         "which objects reaching `{expression}` can lack the attribute while `{guard}` holds."},
        {"dispatch_silent", "The fallback `{handler}` switches implementation without logging",
         "When the preferred backend is missing the slower or different path runs and nothing says so: "
         "performance or numerics change silently.",
         "log (once) which backend is used when falling back in `{handler}`.",
         "whether the silent fallback in `{handler}` can hide a missing backend in production."},
    };
    m.line_patterns = {
        {"B5.nested_getattr", R"(\bgetattr\s*\(\s*getattr\s*\()"},
        {"B5.except", R"(^\s*except\b)"},
        {"B5.getattr_falsy_default", R"(=\s*getattr\s*\([^()]*,\s*(?:0|0\.0|None|False)\s*\)\s*$)"},
    };
    return m;
  }();
  return meta;
}

class B5ApiReceivers final : public Rule {
 public:
  const RuleMeta& meta() const override { return b5_meta(); }

  void check(const ReviewModel& model, std::vector<Finding>& out) const override {
    b5::param_discard(model, out);
    b5::param_removed(model, out);
    b5::renamed(model, out);
    b5::attr_missing(model, out);
    b5::default_defeats_guard(model, out);
    b5::dispatch_silent(model, out);
  }
};

}  // namespace

std::unique_ptr<Rule> make_b5_api_receivers() { return std::make_unique<B5ApiReceivers>(); }

}  // namespace atom
