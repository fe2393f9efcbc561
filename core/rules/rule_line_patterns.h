// Every registered rule's RuleMeta::line_patterns as one LinePatternSet, compiled once per process;
// the engine hands it to build_review_model.
#pragma once
#include "core/analysis/line_patterns.h"

namespace atom {

const LinePatternSet& rule_line_patterns();

}  // namespace atom
