// The rule interface. One rule = one source file under core/rules/<category>/ holding its
// metadata (docs, messages) and its check, plus fixtures under tests/rules/<ID>/; listed once
// in core/rules/rule_list.inc.
#pragma once
#include <string>
#include <utility>
#include <vector>
#include "core/rules/finding.h"

namespace atom {

struct ReviewModel;  // core/analysis/review_model.h: the parsed, analysed PR every rule reads

struct MessageTemplate {
  std::string id;              // stable id referenced by Finding::message_id
  std::string problem;         // "{var} is assigned only when {branch}" ({name} = Finding::fields)
  std::string impact;          // "UnboundLocalError at run time ..."
  std::string action_verified; // completes "Author must …"
  std::string action_inferred; // completes "Reviewer should ask …"
  // The concrete trigger of a red finding, "`{var}` unset when {branch} (line {branch_line})"
  // (Finding::fields and Finding::trigger's values); "" for a message that is never red.
  std::string trigger;
};

struct RuleMeta {
  std::string id;              // "D1b"
  std::string slug;            // "uninitialized-branch-variable"
  std::string category;        // "A".."G", "P", "HK"
  Severity default_severity = Severity::Warn;
  std::string summary;         // one line
  // Documentation sections (markdown), as in ruff: what it does / why / example / must not fire.
  std::string what;
  std::string why;
  std::string example;
  std::string must_not_fire;
  std::string source;          // real PR(s) it came from, e.g. "ATOM#860"
  std::vector<MessageTemplate> messages;
  // Line patterns (RE2 syntax) this rule wants matched against the stripped code of every added
  // line; the engine compiles all rules' patterns into one RE2::Set and scans each line once.
  // Keys are global: prefix them with the rule id ("D1.atomic").
  std::vector<std::pair<std::string, std::string>> line_patterns;
};

class Rule {
 public:
  virtual ~Rule() = default;
  virtual const RuleMeta& meta() const = 0;
  // Appends findings; must not throw. Severity may differ from the default (e.g. red on Tier 1).
  virtual void check(const ReviewModel& model, std::vector<Finding>& out) const = 0;
};

}  // namespace atom
