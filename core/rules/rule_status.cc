#include "core/rules/rule_status.h"

#include <algorithm>
#include <cmath>
#include <optional>

#include <nlohmann/json.hpp>

#include "core/rules/embedded_rule_status.h"

namespace atom {
namespace {

int int_field(const nlohmann::json& object, const char* key) {
  const auto it = object.find(key);
  return it != object.end() && it->is_number_integer() ? it->get<int>() : 0;
}

std::string string_field(const nlohmann::json& object, const char* key) {
  const auto it = object.find(key);
  return it != object.end() && it->is_string() ? it->get<std::string>() : std::string();
}

RuleStatusEntry parse_entry(const nlohmann::json& object) {
  RuleStatusEntry entry;
  const std::string status = string_field(object, "status");
  entry.status = status == "stable" ? RuleStatus::Stable : status == "off" ? RuleStatus::Off : RuleStatus::Preview;
  if (const auto it = object.find("precision"); it != object.end() && it->is_number()) entry.precision = it->get<double>();
  entry.labels = int_field(object, "labels");
  entry.tp = int_field(object, "tp");
  entry.low = int_field(object, "low");
  entry.fp = int_field(object, "fp");
  entry.labeled_through = string_field(object, "labeled_through");
  const auto kept_off = object.find("kept_off");
  entry.kept_off = entry.status == RuleStatus::Off && kept_off != object.end() && kept_off->is_boolean() && kept_off->get<bool>();
  return entry;
}

}  // namespace

const char* to_string(RuleStatus status) {
  switch (status) {
    case RuleStatus::Stable: return "stable";
    case RuleStatus::Off: return "off";
    case RuleStatus::Preview: break;
  }
  return "preview";
}

RuleStatusTable RuleStatusTable::with_every_rule_on() const {
  RuleStatusTable table = *this;
  for (auto& [id, entry] : table.entries_)
    if (entry.status == RuleStatus::Off) entry.status = RuleStatus::Preview;
  return table;
}

std::optional<int> RuleStatusTable::worth_raising_to_move(const RuleStatusEntry& entry) const {
  if (entry.status == RuleStatus::Stable) return std::nullopt;
  const bool off = entry.status == RuleStatus::Off;
  const int least_labels = off ? min_labels_to_turn_off : min_labels;
  // In whole percents, so that 0.9 is not compared in floating point: (tp + n) * 100 >= bar * (labels + n).
  const int bar = static_cast<int>(std::lround((off ? turn_off_below : min_precision) * 100.0));
  const int shortfall = bar * entry.labels - 100 * entry.tp;
  if (shortfall > 0 && bar >= 100) return std::nullopt;
  const int for_precision = shortfall > 0 ? (shortfall + (100 - bar) - 1) / (100 - bar) : 0;
  const int needed = std::max(for_precision, least_labels - entry.labels);
  if (needed <= 0) return std::nullopt;  // past the bars already: a table scripts/precision did not write
  return needed;
}

RuleStatusTable RuleStatusTable::parse(std::string_view json_text, std::string* error) {
  RuleStatusTable table;
  const nlohmann::json root = nlohmann::json::parse(json_text, nullptr, false);
  const auto fail = [&](const char* why) {
    if (error != nullptr) *error = why;
    return RuleStatusTable{};
  };
  if (root.is_discarded() || !root.is_object()) return fail("rule status JSON: not a JSON object");
  const auto rules = root.find("rules");
  if (rules == root.end() || !rules->is_object()) return fail("rule status JSON: \"rules\" must be an object");
  table.min_labels = int_field(root, "min_labels");
  if (const auto it = root.find("min_precision"); it != root.end() && it->is_number())
    table.min_precision = it->get<double>();
  table.min_labels_to_turn_off = int_field(root, "min_labels_to_turn_off");
  if (const auto it = root.find("turn_off_below"); it != root.end() && it->is_number())
    table.turn_off_below = it->get<double>();
  table.labels_through = string_field(root, "labels_through");
  for (const auto& [id, entry] : rules->items())
    if (entry.is_object()) table.entries_[id] = parse_entry(entry);
  return table;
}

const RuleStatusTable& RuleStatusTable::embedded() {
  static const RuleStatusTable table = parse(embedded_rule_status_json());
  return table;
}

namespace {
std::optional<RuleStatusTable>& process_table() {
  static std::optional<RuleStatusTable> table;
  return table;
}
}  // namespace

const RuleStatusTable& RuleStatusTable::active() { return process_table() ? *process_table() : embedded(); }

void RuleStatusTable::use_for_process(RuleStatusTable table) { process_table() = std::move(table); }

const RuleStatusEntry& RuleStatusTable::entry(const std::string& rule) const {
  static const RuleStatusEntry unlabeled;
  const auto it = entries_.find(rule);
  return it == entries_.end() ? unlabeled : it->second;
}

std::vector<std::string> RuleStatusTable::rule_ids() const {
  std::vector<std::string> ids;
  for (const auto& [id, entry] : entries_) ids.push_back(id);
  return ids;
}

}  // namespace atom
