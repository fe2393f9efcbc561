// Holds a rule-status table for the process while in scope and puts the previous one back after:
// tests of the engine's own mechanics (folding, the baseline filter, input limits, the card) use
// a convenient rule such as HK4's TODOs whatever its labels made of it, and the checklist test
// judges the rules' logic with every rule on.
#pragma once
#include <string>
#include <utility>

#include "core/rules/rule_status.h"

namespace atom::testing {

class RuleStatusScope {
 public:
  explicit RuleStatusScope(RuleStatusTable table) : saved_(RuleStatusTable::active()) {
    RuleStatusTable::use_for_process(std::move(table));
  }
  ~RuleStatusScope() { RuleStatusTable::use_for_process(saved_); }
  RuleStatusScope(const RuleStatusScope&) = delete;
  RuleStatusScope& operator=(const RuleStatusScope&) = delete;

  // The active table, with `rule` preview (it runs; its findings are notes).
  static RuleStatusTable with_preview(const std::string& rule) {
    RuleStatusTable table = RuleStatusTable::active();
    table.set(rule, RuleStatusEntry{});
    return table;
  }

 private:
  RuleStatusTable saved_;
};

}  // namespace atom::testing
