// B5r — B5's rename and removal checks verified against the whole repository: a module, function,
// class or other module-level name the PR removes or renames that an import or a module attribute
// elsewhere still uses at the head, and a new import that resolves to nothing. Runs only with a
// snapshot of the repository (core/repository); every reported use resolved at the base.
#include <memory>
#include <string>

#include "core/analysis/review_model.h"
#include "core/rules/b/b5r_references.h"
#include "core/rules/finding_at.h"
#include "core/rules/rule.h"

namespace atom {
namespace {

const RuleMeta kMeta{
    .id = "B5r",
    .slug = "removed-name-still-referenced",
    .category = "B",
    .default_severity = Severity::Red,
    .summary = "A name or module the PR removes or renames is still imported or used elsewhere in the repository, "
               "a call elsewhere no longer fits a function's changed parameters, or new code names something that "
               "does not exist.",
    .what =
        "Needs the whole repository (`--repo DIR` with a checkout, the extension's snapshot). Python: every "
        "`import`, `from … import …` and use of an imported module's attribute (`envs.ATOM_X`, "
        "`aiter.ops.foo(`) is resolved through packages, submodules and star re-exports, at the PR's head and at "
        "its base. A use that resolved at the base and no longer does at the head is reported on the line that "
        "removed the name (or on the file that was deleted or renamed), naming where it is still used; a new "
        "import that resolves to nothing is reported on its line. Calls of a module-level function (`f(…)` after "
        "`from m import f`, `m.f(…)`) are checked against its parameters at the head and at the base: a call that "
        "fitted the old parameters and raises TypeError with the new ones (a keyword that is gone, a new required "
        "parameter, too many positional arguments) is reported on the new signature, naming the call; a new call "
        "that does not fit is reported on its line. Decorated functions and names bound again (`f = guard(f)`) "
        "are left alone: their signature is the wrapper's.",
    .why =
        "The users of a module are rarely in the diff, and CI's linter does not resolve names across modules: "
        "tests, benchmarks, tuning scripts and plugins that still import a removed helper fail with ImportError "
        "only when someone runs them — often after the merge.",
    .example =
        "The PR renames `def fused_moe_v1(…)` to `fused_moe(…)` in `aiter/fused_moe.py`, and "
        "`op_tests/test_moe.py` still has `from aiter.fused_moe import fused_moe_v1`.",
    .must_not_fire =
        "The module still binds the name another way (an alias, a re-export, a star import, a module "
        "`__getattr__` or `globals()`); the import sits in `try: … except ImportError` or under "
        "`if TYPE_CHECKING:`; the module is outside the repository (an installed package, a compiled "
        "extension that the snapshot cannot hold); the use was already broken at the base.",
    .source = "ATOM#1548",
    .messages =
        {
            {.id = "name-still-used",
             .problem = "`{name}` is no longer defined in `{module}`, but {user} still uses it{more? ({more} more "
                        "places)}",
             .impact = "ImportError/AttributeError when that code runs.",
             .action_verified = "update {user}{more? and the other {more} places} or keep `{name}` in `{module}` "
                                "as an alias.",
             .action_inferred = "whether {user} is still run.",
             .trigger = "{user} still uses `{name}` from `{module}`"},
            {.id = "module-still-imported",
             .problem = "`{module}` no longer exists, but {user} still imports it{more? ({more} more places)}",
             .impact = "ModuleNotFoundError when that code runs.",
             .action_verified = "update {user}{more? and the other {more} places} or keep `{module}` as a module "
                                "that re-exports the new location.",
             .action_inferred = "whether {user} is still run.",
             .trigger = "{user} still imports `{module}`"},
            {.id = "new-import-unresolved",
             .problem = "this new code takes `{name}` from `{module}`, which does not define it",
             .impact = "ImportError/AttributeError when this line runs.",
             .action_verified = "import `{name}` from where it is defined.",
             .action_inferred = "where `{name}` is defined.",
             .trigger = "`{module}` defines no `{name}` at the PR's head"},
            {.id = "call-no-longer-fits",
             .problem = "the parameters of `{name}` in `{module}` changed, but {user} still {mismatch}{more? ({more} "
                        "more calls)}",
             .impact = "TypeError when that call runs.",
             .action_verified = "update {user}{more? and the other {more} calls} or keep accepting the old "
                                "arguments in `{name}`.",
             .action_inferred = "whether {user} is still run.",
             .trigger = "{user} {mismatch} to `{name}`"},
            {.id = "new-call-does-not-fit",
             .problem = "this new call of `{name}` {mismatch}, which its parameters in `{module}` do not accept",
             .impact = "TypeError when this line runs.",
             .action_verified = "call `{name}` with the parameters it takes.",
             .action_inferred = "whether `{name}` takes these arguments.",
             .trigger = "the call {mismatch}; `{name}` does not accept it"},
        },
    .line_patterns = {},
};

std::string at(const b5r::UseSite& use) { return "`" + use.path + ":" + std::to_string(use.line) + "`"; }

// Red when a production module fails to load; a use in a test, a benchmark or inside a function
// breaks only when that code runs.
Severity severity_of(const b5r::BrokenReference& broken) {
  for (const b5r::UseSite& use : broken.users)
    if (use.production && use.import_time) return Severity::Red;
  return Severity::Warn;
}

Finding finding_for(const b5r::BrokenReference& broken) {
  FindingFields fields{{"module", broken.module}, {"user", at(broken.users.front())}};
  if (!broken.name.empty()) fields["name"] = broken.name;
  if (broken.users.size() > 1) fields["more"] = std::to_string(broken.users.size() - 1);
  if (broken.call) fields["mismatch"] = broken.users.front().mismatch;
  const std::string message = broken.call && broken.new_use ? "new-call-does-not-fit"
                              : broken.call                 ? "call-no-longer-fits"
                              : broken.new_use              ? "new-import-unresolved"
                              : broken.module_missing       ? "module-still-imported"
                                                            : "name-still-used";
  const Severity severity = severity_of(broken);
  Finding finding =
      broken.file == nullptr ? pr_finding("B5r", severity, Tag::Verified, message, fields)
      : broken.line == 0     ? file_finding("B5r", severity, Tag::Verified, *broken.file, message, fields)
                             : finding_at("B5r", severity, Tag::Verified, *broken.file, broken.line, message, fields,
                                          broken.new_use || broken.call ? Side::New : Side::Old);
  finding.trigger = Finding::TriggerValues{};
  return finding;
}

class B5rRemovedNameStillReferenced : public Rule {
 public:
  const RuleMeta& meta() const override { return kMeta; }
  void check(const ReviewModel& model, std::vector<Finding>& out) const override {
    for (const b5r::BrokenReference& broken : b5r::broken_references(model))
      if (!broken.users.empty()) out.push_back(finding_for(broken));
  }
};

}  // namespace

std::unique_ptr<Rule> make_b5r_removed_name_still_referenced() { return std::make_unique<B5rRemovedNameStillReferenced>(); }

}  // namespace atom
