// D2: a feature switch flipped on by default with no environment variable to roll it back.
#include <memory>
#include <string>
#include <string_view>
#include <re2/re2.h>

#include "core/analysis/review_model.h"
#include "core/rules/d/dg_support.h"
#include "core/rules/rule.h"

namespace atom {
namespace {

const RuleMeta kMeta{
    .id = "D2",
    .slug = "new-default-without-env-rollback",
    .category = "D",
    .default_severity = Severity::Warn,
    .summary = "A new implementation becomes the default with no environment variable to roll back.",
    .what =
        "Finds a feature switch (`use_*`, `enable_*`, `*fuse*`, `*triton*`, `*aiter*`, `*asm*` …) "
        "whose default changes from `False` to `True` — a parameter or dataclass default, a "
        "dict entry, or an argparse `default=` — when neither that line nor any added line "
        "naming the switch reads an environment variable (`os.environ`, `os.getenv`, `envs.`).",
    .why =
        "When the new path misbehaves on a model or GPU nobody tested, users need a switch to go "
        "back without a new release. A default flipped in code can only be undone by patching.",
    .example =
        "```diff\n-    use_fused_rope_cache: bool = False\n+    use_fused_rope_cache: bool = True\n```\n"
        "Use instead: read the default from `envs.ATOM_USE_FUSED_ROPE_CACHE` (registered in "
        "`atom/utils/envs.py`).",
    .must_not_fire =
        "An environment variable gates the switch (on the same line or on an added line naming "
        "it); a default flipped from `True` to `False` (a rollback itself).",
    .source = "checklist v2 (no single source PR)",
    .messages = {{
        .id = "default-flipped",
        .problem = "`{flag}` now defaults to True (was False) and no environment variable can turn it back off",
        .impact = "if the new path breaks a model or GPU that was not tested, users cannot roll back without "
                  "a code change",
        .action_verified = "read the default of `{flag}` from an environment variable registered in "
                           "atom/utils/envs.py, so users can roll back",
        .action_inferred = "how users can turn `{flag}` off if the new default misbehaves",
    }},
    .line_patterns = {},
};

// The switch a line sets to `value` ("True"/"False"): `name: bool = V`, `"name": V`, or an
// argparse `add_argument("--name", …, default=V)`.
std::string switch_set_to(const std::string& code, const std::string& raw, const char* value) {
  static const RE2 kSwitchName(R"((?i)(use|enable|fuse|fused|fusion|triton|aiter|asm|flash|fast|opt))");
  // Compiled once per value ("True" or "False"), not once per line; static locals are
  // initialised once even when batch reviews run on several threads.
  struct Patterns {
    explicit Patterns(const std::string& v)
        : assignment("(?:^|[\\s(,])([A-Za-z_]\\w*)\\s*(?::\\s*[\\w\\[\\]., ]+)?=\\s*" + v + "\\s*[,)]?\\s*$"),
          dict_entry("[\"'](\\w+)[\"']\\s*:\\s*" + v + "\\b"),
          argparse("add_argument\\(\\s*[\"']--?([\\w-]+)[\"'].*\\bdefault\\s*=\\s*" + v + "\\b") {}
    RE2 assignment, dict_entry, argparse;
  };
  static const Patterns true_patterns("True"), false_patterns("False");
  const Patterns& patterns = std::string_view(value) == "True" ? true_patterns : false_patterns;
  const RE2& assignment = patterns.assignment;
  const RE2& dict_entry = patterns.dict_entry;
  const RE2& argparse = patterns.argparse;
  std::string name;
  if (!RE2::PartialMatch(code, assignment, &name) && !RE2::PartialMatch(raw, dict_entry, &name) &&
      !RE2::PartialMatch(raw, argparse, &name))
    return {};
  if (name == "default" || !RE2::PartialMatch(name, kSwitchName)) return {};
  return name;
}

bool env_gated(const ReviewModel& model, const std::string& flag) {
  static const RE2 kEnv(R"(os\.environ|getenv|\benvs\.|\bATOM_\w+|\bAITER_\w+)");
  std::string lowered_flag;
  for (char c : flag) lowered_flag += static_cast<char>(c == '-' ? '_' : std::tolower(static_cast<unsigned char>(c)));
  for (const FileView& file : model.files)
    for (const HunkView& hunk : file.hunks)
      for (const CodeLine& line : hunk.lines) {
        if (line.kind != LineKind::Added) continue;
        std::string raw(dg::raw_text(line));
        if (!RE2::PartialMatch(raw, kEnv)) continue;
        std::string lowered;
        for (char c : raw) lowered += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        if (lowered.find(lowered_flag) != std::string::npos) return true;
      }
  return false;
}

class D2Rule : public Rule {
 public:
  const RuleMeta& meta() const override { return kMeta; }

  void check(const ReviewModel& model, std::vector<Finding>& out) const override {
    for (const FileView& file : model.files) {
      if (file.is_test || file.language != Language::Python) continue;
      for (const HunkView& hunk : file.hunks) {
        for (const CodeLine& removed : hunk.lines) {
          if (!is_deleted_code(removed)) continue;
          std::string flag = switch_set_to(removed.code, std::string(dg::raw_text(removed)), "False");
          if (flag.empty()) continue;
          for (const CodeLine& added : hunk.lines) {
            if (!is_new_code(added) ||
                switch_set_to(added.code, std::string(dg::raw_text(added)), "True") != flag)
              continue;
            if (env_gated(model, flag)) break;
            dg::add_unique(out, dg::finding_at("D2", file, added, "default-flipped", {{"flag", flag}}));
            break;
          }
        }
      }
    }
  }
};

}  // namespace

std::unique_ptr<Rule> make_d2_new_default_without_env() { return std::make_unique<D2Rule>(); }

}  // namespace atom
