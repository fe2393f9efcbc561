// How a file of the diff is reviewed: as a whole file (its head and base texts known, the diff's
// hunks widened to the whole head) or from the diff's hunks alone, with the reason. Plain data,
// one per ParsedDiff::files entry, made by core/diff/file_sources.h.
#pragma once
#include <string>

namespace atom {

enum class ReviewSource { Whole, Hunks };

// Reason codes for ReviewSource::Hunks (FileSource::reason):
//   "not-provided"  no checkout was given (`--repo`), so the head is unknown
//   "missing"       the checkout has no such file
//   "differs"       the checkout's file is not the diff's new side (or the hunks do not fit it)
//   "binary"        a binary file
//   "too-large"     the head file is larger than kMaxWholeFileBytes, or the diff's hunks of the
//                   file hold more lines than a review reads (core/engine/input_limits.h)
//   "multi-commit"  a patch of several commits (or one naming a file twice): no single head
//   "incomplete"    an added/deleted file whose hunk does not hold the whole file (truncated diff)
struct FileSource {
  ReviewSource source = ReviewSource::Hunks;
  std::string reason = "not-provided";  // empty when Whole
  std::string head_text;                // the file at the PR's head ("" for a deleted file); Whole only
  std::string base_text;                // the file before the PR ("" for an added file); Whole only
};

inline constexpr size_t kMaxWholeFileBytes = 2u << 20;

inline const char* to_string(ReviewSource source) { return source == ReviewSource::Whole ? "whole" : "hunks"; }

}  // namespace atom
