// SARIF 2.1.0 for GitHub code scanning: the whole rule catalogue as tool.driver.rules, one
// result per finding, placed on the head revision (code scanning shows only the new file).
#include <map>
#include <set>
#include <string>
#include <vector>

#include "core/report/catalogue.h"
#include "core/report/finding_words.h"
#include "core/report/render.h"
#include "core/report/sarif_limits.h"
#include "core/report/stable_hash.h"
#include "core/model/valid_utf8.h"
#include "core/report/text_util.h"
#include "core/rules/registry.h"
#include "core/rules/rule_status.h"

namespace atom {
namespace {

using nlohmann::json;

const char* sarif_level(Severity severity) {
  switch (severity) {
    case Severity::Red: return "error";
    case Severity::Warn: return "warning";
    case Severity::Note: return "note";
  }
  return "note";
}

// "uninitialized-branch-variable" → "UninitializedBranchVariable" (SARIF's rule name form).
std::string pascal_case(const std::string& slug) {
  std::string out;
  bool upper = true;
  for (const char c : slug) {
    if (c == '-' || c == '_' || c == ' ') { upper = true; continue; }
    out += upper && c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
    upper = false;
  }
  return out;
}

// A repository path as a relative URI reference: unreserved characters and '/' kept, every
// other byte percent-encoded.
std::string path_to_uri(const std::string& path) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  for (const char c : path) {
    const auto byte = static_cast<unsigned char>(c);
    const bool keep = (byte >= 'a' && byte <= 'z') || (byte >= 'A' && byte <= 'Z') ||
                      (byte >= '0' && byte <= '9') || c == '-' || c == '.' || c == '_' || c == '~' || c == '/';
    if (keep) out += c;
    else { out += '%'; out += kHex[byte >> 4]; out += kHex[byte & 0xF]; }
  }
  return out;
}

// GitHub code scanning's `precision` level (it sorts alerts by it), from the hand labels: a stable
// rule is very-high; a rule with as many labels as it takes to turn one off is high or medium by
// the share of them worth raising (3 in 4, 1 in 2); any other is low: nothing yet shows it right.
const char* github_precision(const RuleStatusEntry& record, const RuleStatusTable& statuses) {
  if (record.status == RuleStatus::Stable) return "very-high";
  if (record.labels == 0 || record.labels < statuses.min_labels_to_turn_off) return "low";
  if (record.tp * 4 >= record.labels * 3) return "high";
  if (record.tp * 2 >= record.labels) return "medium";
  return "low";
}

json rule_descriptor(const RuleMeta& meta) {
  const std::string help = rule_help_markdown(meta);
  const RuleStatusTable& statuses = RuleStatusTable::active();
  const RuleStatusEntry& record = statuses.entry(meta.id);
  return {{"id", meta.id},
          {"name", pascal_case(meta.slug)},
          {"shortDescription", {{"text", to_valid_utf8(meta.summary.empty() ? meta.slug : meta.summary)}}},
          {"fullDescription", {{"text", to_valid_utf8(meta.what.empty() ? meta.summary : meta.what)}}},
          {"help", {{"text", to_valid_utf8(help)}, {"markdown", to_valid_utf8(help)}}},
          {"defaultConfiguration", {{"level", sarif_level(meta.default_severity)}}},
          {"properties",
           {{"category", meta.category},
            {"tags", json::array({"atom-review", category_title(meta.category)})},
            {"precision", github_precision(record, statuses)},
            {"status", to_string(record.status)},
            {"labels", {{"tp", record.tp}, {"low", record.low}, {"fp", record.fp}}}}}};
}

bool is_digits(const std::string& text) {
  if (text.empty()) return false;
  for (const char c : text)
    if (c < '0' || c > '9') return false;
  return true;
}

// Stable across re-runs and line shifts: the rule, file, place (function or hunk), message and
// the template fields as identity_text reads them (variable names, branches; a number-only field
// is left out), never a line number, not even one inside a field ("atom/x.py:42").
uint64_t finding_fingerprint(const Finding& finding) {
  uint64_t hash = fnv1a64(finding.rule);
  const auto mix = [&hash](const std::string& part) { hash = fnv1a64(part, fnv1a64(std::string_view("\0", 1), hash)); };
  mix(finding.path);
  mix(finding.place);
  mix(finding.message_id);
  for (const auto& [name, value] : finding.fields) {
    if (is_digits(value)) continue;
    mix(name);
    mix(identity_text(value));
  }
  return hash;
}

const FileSummary* find_file(const ReviewResult& result, const std::string& path) {
  for (const auto& file : result.files)
    if (file.path == path) return &file;
  return nullptr;
}

// The first changed file that still exists in the head (else the first one): where PR-level
// findings are attached.
const FileSummary* pr_anchor_file(const ReviewResult& result) {
  for (const auto& file : result.files)
    if (file.status != FileStatus::Deleted) return &file;
  return result.files.empty() ? nullptr : &result.files.front();
}

json result_location(const std::string& path, int line) {
  return {{"physicalLocation",
           {{"artifactLocation", {{"uri", path_to_uri(path)}}}, {"region", {{"startLine", line}}}}}};
}

json sarif_result(const ReviewResult& result, const Finding& finding, const std::map<std::string, size_t>& rule_index,
                  const std::string& fingerprint) {
  const FindingWords words = word_finding(finding);
  std::string text = as_sentence(words.problem);
  if (!words.impact.empty()) text.append(" ").append(as_sentence(words.impact));
  text.append(" ").append(as_sentence(words.action));

  json properties = {{"tag", to_string(finding.tag)}};
  if (const std::optional<std::string> trigger = trigger_words(finding)) properties["trigger"] = *trigger;
  if (finding.folded > 0) properties["folded"] = finding.folded;
  if (is_worth_checking(finding)) properties["worthChecking"] = true;
  if (is_preview(finding)) {
    properties["preview"] = true;
    properties["ruleSeverity"] = rule_severity(finding);
  }

  json out = {{"ruleId", finding.rule},
              {"level", sarif_level(finding.severity)},
              {"message", {{"text", text}}},
              {"partialFingerprints", {{"atomReviewFinding/v1", fingerprint}}}};
  if (const auto it = rule_index.find(finding.rule); it != rule_index.end()) out["ruleIndex"] = it->second;

  if (finding.path.empty()) {
    properties["scope"] = "pr";
    if (const FileSummary* anchor = pr_anchor_file(result)) out["locations"] = json::array({result_location(anchor->path, 1)});
  } else if (finding.line <= 0) {
    properties["scope"] = "file";
    out["locations"] = json::array({result_location(finding.path, 1)});
  } else {
    int line = finding.line;
    if (finding.side == Side::Old) {
      properties["side"] = "old";
      properties["oldLine"] = finding.line;
      const FileSummary* file = find_file(result, finding.path);
      if (file != nullptr) {
        const auto it = file->removed_line_anchors.find(finding.line);
        if (it != file->removed_line_anchors.end()) line = it->second;
      }
    }
    out["locations"] = json::array({result_location(finding.path, line)});
  }
  out["properties"] = std::move(properties);
  return out;
}

}  // namespace

json to_sarif(const ReviewResult& result) {
  json rules = json::array();
  std::map<std::string, size_t> rule_index;
  for (const Rule* rule : all_rules()) {
    rule_index.emplace(rule->meta().id, rules.size());
    rules.push_back(rule_descriptor(rule->meta()));
  }

  std::vector<json> results;
  std::map<uint64_t, int> seen_fingerprints;  // identical fingerprints get an occurrence suffix
  for (const auto& finding : result.findings) {
    const uint64_t hash = finding_fingerprint(finding);
    const int occurrence = ++seen_fingerprints[hash];
    const std::string fingerprint = to_hex16(hash) + ":" + std::to_string(occurrence);
    results.push_back(sarif_result(result, finding, rule_index, fingerprint));
  }

  json driver = {{"name", kToolName}, {"semanticVersion", kToolVersion}, {"rules", std::move(rules)}};
  json run = {{"tool", {{"driver", std::move(driver)}}},
              {"columnKind", "unicodeCodePoints"},
              {"properties", {{"verdict", to_string(result.verdict)}, {"elevatedAiRisk", result.elevated_ai_risk}}}};
  if (!result.meta.repo.empty() && !result.meta.head_sha.empty())
    run["versionControlProvenance"] = json::array(
        {{{"repositoryUri", "https://github.com/" + result.meta.repo}, {"revisionId", result.meta.head_sha}}});

  json sarif = {{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
                {"version", "2.1.0"},
                {"runs", json::array({std::move(run)})}};
  fit_results_within_limits(sarif, std::move(results), SarifLimits{});
  return sarif;
}

}  // namespace atom
