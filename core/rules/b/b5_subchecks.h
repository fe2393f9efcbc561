// The five B5 sub-checks (an API surface changes and its receivers do not follow). Each
// appends findings of rule B5 with its own message id.
#pragma once
#include <vector>
#include "core/analysis/review_model.h"
#include "core/rules/finding.h"

namespace atom::b5 {

// A new parameter that the (fully visible) body never reads.
void param_discard(const ReviewModel& model, std::vector<Finding>& out);
// A parameter removed from a def while callers in the diff (or unseen ones) may still pass it.
void param_removed(const ReviewModel& model, std::vector<Finding>& out);
// A def renamed (same parameters) while code still uses the old name, with no shim.
void renamed(const ReviewModel& model, std::vector<Finding>& out);
// A new getattr(obj, "key", default) chain that silently falls back.
void attr_missing(const ReviewModel& model, std::vector<Finding>& out);
// A new `x = getattr(obj, "key", 0/None/False)` inside an `if` whose condition turns on the feature
// the key is about (a shared word: `_fuse_shared_into_routed` / `n_shared_experts`): when the key
// is missing, the default switches off what the branch exists for, silently.
void default_defeats_guard(const ReviewModel& model, std::vector<Finding>& out);
// A backend fallback (except ImportError/…) that switches implementation without a log.
void dispatch_silent(const ReviewModel& model, std::vector<Finding>& out);

}  // namespace atom::b5
