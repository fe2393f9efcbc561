// The differential filter (Semgrep's "baseline"): a finding is the PR's only if the code before
// the PR did not already produce it. The rules run a second time on the base as a diff without
// changes — the whole base file as context when the file is reviewed whole, else each hunk's old
// side — and every head finding that is not anchored on a new added line or a deleted removed
// line (is_new_code / is_deleted_code) and that the base run also produces is dropped. A base
// finding matches on rule, message id, path, the anchor line's normalized text
// (normalized_code_text) and the fields with their free-standing numbers blanked (line numbers
// move between base and head). Each base finding cancels one head finding. PR-level and
// file-level findings (line 0) are never dropped: they are about the PR, not about a line.
#pragma once
#include <vector>
#include "core/analysis/review_model.h"
#include "core/rules/finding.h"

namespace atom {

// The base of `head` as a diff with no changes: files in the same order and under the same paths
// as head.files (an added file has no hunks). Its sources (same order) come out in `sources`.
ParsedDiff base_as_unchanged_diff(const ReviewModel& head, std::vector<FileSource>& sources);

// Removes from `findings` (the head run's) those that `base_findings` (the base model's run)
// also holds, as described above.
void drop_findings_the_base_has(const ReviewModel& head, std::vector<Finding>& findings,
                                const ReviewModel& base, const std::vector<Finding>& base_findings);

// Builds the base model with the pack, runs the rules the pack enables on it and applies
// drop_findings_the_base_has.
void apply_baseline_filter(const ReviewModel& head, std::vector<Finding>& findings, const Pack& pack);

}  // namespace atom
