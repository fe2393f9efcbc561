#include "core/engine/finding_pipeline.h"

#include <algorithm>
#include <map>
#include <tuple>
#include "core/rules/pack_pattern_rules.h"
#include "core/rules/registry.h"

namespace atom {
namespace {

void run_rule_guarded(const Rule& rule, const ReviewModel& model, std::vector<Finding>& out) {
  std::vector<Finding> found;
#if defined(__cpp_exceptions) || defined(__EXCEPTIONS)
  try {
    rule.check(model, found);
  } catch (...) {
    return;  // one broken rule must not kill the review
  }
#else
  rule.check(model, found);
#endif
  for (Finding& finding : found) {
    finding.rule = rule.meta().id;  // a rule speaks only for itself (the baseline filter relies on it)
    out.push_back(std::move(finding));
  }
}

const FileView* find_file(const ReviewModel& model, const std::string& path) {
  for (const FileView& file : model.files)
    if (file.path == path) return &file;
  return nullptr;
}

std::string place_of_line(const FileView& file, int line, Side side) {
  for (const HunkView& hunk : file.hunks)
    for (const CodeLine& code_line : hunk.lines) {
      const bool on_side = side == Side::Old ? code_line.kind == LineKind::Removed && code_line.old_line == line
                                             : code_line.kind != LineKind::Removed && code_line.new_line == line;
      if (!on_side) continue;
      if (!code_line.function.empty()) return code_line.function;
      return "hunk " + std::to_string(hunk.hunk->new_start);
    }
  return "line " + std::to_string(line);
}

}  // namespace

std::vector<Finding> run_rules(const std::vector<const Rule*>& rules, const ReviewModel& model) {
  std::vector<Finding> findings;
  for (const Rule* rule : rules) run_rule_guarded(*rule, model, findings);
  return findings;
}

std::vector<const Rule*> rules_in_force(const Pack& pack, const RuleStatusTable& statuses) {
  std::vector<const Rule*> rules;
  for (const Rule* rule : all_rules()) {
    const std::string& id = rule->meta().id;
    if (pack.rule_enabled(id).value_or(!statuses.is_off(id))) rules.push_back(rule);
  }
  return rules;
}

std::vector<Finding> run_enabled_rules(const ReviewModel& model, const Pack& pack, const RuleStatusTable& statuses) {
  return run_rules(rules_in_force(pack, statuses), model);
}

std::vector<Finding> run_custom_rules(const ReviewModel& model, const Pack& pack) {
  std::vector<Finding> findings;
  for (const PatternRule& rule : pack.custom_rules) run_pattern_rule(rule, model, findings);
  return findings;
}

void apply_severity_overrides(std::vector<Finding>& findings, const Pack& pack) {
  for (Finding& finding : findings) {
    const auto it = pack.rule_overrides.find(finding.rule);
    if (it == pack.rule_overrides.end() || !it->second.severity) continue;
    const PackSeverity severity = *it->second.severity;
    finding.severity = severity == PackSeverity::Red    ? Severity::Red
                       : severity == PackSeverity::Note ? Severity::Note
                                                        : Severity::Warn;
  }
}

void apply_rule_status(std::vector<Finding>& findings, const RuleStatusTable& statuses) {
  for (Finding& finding : findings) {
    if (statuses.is_stable(finding.rule)) continue;
    finding.fields["preview"] = "1";
    finding.fields["rule_severity"] = to_string(finding.severity);
    finding.severity = Severity::Note;
  }
}

namespace {

// A trigger the report can word: the finding has one, and its message a template for it.
bool names_trigger(const Finding& finding) {
  if (!finding.trigger) return false;
  if (finding.message_id == kPackPatternMessage) return finding.trigger->count(kPackTriggerValue) > 0;
  const MessageTemplate* message = find_message(finding.rule, finding.message_id);
  return message != nullptr && !message->trigger.empty();
}

}  // namespace

void apply_red_gate(std::vector<Finding>& findings) {
  for (Finding& finding : findings) {
    if (finding.severity != Severity::Red) continue;
    const bool named_trigger = names_trigger(finding);
    if (named_trigger && finding.tag == Tag::Verified) continue;
    finding.severity = Severity::Warn;
    finding.fields["worth_checking"] = "1";
  }
}

void assign_places(const ReviewModel& model, std::vector<Finding>& findings) {
  for (Finding& finding : findings) {
    if (!finding.place.empty()) continue;
    if (finding.path.empty()) {
      finding.place = "pr";
    } else if (finding.line <= 0) {
      finding.place = "file";
    } else if (const FileView* file = find_file(model, finding.path)) {
      finding.place = place_of_line(*file, finding.line, finding.side);
    } else {
      finding.place = "line " + std::to_string(finding.line);
    }
  }
}

void fold_by_place(std::vector<Finding>& findings) {
  using Key = std::tuple<std::string, std::string, std::string>;
  std::map<Key, size_t> kept;  // key → index into `result`
  std::vector<Finding> result;
  for (Finding& finding : findings) {
    const Key key{finding.rule, finding.path, finding.place};
    const auto it = kept.find(key);
    if (it == kept.end()) {
      kept.emplace(key, result.size());
      result.push_back(std::move(finding));
      continue;
    }
    Finding& keeper = result[it->second];
    const int extra = 1 + finding.folded;
    const bool replaces = finding.severity > keeper.severity ||
                          (finding.severity == keeper.severity && finding.line < keeper.line);
    if (replaces) {
      finding.folded += keeper.folded + 1;
      keeper = std::move(finding);
    } else {
      keeper.folded += extra;
    }
  }
  findings = std::move(result);
}

std::vector<DismissedFinding> take_dismissed(std::vector<Finding>& findings,
                                             const std::vector<Dismissal>& dismissals) {
  std::vector<DismissedFinding> dismissed;
  std::vector<Finding> kept;
  for (Finding& finding : findings) {
    const auto match = std::find_if(dismissals.begin(), dismissals.end(), [&](const Dismissal& d) {
      return d.rule == finding.rule && d.path == finding.path && d.line == finding.line;
    });
    if (match == dismissals.end()) kept.push_back(std::move(finding));
    else dismissed.push_back({std::move(finding), match->reason});
  }
  findings = std::move(kept);
  return dismissed;
}

std::map<std::string, RuleStatusEntry> rule_records(const std::vector<Finding>& findings,
                                                    const std::vector<DismissedFinding>& dismissed,
                                                    const RuleStatusTable& statuses) {
  std::map<std::string, RuleStatusEntry> records;
  const auto record = [&](const Finding& finding) {
    if (find_rule(finding.rule) != nullptr) records.emplace(finding.rule, statuses.entry(finding.rule));
  };
  for (const Finding& finding : findings) record(finding);
  for (const DismissedFinding& d : dismissed) record(d.finding);
  return records;
}

void sort_findings(std::vector<Finding>& findings) {
  std::stable_sort(findings.begin(), findings.end(), [](const Finding& a, const Finding& b) {
    if (a.severity != b.severity) return a.severity > b.severity;
    return std::tie(a.path, a.line, a.side, a.rule, a.message_id) <
           std::tie(b.path, b.line, b.side, b.rule, b.message_id);
  });
}

Verdict verdict_for(const std::vector<Finding>& findings) {
  Verdict verdict = Verdict::Lgtm;
  for (const Finding& finding : findings) {
    if (finding.severity == Severity::Red) return Verdict::Block;
    if (finding.severity == Severity::Warn) verdict = Verdict::NeedsWork;
  }
  return verdict;
}

}  // namespace atom
