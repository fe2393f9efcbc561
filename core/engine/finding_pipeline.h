// The steps between the rules and the result, each a small pure function so that each can be
// tested alone. run_review() applies them in this order.
#pragma once
#include <map>
#include <string>
#include <vector>
#include "core/analysis/review_model.h"
#include "core/result/review_result.h"
#include "core/rules/rule.h"
#include "core/rules/rule_status.h"

namespace atom {

// Runs `rules` in order; a rule that throws (native builds only: the core is meant to be
// no-throw, and WebAssembly builds have no exceptions) contributes nothing and the review goes on.
// Findings come out in rule order, each rule's in the order it emitted them; every finding carries
// the id of the rule that made it.
std::vector<Finding> run_rules(const std::vector<const Rule*>& rules, const ReviewModel& model);
// The built-in rules that run: a pack's `rules.<ID>.enabled` decides where it says; elsewhere
// every rule but those `statuses` turns off. In registry order.
std::vector<const Rule*> rules_in_force(const Pack& pack, const RuleStatusTable& statuses = RuleStatusTable::active());
std::vector<Finding> run_enabled_rules(const ReviewModel& model, const Pack& pack,
                                       const RuleStatusTable& statuses = RuleStatusTable::active());  // run_rules(rules_in_force(…), model)
// The pack's custom pattern rules (core/rules/pack_pattern_rules.h), in the pack's order.
std::vector<Finding> run_custom_rules(const ReviewModel& model, const Pack& pack);

// A pack's severity override of a built-in rule (`rules.<ID>.severity`) replaces the severity of
// each of its findings. Runs after apply_rule_status (the pack's author decides, even for a
// preview rule) and before the red gate (a red finding still needs its trigger).
void apply_severity_overrides(std::vector<Finding>& findings, const Pack& pack);

// The rule lifecycle: each finding of a rule that `statuses` does not call stable (preview, or not
// named at all) becomes a note marked fields["preview"] = "1", with fields["rule_severity"] = the
// severity the rule gave, so the report words it "worth a look". Runs before the red gate and the
// verdict, so a preview rule never warns or blocks.
void apply_rule_status(std::vector<Finding>& findings, const RuleStatusTable& statuses = RuleStatusTable::active());

// The red gate: a red finding with no (or an empty) trigger, or an inferred red finding,
// becomes warn with fields["worth_checking"] = "1" (worded "worth checking").
void apply_red_gate(std::vector<Finding>& findings);

// Gives a finding with an empty place the function of its line, else "hunk <new_start>", else
// "file" (file-level) or "pr" (PR-level), so that folding has a place to group by.
void assign_places(const ReviewModel& model, std::vector<Finding>& findings);

// One finding per rule per place: findings with the same rule, path and place fold into the
// most severe (then lowest line) one, whose `folded` counts the others.
void fold_by_place(std::vector<Finding>& findings);

// Moves the findings the reviewer dismissed (same rule, path and line) out of `findings`.
std::vector<DismissedFinding> take_dismissed(std::vector<Finding>& findings,
                                             const std::vector<Dismissal>& dismissals);

// The status entry of each built-in rule (one the registry knows) that has a finding or a
// dismissed finding, from `statuses`.
std::map<std::string, RuleStatusEntry> rule_records(const std::vector<Finding>& findings,
                                                    const std::vector<DismissedFinding>& dismissed,
                                                    const RuleStatusTable& statuses = RuleStatusTable::active());

// Severity (red first), then path (PR-level first), line, rule, message id.
void sort_findings(std::vector<Finding>& findings);

// block if any red, needs_work if any warn, else lgtm.
Verdict verdict_for(const std::vector<Finding>& findings);

}  // namespace atom
