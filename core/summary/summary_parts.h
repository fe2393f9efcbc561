// The pieces summarize() assembles; each reads the analysed PR and returns its part, in a fixed
// order. Internal to core/summary.
#pragma once
#include <string>
#include <vector>

#include <re2/re2.h>

#include "core/analysis/review_model.h"
#include "core/result/review_result.h"

namespace atom {

// Step 3: every PR type whose signs appear, in the seed's order, each with its first evidence.
std::vector<PrType> classify_pr_types(const ReviewModel& model);
bool has_pr_type(const std::vector<PrType>& types, const std::string& id);

// Every function with new or deleted code (moved lines aside), once, the most telling first:
// production code, then benchmarks and CI scripts, then tests; then by the function's new or
// deleted lines.
std::vector<std::string> headline_functions(const ReviewModel& model);

// Step 2: Q1–Q5, always all five; Q1 lists functions in `headline` order (headline_functions).
std::vector<Question> answer_questions(const ReviewModel& model, const std::vector<PrType>& types,
                                       const std::vector<std::string>& headline);

// Step 4: a PR-level entry (path "") with what each PR type calls for, then one entry per
// Tier 1, Tier 2 or high-visibility file, Tier 1 first, then by path.
std::vector<ChecklistEntry> build_checklist(const ReviewModel& model, const std::vector<PrType>& types);

// Steps 7 and 7.5: "Reviewer should ask …" prompts whose keywords appear in the diff.
std::vector<ReviewerPrompt> reviewer_prompts(const ReviewModel& model);

// Step 6 cheap signs, in a fixed order. Signs that other checks already establish (a silently
// gated-off parameter, a new default without env var, unrelated files) come from `findings`.
std::vector<AiSignal> detect_ai_signals(const ReviewModel& model, const std::vector<PrType>& types,
                                        const std::vector<Finding>& findings);
const std::vector<std::string>& ai_signal_ids();  // every id detect_ai_signals can produce

// With the whole repository: the overrides of each changed method and the calls elsewhere of each
// changed module function, in Tier 1 and Tier 2 files (the checklist's "grep the whole symbol
// family", done for the reviewer). Empty without a repository.
std::vector<ToVerify> evidence_to_verify(const ReviewModel& model);

// Shared patterns over the PR text.
const RE2& perf_claim_pattern();    // perf, optimise, fuse, faster, speedup, latency, throughput, +N%
const RE2& why_pattern();           // causal wording: because, due to, so that, eliminates …
const RE2& root_cause_pattern();    // wording that names the cause of a bug
// "Fixes #12", "closes: ROCm/aiter#45", "resolved https://github.com/o/r/issues/7": group 1 the
// whole phrase, group 2 the reference. The bug-fix PR type and the linked issues share it.
const RE2& linked_issue_pattern();

}  // namespace atom
