// Searching the analysed PR for the summary: changed lines and PR text, with evidence strings
// ("path:line", `title: "fix"`). Every search walks files, hunks and lines in diff order, so
// "first" is deterministic.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include <re2/re2.h>

#include "core/analysis/review_model.h"
#include "core/result/review_result.h"

namespace atom {

struct LineHit {
  const FileView* file = nullptr;
  const CodeLine* line = nullptr;
};

// Which lines a search reads. Moved, re-indented or reformatted lines are not the PR's new or
// deleted code (review_model.h): they count as context.
struct LineQuery {
  bool added = true;         // new code
  bool removed = false;      // deleted code
  bool context = false;      // unchanged lines, and moved ones where they now stand
  bool raw = false;          // match the raw line (comments and strings included), else the stripped code
  bool skip_tests = false;   // leave out test files
  bool code_only = false;    // Python and C/C++ files only: no docs, configs, CI files or scripts
};

// The line as evidence: "path:12" for a new-side line, "path:12 (removed)" for a removed one.
Evidence where(const LineHit& hit);
Evidence whole_file(const FileView& file);
// Evidence from the PR's text, not a place in the diff.
Evidence pr_text(std::string text);

std::vector<LineHit> matching_lines(const ReviewModel& model, const RE2& pattern, const LineQuery& query);
std::optional<LineHit> first_matching_line(const ReviewModel& model, const RE2& pattern, const LineQuery& query);

// First match of `pattern` in the title, then in the body: `title: "…"` / `description: "…"`
// (the matched text, or its first capture group when there is one).
std::optional<Evidence> text_evidence(const ReviewModel& model, const RE2& pattern);
std::optional<Evidence> title_evidence(const ReviewModel& model, const RE2& pattern);
std::optional<Evidence> body_evidence(const ReviewModel& model, const RE2& pattern);

// Up to `width` characters of `text` around the first match, on one line ("…" where cut).
std::optional<std::string> excerpt_around_match(const std::string& text, const RE2& pattern, size_t width = 80);

// The matched text (or first capture group) of the first match.
std::optional<std::string> first_match(const std::string& text, const RE2& pattern);

// All distinct first-capture-group matches in `text`, in order of first appearance (`pattern`
// must have a capture group).
std::vector<std::string> all_matches(const std::string& text, const RE2& pattern);

const std::string& body_text(const ReviewModel& model);   // "" when absent
const std::string& title_text(const ReviewModel& model);

}  // namespace atom
