// How much of a pull request one review reads. Above a limit the review is partial: it reads the
// part within the limit and names what it skipped (ReviewResult::skipped, a line on the card), so
// any input finishes in time and memory linear in its size. The limits sit well above every real
// pull request in the corpus (its largest diff has 1.06 MB) and near GitHub's own
// (a pull request's files page lists at most 3,000 files; a diff shows at most 20,000 lines).
#pragma once
#include <string_view>
#include <vector>

#include "core/model/diff.h"
#include "core/result/review_result.h"

namespace atom {

inline constexpr size_t kMaxDiffBytes = 8u << 20;    // bytes of diff read
inline constexpr size_t kMaxFiles = 3000;             // file sections per diff
inline constexpr size_t kMaxFileLines = 20000;        // diff lines (hunk bodies) per file

// The diff within kMaxDiffBytes: cut before the last file section ("diff --git ") that starts
// within the limit, or at the last line end when the first section alone is larger.
std::string_view diff_within_byte_limit(std::string_view diff, std::vector<SkippedInput>& skipped);

// Keeps the first kMaxFiles files; drops the hunks of a file holding more than kMaxFileLines
// lines (its counts stay, FileDiff::hunks_over_limit is set). Each cut is named in `skipped`.
void apply_file_limits(ParsedDiff& diff, std::vector<SkippedInput>& skipped);

}  // namespace atom
