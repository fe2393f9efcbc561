// Step 1 of the checklist (rules.md): the context a review needs before it judges the diff —
// the issues the PR says it fixes, the prior human review comments, and the PR's failing CI
// checks classified before anyone blames the PR. Reads the PR meta (and, for CI, the changed
// paths); deterministic like the rest of the summary.
#pragma once
#include <string>
#include <vector>

#include "core/model/pr_meta.h"
#include "core/result/review_result.h"

namespace atom {

// References the body says it fixes/closes/resolves ("#12", "ROCm/aiter#45"), unique, in order
// of appearance; references to `repo` itself (any case, or as an issue URL) become "#N". HTML
// comments (template guidance) are not read.
std::vector<std::string> linked_issues(const std::string& body, const std::string& repo);

// True for bot and Copilot accounts: a login ending in "[bot]" or one of the well-known bots.
bool is_bot_account(const std::string& login);

// The first line of a comment that says something: blank lines, quoted lines ("> …"), code
// fences and what they hold, and HTML comments are skipped; at most 160 characters, "…" when
// cut. A body that is only a suggestion block reads "(suggested change)"; otherwise "" when
// nothing is left.
std::string comment_excerpt(const std::string& body);

// Linked issues and the human review comments: comments by bots, by Copilot, by the PR's author
// and with a blank body are not review and are left out.
PrContext build_pr_context(const PrMeta& meta);

// One entry per failing check (failure, error, timed_out, startup_failure), sorted worth_a_look,
// stale, baseline, unrelated, then by name. `changed_paths` are the diff's paths (old and new).
std::vector<CiFailure> classify_ci_failures(const std::vector<PrCheck>& checks,
                                            const std::vector<std::string>& changed_paths,
                                            const std::string& base_ref);

}  // namespace atom
