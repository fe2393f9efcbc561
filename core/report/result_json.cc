#include "core/report/result_json.h"

#include <map>

#include "core/report/finding_words.h"
#include "core/report/render.h"
#include "core/report/text_util.h"
#include "core/rules/registry.h"

namespace atom {
namespace {

using nlohmann::json;

json string_or_null(const std::string& text) { return text.empty() ? json(nullptr) : json(text); }

json file_json(const FileSummary& file) {
  json out = {{"path", file.path},
              {"old_path", string_or_null(file.old_path)},
              {"status", to_string(file.status)},
              {"binary", file.binary},
              {"additions", file.additions},
              {"deletions", file.deletions},
              {"tier", file.tier.tier},
              {"high_visibility", file.tier.high_visibility},
              {"tier_reason", file.tier.reason},
              {"functions", file.functions},
              {"source", to_string(file.source)},
              {"source_reason", string_or_null(file.source_reason)}};
  if (!file.tier.blast_radius.empty()) out["blast_radius"] = file.tier.blast_radius;
  if (!file.tier.failure_mode.empty()) out["failure_mode"] = file.tier.failure_mode;
  return out;
}

// Besides the sizes, what a page shows at a glance: findings by severity, files by tier and the
// most critical tier touched (null for no file), so no host counts them again.
json stats_json(const ReviewResult& result) {
  int additions = 0, deletions = 0, top_tier = 0;
  std::map<int, int> by_tier = {{1, 0}, {2, 0}, {3, 0}};
  for (const auto& file : result.files) {
    additions += file.additions;
    deletions += file.deletions;
    by_tier[file.tier.tier] += 1;
    if (top_tier == 0 || file.tier.tier < top_tier) top_tier = file.tier.tier;
  }
  std::map<Severity, int> by_severity;
  for (const auto& finding : result.findings) by_severity[finding.severity] += 1;
  json files_by_tier = json::object();
  for (const auto& [tier, count] : by_tier) files_by_tier[std::to_string(tier)] = count;
  return {{"files", result.files.size()}, {"additions", additions}, {"deletions", deletions},
          {"bytes", result.bytes},
          {"red", by_severity[Severity::Red]}, {"warn", by_severity[Severity::Warn]}, {"notes", by_severity[Severity::Note]},
          {"files_by_tier", std::move(files_by_tier)},
          {"top_tier", top_tier == 0 ? json(nullptr) : json(top_tier)}};
}

// Where a piece of evidence points in the diff, or null when it quotes the PR's own text.
json place_json(const Evidence& evidence) {
  if (evidence.path.empty()) return nullptr;
  return {{"path", evidence.path}, {"line", evidence.line > 0 ? json(evidence.line) : json(nullptr)},
          {"side", to_string(evidence.side)}};
}

json context_json(const PrContext& context) {
  json items = json::array();
  for (const ReviewComment& comment : context.comments)
    items.push_back({{"author", comment.author},
                     {"kind", comment.kind},
                     {"path", string_or_null(comment.path)},
                     {"line", comment.line > 0 ? json(comment.line) : json(nullptr)},
                     {"excerpt", comment.excerpt}});
  return {{"linked_issues", context.linked_issues},
          {"review_comments", {{"total", context.comments_total},
                               {"inline", context.comments_inline},
                               {"authors", context.comment_authors},
                               {"items", std::move(items)}}}};
}

json ci_json(const std::vector<CiFailure>& failures) {
  json out = json::array();
  for (const CiFailure& failure : failures)
    out.push_back({{"name", failure.name},
                   {"state", failure.state},
                   {"class", failure.classification},
                   {"reason", failure.reason},
                   {"url", string_or_null(failure.url)}});
  return out;
}

}  // namespace

json finding_json(const Finding& finding) {
  const FindingWords words = word_finding(finding);
  const std::optional<std::string> trigger_text = trigger_words(finding);
  json out = {{"rule", finding.rule},
              {"severity", to_string(finding.severity)},
              {"path", string_or_null(finding.path)},
              {"line", finding.path.empty() || finding.line <= 0 ? json(nullptr) : json(finding.line)},
              {"side", to_string(finding.side)},
              {"tag", to_string(finding.tag)},
              {"trigger", trigger_text ? json(*trigger_text) : json(nullptr)},
              {"problem", words.problem},
              {"impact", words.impact},
              {"action", words.action},
              {"message_id", finding.message_id}};
  if (finding.folded > 0) out["folded"] = finding.folded;
  if (is_worth_checking(finding)) out["worth_checking"] = true;
  if (is_preview(finding)) {
    out["preview"] = true;
    out["rule_severity"] = rule_severity(finding);
  }
  if (!finding.place.empty()) out["place"] = finding.place;
  if (const Rule* rule = find_rule(finding.rule)) out["category"] = rule->meta().category;
  return out;
}

// The panel's "To verify" items: what the repository shows around a change, worded here.
json to_verify_json(const std::vector<ToVerify>& items) {
  json out = json::array();
  for (const ToVerify& item : items) {
    const std::string count = std::to_string(item.total);
    const bool one = item.total == 1;
    const std::string text =
        item.kind == "overrides"
            ? "`" + item.subject + "` changed, and " + count + (one ? " class overrides" : " classes override") +
                  " it: check that they still agree with the change."
            : "`" + item.subject + "` changed, and it is called in " + count + (one ? " place" : " places") +
                  " elsewhere: check that they still pass what it expects.";
    json sites = json::array();
    for (const ToVerifySite& site : item.sites)
      sites.push_back({{"path", site.path}, {"line", site.line}, {"label", site.label}});
    out.push_back({{"kind", item.kind}, {"subject", item.subject}, {"path", item.path}, {"text", text},
                   {"sites", std::move(sites)}, {"more", item.total - item.sites.size()}});
  }
  return out;
}

json to_result_json(const ReviewResult& result) {
  json files = json::array();
  for (const auto& file : result.files) files.push_back(file_json(file));

  json pr_types = json::array();
  for (const auto& type : result.pr_types)
    pr_types.push_back({{"id", type.id}, {"evidence", type.evidence.text}, {"at", place_json(type.evidence)}});

  json questions = json::array();
  for (const auto& q : result.questions) {
    json texts = json::array(), places = json::array();
    for (const Evidence& evidence : q.evidence) {
      texts.push_back(evidence.text);
      places.push_back(place_json(evidence));
    }
    questions.push_back({{"id", q.id}, {"answer", q.answer}, {"evidence", std::move(texts)}, {"evidence_at", std::move(places)}});
  }

  json checklist = json::array();
  for (const auto& entry : result.checklist)
    checklist.push_back({{"path", string_or_null(entry.path)}, {"mandatory", entry.mandatory}, {"items", entry.items}});

  // `prompts` as contract.md words them; `reviewer_prompts` the same as data, for the panel's links.
  json prompts = json::array(), reviewer_prompts = json::array();
  for (const auto& prompt : result.prompts) {
    prompts.push_back("Reviewer should ask " + prompt.question + " (`" + prompt.evidence.text + "`)");
    reviewer_prompts.push_back(
        {{"question", prompt.question}, {"evidence", prompt.evidence.text}, {"at", place_json(prompt.evidence)}});
  }

  json findings = json::array();
  for (const auto& finding : result.findings) findings.push_back(finding_json(finding));

  json dismissed = json::array();
  for (const auto& d : result.dismissed) {
    json entry = finding_json(d.finding);
    entry["reason"] = d.reason;
    dismissed.push_back(std::move(entry));
  }

  // Counts, not a ratio: each reader words and rounds the share itself.
  json rules = json::object();
  for (const auto& [id, record] : result.rule_records)
    rules[id] = {{"status", to_string(record.status)}, {"labels", record.labels}, {"tp", record.tp},
                 {"low", record.low}, {"fp", record.fp}, {"labeled_through", string_or_null(record.labeled_through)}};

  json ai_signals = json::array();
  for (const auto& signal : result.ai_signals)
    ai_signals.push_back({{"id", signal.id}, {"evidence", signal.evidence}});

  json errors = json::array();
  for (const auto& error : result.errors)
    errors.push_back({{"code", error.code}, {"message", error.message}, {"line", error.line}});

  json skipped = json::array();
  for (const auto& part : result.skipped)
    skipped.push_back({{"limit", part.limit}, {"path", string_or_null(part.path)}, {"size", part.size}, {"max", part.max}});

  json out = {{"schema", "atom-review/1"},
          {"pr", result.pr_given.is_object() ? result.pr_given : json::object()},
          {"pack", string_or_null(result.pack_name)},
          {"stats", stats_json(result)},
          {"files", std::move(files)},
          {"pr_types", std::move(pr_types)},
          {"questions", std::move(questions)},
          {"checklist", std::move(checklist)},
          {"prompts", std::move(prompts)},
          {"reviewer_prompts", std::move(reviewer_prompts)},
          {"context", context_json(result.context)},
          {"ci", ci_json(result.ci)},
          {"findings", std::move(findings)},
          {"dismissed", std::move(dismissed)},
          {"rules", std::move(rules)},
          {"ai_signals", std::move(ai_signals)},
          {"elevated_ai_risk", result.elevated_ai_risk},
          {"verdict", to_string(result.verdict)},
          {"verdict_label", verdict_words(result)},
          {"draft", render_card(result)},
          {"errors", std::move(errors)},
          {"skipped", std::move(skipped)}};
  if (result.repository) {
    out["repository"] = {{"files", result.repository->files}, {"bytes", result.repository->bytes}};
    out["to_verify"] = to_verify_json(result.to_verify);
  }
  return out;
}

}  // namespace atom
