// The PR-summary half of a review (seed Steps 2, 3, 4, 6, 7): what kind of PR this is, the five
// questions with their evidence, the per-file checklist, reviewer prompts and the cheap AI-code
// signs. Reads the analysed PR only; never emits findings.
#pragma once
#include "core/analysis/review_model.h"
#include "core/result/review_result.h"

namespace atom {

// Fills result.pr_types, questions, checklist, prompts, ai_signals, context and ci, and sets
// result.elevated_ai_risk from the signs (call after findings are final so that findings of
// category "AI" also raise it). Deterministic: every list comes out sorted or in a fixed order.
void summarize(const ReviewModel& model, ReviewResult& result);

}  // namespace atom
