#include "core/engine/review.h"

#include "core/analysis/kept_trees.h"
#include "core/analysis/review_model.h"
#include "core/diff/parse_diff.h"
#include "core/engine/baseline_filter.h"
#include "core/engine/finding_pipeline.h"
#include "core/engine/input_limits.h"
#include "core/summary/summary.h"
#include "core/packs/builtin_packs.h"
#include "core/rules/rule_line_patterns.h"

namespace atom {
namespace {

std::vector<FileSummary> summarize_files(const ReviewModel& model) {
  std::vector<FileSummary> files;
  for (const FileView& view : model.files) {
    const FileDiff& file = *view.file;
    FileSummary summary;
    summary.path = view.path;
    const bool moved = file.status == FileStatus::Renamed || file.status == FileStatus::Copied;
    if (moved) summary.old_path = file.old_path;
    summary.status = file.status;
    summary.binary = file.binary;
    summary.additions = file.additions;
    summary.deletions = file.deletions;
    summary.tier = view.tier;
    summary.functions = view.changed_functions;
    summary.source = view.source;
    summary.source_reason = view.source_reason;
    files.push_back(std::move(summary));
  }
  return files;
}

// The diff within the byte limit, parsed, within the file limits.
ParsedDiff parse_within_limits(std::string_view diff_bytes, std::vector<SkippedInput>& skipped) {
  const std::string_view within = diff_within_byte_limit(diff_bytes, skipped);
  ParsedDiff diff = parse_diff(within);
  // A file section larger than the limit by itself is cut inside: the result names that file.
  const bool cut_inside_a_file = within.size() < diff_bytes.size() && !diff_bytes.substr(within.size()).starts_with("diff --git ");
  if (cut_inside_a_file && !diff.files.empty()) skipped.back().path = diff.files.back().path();
  diff.bytes = diff_bytes.size();
  apply_file_limits(diff, skipped);
  return diff;
}

ReviewResult review_parsed(const ParsedDiff& diff, const std::vector<FileSource>& sources,
                           std::vector<ParseError> notes, std::vector<SkippedInput> skipped, const PrMeta& meta,
                           const nlohmann::json& meta_given, const Pack& pack,
                           const RepositoryIndex* repository = nullptr) {
  ReviewModel model = build_review_model(diff, meta, pack.tiers, rule_line_patterns(), sources, &pack);
  model.repository = repository;
  keep_only_trees_of(model.files);

  ReviewResult result;
  result.pr_given = meta_given;
  result.meta = meta;
  result.pack_name = model.pack_name;
  result.bytes = diff.bytes;
  result.files = summarize_files(model);
  result.errors = diff.errors;
  result.errors.insert(result.errors.end(), notes.begin(), notes.end());
  result.skipped = std::move(skipped);

  const RuleStatusTable& measured = RuleStatusTable::active();
  std::vector<Finding> findings =
      run_enabled_rules(model, pack, meta.all_rules ? measured.with_every_rule_on() : measured);
  apply_baseline_filter(model, findings, pack);
  apply_rule_status(findings);
  apply_severity_overrides(findings, pack);
  // The pack's own rules: its author chose their lines and severity, so neither the baseline
  // filter nor the lifecycle of the built-in rules applies; the red gate does.
  const std::vector<Finding> custom = run_custom_rules(model, pack);
  findings.insert(findings.end(), custom.begin(), custom.end());
  apply_red_gate(findings);
  assign_places(model, findings);
  fold_by_place(findings);
  result.dismissed = take_dismissed(findings, meta.dismissed);
  sort_findings(findings);
  result.findings = std::move(findings);
  result.rule_records = rule_records(result.findings, result.dismissed);
  result.verdict = verdict_for(result.findings);
  summarize(model, result);
  return result;
}

}  // namespace

ReviewResult run_review(std::string_view diff_bytes, const PrMeta& meta, const nlohmann::json& meta_given) {
  return run_review(diff_bytes, meta, meta_given, builtin_pack_for_repo(meta.repo));
}

ReviewResult run_review(std::string_view diff_bytes, const PrMeta& meta, const nlohmann::json& meta_given,
                        const Pack& pack) {
  std::vector<SkippedInput> skipped;
  const ParsedDiff diff = parse_within_limits(diff_bytes, skipped);
  return review_parsed(diff, file_sources(diff, nullptr), {}, std::move(skipped), meta, meta_given, pack);
}

ReviewResult run_review(std::string_view diff_bytes, const PrMeta& meta, const nlohmann::json& meta_given,
                        const Pack& pack, const HeadFiles& head) {
  std::vector<SkippedInput> skipped;
  ParsedDiff diff = parse_within_limits(diff_bytes, skipped);
  std::vector<ParseError> notes;
  const std::vector<FileSource> sources = widen_to_whole_files(diff, head, notes);
  return review_parsed(diff, sources, std::move(notes), std::move(skipped), meta, meta_given, pack);
}

ReviewResult run_review(std::string_view diff_bytes, const PrMeta& meta, const nlohmann::json& meta_given,
                        const Pack& pack, const HeadFiles& head, const RepositoryIndex& repository) {
  std::vector<SkippedInput> skipped;
  ParsedDiff diff = parse_within_limits(diff_bytes, skipped);
  std::vector<ParseError> notes;
  const std::vector<FileSource> sources = widen_to_whole_files(diff, head, notes);
  ReviewResult result =
      review_parsed(diff, sources, std::move(notes), std::move(skipped), meta, meta_given, pack, &repository);
  result.repository = RepositoryRead{repository.file_count(), repository.total_bytes()};
  return result;
}

std::vector<std::string> head_paths_to_read(std::string_view diff_bytes) {
  std::vector<SkippedInput> skipped;
  return paths_needing_head(parse_within_limits(diff_bytes, skipped));
}

}  // namespace atom
