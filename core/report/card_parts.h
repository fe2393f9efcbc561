// Lines of the verdict card that are built from the PR rather than from findings.
#pragma once
#include <string>
#include "core/model/pr_meta.h"
#include "core/result/review_result.h"

namespace atom {

// "## ATOM PR #1498 — title": the pack's name, else the repository's name (after the owner);
// "#N" only when the number is known, " — title" only when there is a title.
std::string card_heading(const PrMeta& meta, const std::string& pack_name);

// One sentence for a reviewer who has not read the diff: the title, then how many files and
// lines changed, the Tier 1/2 files among them, and the functions touched (first three).
std::string card_summary_sentence(const ReviewResult& result);

// "🤖 Elevated AI-code risk: …" naming the signs (in words) and the structural findings.
std::string ai_risk_line(const ReviewResult& result);

// The Step 1 context lines, one per line: the linked issues, the prior human review comments to
// check, and the failing CI checks grouped by class with what to do. "" when there is none.
std::string step1_context_lines(const ReviewResult& result);

// "✂️ Partial review: …", one line per limit the input went over (ReviewResult::skipped), saying
// what was not read. "" when the review read everything.
std::string skipped_input_lines(const ReviewResult& result);

// Words for an AI-code sign id (ReviewResult::ai_signals); unknown ids get their id spelled out.
std::string ai_sign_words(const std::string& id);

}  // namespace atom
