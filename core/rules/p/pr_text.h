// The PR description as the P rules read it: title and body lines with HTML comments (template
// guidance) and commit trailers removed, plus the measurements and claims found in them.
#pragma once
#include <map>
#include <optional>
#include <string>
#include <vector>
#include <re2/re2.h>
#include "core/analysis/review_model.h"
#include "core/rules/finding.h"

namespace atom::p {

struct PrText {
  std::string title;
  std::vector<std::string> body_lines;
};

// The title and body, or nullopt when the meta has no body (the P rules then do not run) or the
// PR is a revert (its claims are the reverted PR's).
std::optional<PrText> read_pr_text(const ReviewModel& model);

// A body line that reports accuracy (gsm8k, mmlu, accuracy, acc, exact_match): its numbers are
// not performance numbers.
bool is_accuracy_line(const std::string& line);

// The performance claim of the PR ("speedup", "optimize", "+12%"), or "". The title claims with
// the stems of rules.md ("fused" only outside fixes); the body only with an explicit gain
// ("faster", "speedup", "improves throughput"), since squash bodies name fused ops freely. CI,
// docs and test PRs ("ci:", "[Doc]") claim nothing.
std::string perf_claim(const PrText& text);

// Numbers with a unit (ms, us, tokens/s, TFLOPS, GB/s, %, x …) on body lines (and the title) that
// are not accuracy lines: the unit right after the number, as written ("12.5 us"), in the number's
// label as benchmark reports print it ("4426.86" of "Mean TTFT (ms): 4426.86"), or in the header of
// its markdown table column ("41.2 (us)").
std::vector<std::string> measured_numbers(const PrText& text);

// All capture groups of `pattern` (one group) over every body line.
std::vector<std::string> body_matches(const PrText& text, const RE2& pattern);

}  // namespace atom::p
