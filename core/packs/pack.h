// A pack: the repository-specific knowledge of the engine, as data (core/packs/README.md, the
// format; core/packs/pack.schema.json, its JSON Schema). Loaded and validated by load_pack()
// (core/packs/pack_loader.h); the built-in packs are core/packs/*.json (builtin_packs.h).
// Rules read the knowledge from the pack the engine hands them (ReviewModel::pack), never from
// globals.
#pragma once
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <re2/re2.h>

#include "core/tiers/tier_table.h"

namespace atom {

// Severities as a pack names them; the engine maps them onto Finding's (core/rules/finding.h).
enum class PackSeverity { Note, Warn, Red };

// `rules.<ID>`: a built-in rule turned off, or its findings given another severity.
struct RuleOverride {
  std::optional<bool> enabled;  // unset: the rule's measured status decides (an off rule does not run)
  std::optional<PackSeverity> severity;
};

// Which lines of a hunk a custom pattern rule reads.
struct PatternLines {
  bool added = true;
  bool removed = false;
  bool context = false;
};

// `custom_rules[i]`: an RE2 pattern over the raw text of diff lines. The message texts are the
// pack author's; {match}, {path}, {1}…{n} and {group_name} are filled from the match.
struct PatternRule {
  std::string id;                          // "X-print", never a built-in rule's id
  std::shared_ptr<const RE2> pattern;      // compiled with the pack limits (max_mem)
  PatternLines lines;
  std::vector<std::string> paths;          // path globs (core/tiers/path_glob.h); empty = every file
  PackSeverity severity = PackSeverity::Warn;
  std::string problem, impact, action;     // action completes "Author must …"
  // Red needs it: the concrete trigger, filled from the match. When a placeholder it names stays
  // empty (an optional group that did not take part), the finding is warn, not red.
  std::string red_trigger;
};

// A decorator that registers a torch custom op (D6, D7): `@torch_compile_guard`, or
// `@mark_spliting_op` only when called with `is_custom=True` (only_with = "is_custom=True").
struct CustomOpDecorator {
  std::string name;
  std::string only_with;   // "" = always
  // Without `gen_fake=` the decorator registers the decorated def itself as the fake (aiter's
  // torch_compile_guard and compile_ops run `calling_func` on fake tensors), so the op has a fake
  // and only what its body does decides whether that fake works.
  bool body_is_fake = false;
  // Module-level lists whose string entries name functions the decorator leaves as plain
  // functions, registering no op (aiter's NONE_WRAPPED_OP): such a function needs no fake.
  std::vector<std::string> unregistered_lists;
};

// C3: a number that is one model family's dimension, where the code should read the config.
struct ModelMagicNumber {
  std::string value;       // decimal digits: "576"
  std::string stands_for;  // named in the finding: "kv_lora_rank + qk_rope_head_dim (DeepSeek MLA: 512 + 64)"
};

// HK1: a file name that marks a file committed by mistake ("scratch perf script": `^run_?perf.*\.sh$`).
struct LeftoverFilePattern {
  std::string kind;                        // named in the finding
  std::shared_ptr<const RE2> pattern;      // matched against the file name (no directories)
};

// Facts about the repository's code that the built-in rules need.
struct PackKnowledge {
  // HK7: top-level packages every checkout already depends on (an import of one is not new).
  std::vector<std::string> stack_modules;
  // D6/D7: the custom-op registration decorators, and one RE2 that finds any of them at the start
  // of a line (group 1: the decorator's name), made by the loader from `custom_op_decorators`.
  std::vector<CustomOpDecorator> custom_op_decorators;
  std::shared_ptr<const RE2> custom_op_decorator_pattern;
  // HK1: the leftover-file patterns, tried in order (the first that matches names the kind).
  std::vector<LeftoverFilePattern> leftover_files;
  // P2: the production models a benchmark may name (RE2 fragments, case-insensitive), and one
  // RE2 matching any of them, made by the loader; nullptr when the list is empty.
  std::vector<std::string> production_models;
  std::shared_ptr<const RE2> production_model_pattern;
  // C3: the model dimensions an added line should not spell as a bare number.
  std::vector<ModelMagicNumber> model_magic_numbers;
};

struct Pack {
  std::string name;                        // "ATOM"; shown in the card's heading when it has tiers
  std::string version;                     // the pack's own version, "" when not given
  std::vector<std::string> repos;          // OWNER/REPO globs, matched case-insensitively
  TierTable tiers;                         // named after the pack when the pack has a "tiers" section
  std::map<std::string, RuleOverride> rule_overrides;   // by rule id
  std::vector<PatternRule> custom_rules;
  PackKnowledge knowledge;

  // `rules.<ID>.enabled` as the pack says it; unset when the pack leaves the choice to the rule's
  // measured status (core/rules/rule_status.h).
  std::optional<bool> rule_enabled(const std::string& rule_id) const;
  const PatternRule* custom_rule(const std::string& rule_id) const;   // nullptr when not one
  bool applies_to(std::string_view repo) const;   // some `repos` glob matches OWNER/REPO
};

}  // namespace atom
