// A pack's custom pattern rules (Pack::custom_rules) run over the review model. Each match is a
// finding with message_id kPackPatternMessage whose fields hold the match ({match}, {path}, the
// groups by number and name) and the pack author's texts, which core/report fills and escapes.
#pragma once
#include <vector>

#include "core/analysis/review_model.h"
#include "core/packs/pack.h"
#include "core/rules/finding.h"

namespace atom {

inline constexpr const char* kPackPatternMessage = "pack-pattern";
// The fields holding the pack author's texts (unfilled templates).
inline constexpr const char* kPackProblemField = "pack_problem";
inline constexpr const char* kPackImpactField = "pack_impact";
inline constexpr const char* kPackActionField = "pack_action";
// The trigger value holding the rule's red_trigger (the template core/report fills from the fields).
inline constexpr const char* kPackTriggerValue = "pack_trigger";

// One finding per matching line: added lines the PR wrote (is_new_code), removed lines it deleted
// (is_deleted_code), and unchanged lines within 3 lines of either (what `git diff` shows as
// context, with or without whole files), as the rule's `lines` asks; in files its `paths` globs
// match (every file when it has none). Severity as the rule says; a red finding has a trigger (the
// rule's red_trigger, filled from the match by core/report) unless a placeholder in it stays empty.
void run_pattern_rule(const PatternRule& rule, const ReviewModel& model, std::vector<Finding>& out);

}  // namespace atom
