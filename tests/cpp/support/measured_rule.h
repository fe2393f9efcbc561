// A rule-status entry as scripts/precision would write it for these label counts.
#pragma once
#include <string>
#include <utility>

#include "core/rules/rule_status.h"

namespace atom::testing {

inline RuleStatusEntry measured_rule(RuleStatus status, int tp, int low, int fp, std::string labeled_through = "") {
  RuleStatusEntry entry;
  entry.status = status;
  entry.tp = tp;
  entry.low = low;
  entry.fp = fp;
  entry.labels = tp + low + fp;
  if (entry.labels > 0) entry.precision = static_cast<double>(tp) / entry.labels;
  entry.labeled_through = std::move(labeled_through);
  return entry;
}

}  // namespace atom::testing
