#include "core/rules/pack_pattern_rules.h"

#include "core/model/placeholders.h"
#include "core/tiers/path_glob.h"
#include "core/rules/finding_at.h"

namespace atom {
namespace {

constexpr int kContextReach = 3;   // git diff's default context

// Whether every {name} in the template has a field with a value.
bool fills_completely(const std::string& text, const std::map<std::string, std::string>& fields) {
  for (const std::string& name : placeholder_names(text)) {
    const auto it = fields.find(name);
    if (it == fields.end() || it->second.empty()) return false;
  }
  return true;
}

bool in_paths(const PatternRule& rule, const std::string& path) {
  if (rule.paths.empty()) return true;
  for (const std::string& glob : rule.paths)
    if (path_glob_matches(glob, path)) return true;
  return false;
}

bool is_change(const CodeLine& line) { return is_new_code(line) || is_deleted_code(line); }

// Unchanged (context or moved) lines within kContextReach lines of a change, by index in the hunk.
std::vector<bool> near_a_change(const HunkView& hunk) {
  std::vector<bool> near(hunk.lines.size(), false);
  const int count = static_cast<int>(hunk.lines.size());
  for (int i = 0; i < count; ++i) {
    if (!is_change(hunk.lines[i])) continue;
    for (int j = std::max(0, i - kContextReach); j <= std::min(count - 1, i + kContextReach); ++j) near[j] = true;
  }
  return near;
}

bool wanted(const PatternRule& rule, const CodeLine& line, bool near_change) {
  if (is_new_code(line)) return rule.lines.added;
  if (is_deleted_code(line)) return rule.lines.removed;
  return rule.lines.context && near_change;
}

Finding make_finding(const PatternRule& rule, const FileView& file, const CodeLine& line) {
  const Severity severity = rule.severity == PackSeverity::Red    ? Severity::Red
                            : rule.severity == PackSeverity::Note ? Severity::Note
                                                                  : Severity::Warn;
  return finding_at(rule.id, severity, Tag::Verified, file, line, kPackPatternMessage, {});
}

// Fills `finding.fields` from the match of `rule` on `text`; false when it does not match.
bool match_into(const PatternRule& rule, const std::string& text, Finding& finding) {
  const RE2& pattern = *rule.pattern;
  const int groups = pattern.NumberOfCapturingGroups();
  std::vector<re2::StringPiece> parts(groups + 1);
  if (!pattern.Match(text, 0, text.size(), RE2::UNANCHORED, parts.data(), groups + 1)) return false;
  finding.fields["match"] = std::string(parts[0].data(), parts[0].size());
  finding.fields["path"] = finding.path;
  for (int group = 1; group <= groups; ++group)
    finding.fields[std::to_string(group)] = parts[group].data() ? std::string(parts[group].data(), parts[group].size()) : "";
  for (const auto& [name, group] : pattern.NamedCapturingGroups()) finding.fields[name] = finding.fields[std::to_string(group)];
  finding.fields[kPackProblemField] = rule.problem;
  finding.fields[kPackImpactField] = rule.impact;
  finding.fields[kPackActionField] = rule.action;
  return true;
}

}  // namespace

void run_pattern_rule(const PatternRule& rule, const ReviewModel& model, std::vector<Finding>& out) {
  if (!rule.pattern) return;
  for (const FileView& file : model.files) {
    if (!in_paths(rule, file.path)) continue;
    for (const HunkView& hunk : file.hunks) {
      const std::vector<bool> near = near_a_change(hunk);
      for (size_t i = 0; i < hunk.lines.size(); ++i) {
        const CodeLine& line = hunk.lines[i];
        if (line.diff == nullptr || !wanted(rule, line, near[i])) continue;
        Finding finding = make_finding(rule, file, line);
        if (!match_into(rule, line.diff->text, finding)) continue;
        if (!rule.red_trigger.empty() && fills_completely(rule.red_trigger, finding.fields))
          finding.trigger = Finding::TriggerValues{{kPackTriggerValue, rule.red_trigger}};
        out.push_back(std::move(finding));
      }
    }
  }
}

}  // namespace atom
