#include "core/report/catalogue.h"

#include <map>

#include "core/model/placeholders.h"
#include "core/rules/registry.h"

namespace atom {
namespace {

void add_section(std::string& out, const char* heading, const std::string& body) {
  if (body.empty()) return;
  out += std::string("**") + heading + "**\n\n" + body;
  if (body.back() != '\n') out += '\n';
  out += '\n';
}

std::string percent(double fraction) { return std::to_string(static_cast<int>(fraction * 100.0 + 0.5)) + "%"; }

}  // namespace

std::string status_table_markdown(const RuleStatusTable& statuses) {
  std::map<RuleStatus, int> counts;
  std::string rows;
  for (const Rule* rule : all_rules()) {
    const RuleMeta& meta = rule->meta();
    const RuleStatusEntry& entry = statuses.entry(meta.id);
    ++counts[entry.status];
    const std::string precision = entry.labels > 0 && entry.precision ? percent(*entry.precision) : "—";
    rows += "| " + meta.id + " | " + meta.slug + " | " + to_string(entry.status) + " | " + precision + " | " +
            std::to_string(entry.labels) + " | " + std::to_string(entry.tp) + " / " + std::to_string(entry.low) +
            " / " + std::to_string(entry.fp) + " |\n";
  }
  return "## Status at a glance\n\n" + std::to_string(counts[RuleStatus::Stable]) + " stable, " +
         std::to_string(counts[RuleStatus::Preview]) + " preview, " + std::to_string(counts[RuleStatus::Off]) +
         " off" + (statuses.labels_through.empty() ? "" : "; labels through " + statuses.labels_through) +
         ".\n\n| rule | name | status | precision | labels | TP / LOW / FP |\n|---|---|---|---|---|---|\n" + rows;
}

namespace {

std::string measured_status_sentence(const RuleStatusEntry& entry, const RuleStatusTable& statuses) {
  std::string counts = "TP " + std::to_string(entry.tp) + ", LOW " + std::to_string(entry.low) + ", FP " +
                       std::to_string(entry.fp);
  if (!entry.labeled_through.empty()) counts += "; labeled through " + entry.labeled_through;
  if (entry.status == RuleStatus::Stable)
    return "Status: stable — precision " + percent(entry.precision.value_or(0.0)) + " on " +
           std::to_string(entry.labels) + " hand labels (" + counts + ").";
  if (entry.kept_off)
    return "Status: off — its earlier code's hand labels turned it off, and its new code has " +
           std::to_string(entry.labels) + " fresh label" + (entry.labels == 1 ? "" : "s") +
           " (at least " + std::to_string(statuses.min_labels_to_turn_off) +
           " judge it again), so it does not run (`--all-rules` runs it, as notes).";
  if (entry.status == RuleStatus::Off)
    return "Status: off — precision " + percent(entry.precision.value_or(0.0)) + " on " +
           std::to_string(entry.labels) + " hand labels (" + counts +
           "): most of its findings were wrong or not worth a reviewer's minute, so it does not run "
           "(`--all-rules` runs it, as notes).";
  if (entry.labels == 0)
    return "Status: preview — no hand labels since its last change, so its findings are notes (worth a look).";
  return "Status: preview — precision " + percent(entry.precision.value_or(0.0)) + " on " +
         std::to_string(entry.labels) + " hand label" + (entry.labels == 1 ? "" : "s") + " (" + counts +
         "), so its findings are notes (worth a look).";
}

// What labels would do next: the number of findings judged worth raising, in a row, that moves it.
std::string next_status_sentence(const RuleStatusEntry& entry, const RuleStatusTable& statuses) {
  const std::optional<int> needed = statuses.worth_raising_to_move(entry);
  if (!needed) return {};
  const std::string findings = std::to_string(*needed) + " more labelled finding" + (*needed == 1 ? "" : "s");
  const bool to_preview = status_labels_lead_to(entry.status) == RuleStatus::Preview;
  return (to_preview ? " Back to preview after " : " Stable after ") + findings + " worth raising in a row.";
}

}  // namespace

std::string rule_status_markdown(const std::string& rule_id, const RuleStatusTable& statuses) {
  const RuleStatusEntry& entry = statuses.entry(rule_id);
  return measured_status_sentence(entry, statuses) + next_status_sentence(entry, statuses);
}

std::string category_title(const std::string& category) {
  static const std::map<std::string, std::string> titles = {
      {"A", "Coverage gaps"},        {"B", "Silent bypass"},
      {"C", "Hardcoded arch/dtype"}, {"D", "Uninitialized state"},
      {"E", "Cross-repo sync"},      {"F", "Resource duplication"},
      {"G", "Concurrency"},          {"P", "Performance evidence"},
      {"HK", "Housekeeping"},        {"AI", "AI-code structural checks"},
  };
  const auto it = titles.find(category);
  return it == titles.end() ? category : it->second;
}

std::string rule_help_markdown(const RuleMeta& meta) {
  std::string out;
  if (!meta.summary.empty()) out += meta.summary + "\n\n";
  out += std::string("Default severity: ") + to_string(meta.default_severity) + ". Category: " +
         category_title(meta.category) + ".\n\n";
  add_section(out, "What it does", meta.what);
  add_section(out, "Why it matters", meta.why);
  add_section(out, "Example", meta.example);
  add_section(out, "Must not fire when", meta.must_not_fire);
  add_section(out, "Source", meta.source);
  while (!out.empty() && out.back() == '\n') out.pop_back();
  return out + "\n";
}

std::string catalogue_markdown() {
  std::string out =
      "# atom-review rules\n\n"
      "Generated from the rules' own metadata (`atom-review rules`). Severities: red = block, "
      "warn = should fix, note = worth asking. A red finding must name the concrete input that "
      "triggers it; otherwise it is reported as warn, worded \"worth checking\". A rule is stable when its "
      "precision on hand labels made since its last change (true and worth a reviewer's minute, over all "
      "its labels) is at least " +
      percent(RuleStatusTable::active().min_precision) + " on at least " +
      std::to_string(RuleStatusTable::active().min_labels) +
      " labels; until then it is preview and its findings are notes, worded \"worth a look\". A rule whose "
      "precision on at least " + std::to_string(RuleStatusTable::active().min_labels_to_turn_off) +
      " such labels is below " + percent(RuleStatusTable::active().turn_off_below) +
      " is off: it does not run until it changes (`--all-rules` runs it, as notes).\n\n" +
      status_table_markdown(RuleStatusTable::active());
  std::string current_category;
  bool first = true;
  for (const Rule* rule : all_rules()) {
    const RuleMeta& meta = rule->meta();
    if (first || meta.category != current_category) {
      current_category = meta.category;
      first = false;
      out += "\n## " + category_title(meta.category) + "\n";
    }
    out += "\n### " + meta.id + " — " + meta.slug + "\n\n" + rule_status_markdown(meta.id) + "\n\n" +
           rule_help_markdown(meta);
    if (!meta.messages.empty()) {
      out += "\n**Messages**\n\n";
      for (const auto& message : meta.messages)
        out += "- `" + message.id + "`: " + show_optional_parts(message.problem) + " — " +
               show_optional_parts(message.impact) + "\n";
    }
  }
  return out;
}

nlohmann::json catalogue_json() {
  nlohmann::json rules = nlohmann::json::array();
  for (const Rule* rule : all_rules()) {
    const RuleMeta& meta = rule->meta();
    nlohmann::json messages = nlohmann::json::array();
    for (const auto& m : meta.messages)
      messages.push_back({{"id", m.id}, {"problem", m.problem}, {"impact", m.impact},
                          {"action_verified", m.action_verified}, {"action_inferred", m.action_inferred}});
    rules.push_back({{"id", meta.id},
                     {"slug", meta.slug},
                     {"category", meta.category},
                     {"category_title", category_title(meta.category)},
                     {"default_severity", to_string(meta.default_severity)},
                     {"summary", meta.summary},
                     {"what", meta.what},
                     {"why", meta.why},
                     {"example", meta.example},
                     {"must_not_fire", meta.must_not_fire},
                     {"source", meta.source},
                     {"messages", std::move(messages)}});
    const RuleStatusEntry& status = RuleStatusTable::active().entry(meta.id);
    nlohmann::json& row = rules.back();
    row["status"] = to_string(status.status);
    row["precision"] = status.precision ? nlohmann::json(*status.precision) : nlohmann::json(nullptr);
    row["labels"] = status.labels;
    row["tp"] = status.tp;
    row["low"] = status.low;
    row["fp"] = status.fp;
    row["labeled_through"] = status.labeled_through.empty() ? nlohmann::json(nullptr) : nlohmann::json(status.labeled_through);
    row["kept_off"] = status.kept_off;
    // The status labels would move it to, and how many findings judged worth raising in a row would.
    const std::optional<int> needed = RuleStatusTable::active().worth_raising_to_move(status);
    row["next_status"] = needed ? nlohmann::json{{"status", to_string(status_labels_lead_to(status.status))},
                                                 {"worth_raising_in_a_row", *needed}}
                                : nlohmann::json(nullptr);
  }
  return rules;
}

}  // namespace atom
