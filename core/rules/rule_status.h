// Each rule's lifecycle status (ruff's preview → stable), measured by scripts/precision on the
// hand labels in tests/labels/ and embedded from core/rules/rule_status.json (regenerated with
// `scripts/precision --write`, never edited by hand). A stable rule reports at the severity it
// gives; a preview rule's findings are notes (core/engine/finding_pipeline.h); an off rule — one
// its fresh labels showed to be mostly wrong or not worth a reviewer's minute — does not run
// unless asked for (`--all-rules`, for labelling and the ecosystem check). Changing an off rule's
// source makes its labels stale; it stays off until fresh labels of its new code judge it. A rule the
// table does not name is preview: no labels, no measured precision, no warn or red.
#pragma once
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace atom {

enum class RuleStatus { Preview, Stable, Off };
const char* to_string(RuleStatus status);  // "preview" | "stable" | "off"
// Where fresh labels worth raising move a rule: an off rule back to preview, a preview rule to stable.
inline RuleStatus status_labels_lead_to(RuleStatus status) {
  return status == RuleStatus::Off ? RuleStatus::Preview : RuleStatus::Stable;
}

struct RuleStatusEntry {
  RuleStatus status = RuleStatus::Preview;
  std::optional<double> precision;  // TP / (TP + LOW + FP) over the counted labels; none without labels
  int labels = 0;                   // labels counted (made after the rule's last change, finding still produced)
  int tp = 0, low = 0, fp = 0;
  std::string labeled_through;      // the newest labeled_at among them ("" without labels)
  bool kept_off = false;            // off on its earlier code's labels; too few fresh ones of its new code yet
};

class RuleStatusTable {
 public:
  // Parses rule_status.json ({"min_labels", "min_precision", "rules": {id: {...}}}). On malformed
  // text returns an empty table (every rule preview) and sets `error` when given.
  static RuleStatusTable parse(std::string_view json_text, std::string* error = nullptr);
  // The table compiled into the engine (core/rules/rule_status.json).
  static const RuleStatusTable& embedded();
  // The table reviews apply: embedded() unless a tool replaced it for the whole process with
  // use_for_process() (the CLI's `review --rule-status FILE`). Replace it before any review starts:
  // reviews running at that moment may see either table.
  static const RuleStatusTable& active();
  static void use_for_process(RuleStatusTable table);

  // The entry for `rule`; a default preview entry when the table does not name it.
  const RuleStatusEntry& entry(const std::string& rule) const;
  bool is_stable(const std::string& rule) const { return entry(rule).status == RuleStatus::Stable; }
  bool is_off(const std::string& rule) const { return entry(rule).status == RuleStatus::Off; }
  // The same table with every off rule preview: all rules run, the measured ones as notes.
  RuleStatusTable with_every_rule_on() const;
  // How many more labels of `entry`'s rule, each judging a finding worth raising (TP), would move
  // it on by this table's bars: a preview rule to stable, an off rule back to preview (a rule kept
  // off: its fresh labels). Nullopt for a stable rule, where no number of labels can, and where the
  // entry is past the bars already (a table scripts/precision did not write).
  std::optional<int> worth_raising_to_move(const RuleStatusEntry& entry) const;
  std::vector<std::string> rule_ids() const;  // sorted

  int min_labels = 0;          // the bar a stable rule met (recorded for the catalogue)
  double min_precision = 0.0;
  int min_labels_to_turn_off = 0;  // and the one an off rule fell under
  double turn_off_below = 0.0;
  std::string labels_through;  // the newest labeled_at over all counted labels

  void set(const std::string& rule, RuleStatusEntry entry) { entries_[rule] = std::move(entry); }

 private:
  std::map<std::string, RuleStatusEntry> entries_;
};

}  // namespace atom
