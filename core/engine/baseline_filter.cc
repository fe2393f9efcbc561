#include "core/engine/baseline_filter.h"

#include <map>
#include <set>
#include <string_view>
#include <tuple>
#include "core/analysis/moved_lines.h"
#include "core/engine/finding_pipeline.h"
#include "core/rules/registry.h"
#include "core/rules/rule_line_patterns.h"

namespace atom {
namespace {

DiffLine unchanged_line(std::string text, int number) {
  DiffLine line;
  line.kind = LineKind::Context;
  line.text = std::move(text);
  line.old_line = line.new_line = number;
  return line;
}

Hunk whole_text_hunk(std::string_view text) {
  Hunk hunk;
  hunk.old_start = hunk.new_start = 1;
  size_t start = 0;
  int number = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    hunk.lines.push_back(unchanged_line(std::string(line), ++number));
    start = end + 1;
  }
  hunk.old_count = hunk.new_count = number;
  return hunk;
}

// A hunk's old side (context and removed lines) as unchanged lines at their old numbers.
Hunk old_side_hunk(const Hunk& hunk) {
  Hunk out;
  out.old_start = out.new_start = hunk.old_start;
  out.section = hunk.section;
  out.header_diff_line = hunk.header_diff_line;
  for (const DiffLine& line : hunk.lines)
    if (line.kind != LineKind::Added) out.lines.push_back(unchanged_line(line.text, line.old_line));
  out.old_count = out.new_count = static_cast<int>(out.lines.size());
  return out;
}

const CodeLine* anchor_of(const ReviewModel& model, const Finding& finding) {
  if (finding.path.empty() || finding.line <= 0) return nullptr;
  for (const FileView& file : model.files) {
    if (file.path != finding.path) continue;
    for (const HunkView& hunk : file.hunks)
      for (const CodeLine& line : hunk.lines) {
        const bool old_side = line.kind == LineKind::Removed;
        if (old_side != (finding.side == Side::Old)) continue;
        if ((old_side ? line.old_line : line.new_line) == finding.line) return &line;
      }
  }
  return nullptr;
}

using FindingKey = std::tuple<std::string, std::string, std::string, std::string, std::map<std::string, std::string>>;

FindingKey key_of(const Finding& finding, const CodeLine& anchor) {
  std::map<std::string, std::string> fields;
  for (const auto& [name, value] : finding.fields) fields[name] = identity_text(value);
  return {finding.rule, finding.message_id, finding.path, normalized_code_text(anchor.diff->text), std::move(fields)};
}


// A finding the base could also hold: anchored on a line that is neither new nor deleted code.
bool base_could_hold(const ReviewModel& head, const Finding& finding) {
  const CodeLine* anchor = anchor_of(head, finding);
  return anchor != nullptr && !is_new_code(*anchor) && !is_deleted_code(*anchor);
}

}  // namespace

ParsedDiff base_as_unchanged_diff(const ReviewModel& head, std::vector<FileSource>& sources) {
  ParsedDiff base;
  base.looks_like_diff = true;
  sources.clear();
  for (const FileView& view : head.files) {
    FileDiff file;
    file.old_path = file.new_path = view.path;
    file.binary = view.file->binary;
    FileSource source;
    if (view.source == ReviewSource::Whole) {
      if (!view.base_text.empty()) file.hunks.push_back(whole_text_hunk(view.base_text));
      source = {ReviewSource::Whole, "", view.base_text, view.base_text};
    } else {
      for (const Hunk& hunk : view.file->hunks)
        if (hunk.old_count > 0) file.hunks.push_back(old_side_hunk(hunk));
      source.reason = view.source_reason;
    }
    base.files.push_back(std::move(file));
    sources.push_back(std::move(source));
  }
  return base;
}

void drop_findings_the_base_has(const ReviewModel& head, std::vector<Finding>& findings,
                                const ReviewModel& base, const std::vector<Finding>& base_findings) {
  std::map<FindingKey, int> in_base;
  for (const Finding& finding : base_findings)
    if (const CodeLine* anchor = anchor_of(base, finding)) ++in_base[key_of(finding, *anchor)];
  if (in_base.empty()) return;
  std::vector<Finding> kept;
  for (Finding& finding : findings) {
    if (base_could_hold(head, finding)) {
      const auto match = in_base.find(key_of(finding, *anchor_of(head, finding)));
      if (match != in_base.end() && match->second > 0) {
        --match->second;
        continue;
      }
    }
    kept.push_back(std::move(finding));
  }
  findings = std::move(kept);
}

// Only the rules with a head finding the base could hold run on the base: the others' findings
// are all kept whatever the base says, so a review whose findings all sit on changed lines builds
// no base model at all.
void apply_baseline_filter(const ReviewModel& head, std::vector<Finding>& findings, const Pack& pack) {
  std::set<std::string> rule_ids;
  for (const Finding& finding : findings)
    if (base_could_hold(head, finding)) rule_ids.insert(finding.rule);
  if (rule_ids.empty()) return;
  std::vector<const Rule*> rules;
  for (const Rule* rule : all_rules())
    if (rule_ids.count(rule->meta().id)) rules.push_back(rule);
  std::vector<FileSource> sources;
  const ParsedDiff base_diff = base_as_unchanged_diff(head, sources);
  const ReviewModel base = build_review_model(base_diff, *head.meta, pack.tiers, rule_line_patterns(), sources, &pack);
  drop_findings_the_base_has(head, findings, base, run_rules(rules, base));
}

}  // namespace atom
