// D2: a feature switch flipped on by default with no environment variable to roll it back.
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <re2/re2.h>

#include "core/analysis/before_parsing.h"
#include "core/analysis/changed_lines.h"
#include "core/analysis/file_trees.h"
#include "core/analysis/python_nodes.h"
#include "core/analysis/review_model.h"
#include "core/rules/rule.h"
#include "core/rules/finding_at.h"

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
        "dict entry, a call's keyword, or an argparse `default=` (read from both sides' syntax "
        "trees, so a multi-line `add_argument` counts) — when no added line naming the switch reads "
        "an environment variable (`os.environ`, `os.getenv`, `envs.`).",
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

// A boolean a side of the file gives a switch: `name = V`, `name: T = V`, `self.name = V`, a
// parameter default `name=V`, a call's `name=V`, a dict entry `"name": V`, or argparse's
// `add_argument("--name", …, default=V)`; `line` is the line of the `True`/`False` itself.
struct SwitchSetting {
  std::string name;
  bool value = false;
  int line = 0;
};

bool is_switch_name(const std::string& name) {
  static const RE2 kSwitchName(R"((?i)(use|enable|fuse|fused|fusion|triton|aiter|asm|flash|fast|opt))");
  return !name.empty() && name != "default" && RE2::PartialMatch(name, kSwitchName);
}

// The identifier a store target names: `x` or the last part of `a.b.x`.
std::string target_name(const syntax::SyntaxTree& tree, syntax::Node target) {
  if (target.kind() == "identifier") return std::string(tree.text(target));
  if (target.kind() == "attribute") return std::string(tree.text(target.field("attribute")));
  return {};
}

// The option an `add_argument("--use-x", …)` call declares, with dashes as underscores.
std::string argparse_option(const syntax::SyntaxTree& tree, syntax::Node keyword) {
  const syntax::Node arguments = keyword.parent();
  const syntax::Node call = arguments.parent();
  if (call.kind() != "call") return {};
  const std::string_view callee = tree.text(call.field("function"));
  if (callee != "add_argument" && !callee.ends_with(".add_argument")) return {};
  const syntax::Node first = arguments.named_child(0);
  std::string option = ast::string_content(tree, first);
  if (option.rfind('-', 0) != 0) return {};
  option.erase(0, option.find_first_not_of('-'));
  for (char& c : option) if (c == '-') c = '_';
  return option;
}

// The switch a `True`/`False` node sets, from where it stands.
std::string switch_of(const syntax::SyntaxTree& tree, syntax::Node value) {
  const syntax::Node holder = value.parent();
  const std::string_view kind = holder.kind();
  if (kind == "assignment" && holder.field("right") == value) return target_name(tree, holder.field("left"));
  if ((kind == "default_parameter" || kind == "typed_default_parameter") && holder.field("value") == value)
    return std::string(tree.text(holder.field("name")));
  if (kind == "keyword_argument" && holder.field("value") == value) {
    const std::string keyword(tree.text(holder.field("name")));
    return keyword == "default" ? argparse_option(tree, holder) : keyword;
  }
  if (kind == "pair" && holder.field("value") == value) return ast::string_content(tree, holder.field("key"));
  return {};
}

std::vector<SwitchSetting> switch_settings(const SideTrees& side) {
  std::vector<SwitchSetting> out;
  for (const ast::FileSyntax& part : side.parts)
    syntax::walk(part.tree.root(), [&](syntax::Node node) {
      if (node.kind() != "true" && node.kind() != "false") return true;
      std::string name = switch_of(part.tree, node);
      if (is_switch_name(name)) out.push_back({std::move(name), node.kind() == "true", part.tree.start_line(node)});
      return false;
    });
  return out;
}

bool env_gated(const ReviewModel& model, const std::string& flag) {
  static const RE2 kEnv(R"(os\.environ|getenv|\benvs\.|\bATOM_\w+|\bAITER_\w+)");
  std::string lowered_flag;
  for (char c : flag) lowered_flag += static_cast<char>(c == '-' ? '_' : std::tolower(static_cast<unsigned char>(c)));
  for (const FileView& file : model.files)
    for (const HunkView& hunk : file.hunks)
      for (const CodeLine& line : hunk.lines) {
        if (line.kind != LineKind::Added || !line.diff) continue;
        if (!RE2::PartialMatch(line.diff->text, kEnv)) continue;
        std::string lowered;
        for (char c : line.diff->text) lowered += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        if (lowered.find(lowered_flag) != std::string::npos) return true;
      }
  return false;
}

class D2Rule : public Rule {
 public:
  const RuleMeta& meta() const override { return kMeta; }

  // A switch one hunk deletes as `False` and writes as `True`, read from both sides' trees (so a
  // multi-line `add_argument(…, default=True)` counts as well as a one-line default).
  void check(const ReviewModel& model, std::vector<Finding>& out) const override {
    for (const FileView& file : model.files) {
      if (file.is_test || file.language != Language::Python) continue;
      if (!deletes_line_containing(file, "False") || !writes_line_containing(file, "True")) continue;
      const std::vector<SwitchSetting> head = switch_settings(head_trees(file));
      const std::vector<SwitchSetting> base = switch_settings(base_trees(file));
      std::set<int> reported;
      const ChangedLines changed = changed_lines(file);
      const std::set<int>& written = changed.written, &deleted = changed.deleted;
      for (const HunkView& hunk : file.hunks) {
        if (!hunk.hunk) continue;
        const Hunk& range = *hunk.hunk;
        for (const SwitchSetting& was : base) {
          if (was.value || !deleted.count(was.line) || was.line < range.old_start ||
              was.line >= range.old_start + range.old_count)
            continue;
          for (const SwitchSetting& now : head) {
            if (!now.value || now.name != was.name || !written.count(now.line) || now.line < range.new_start ||
                now.line >= range.new_start + range.new_count)
              continue;
            if (!reported.insert(now.line).second || env_gated(model, now.name)) break;
            out.push_back(flipped(file, now));
            break;
          }
        }
      }
    }
  }

 private:
  static Finding flipped(const FileView& file, const SwitchSetting& setting) {
    return finding_at("D2", Severity::Warn, Tag::Verified, file, setting.line, "default-flipped",
                      {{"flag", setting.name}});
  }
};

}  // namespace

std::unique_ptr<Rule> make_d2_new_default_without_env() { return std::make_unique<D2Rule>(); }

}  // namespace atom
