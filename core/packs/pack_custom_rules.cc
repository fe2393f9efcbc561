#include "core/packs/pack_custom_rules.h"

#include <algorithm>

#include "core/model/identifier_chars.h"
#include "core/model/placeholders.h"

namespace atom {
namespace {

using pack_reading::child;
using pack_reading::json;
using pack_reading::Reader;

// A letter, then letters, digits, '_', '.' or '-'; at most 40 characters.
bool is_rule_id(const std::string& id) {
  if (id.empty() || id.size() > 40 || !is_ascii_letter(id[0])) return false;
  return std::all_of(id.begin(), id.end(), [](char c) { return is_identifier_char(c) || c == '.' || c == '-'; });
}

std::shared_ptr<const RE2> compile(Reader& reader, const json& value, const std::string& path) {
  auto text = reader.string(value, path, false, reader.limits().max_pattern_bytes);
  if (!text) return nullptr;
  RE2::Options options;
  options.set_log_errors(false);
  options.set_max_mem(reader.limits().pattern_max_mem);
  auto pattern = std::make_shared<const RE2>(*text, options);
  if (!pattern->ok()) {
    reader.error(path, "RE2 rejects it: " + pattern->error());
    return nullptr;
  }
  return pattern;
}

// Every placeholder of `text` must be one the match fills: {match}, {path}, a group number or name.
void check_placeholders(Reader& reader, const std::string& text, const std::string& path, const RE2& pattern) {
  const int groups = pattern.NumberOfCapturingGroups();
  const auto& names = pattern.NamedCapturingGroups();
  for (const std::string& name : placeholder_names(text)) {
    if (name == "match" || name == "path" || names.count(name)) continue;
    const bool number = std::all_of(name.begin(), name.end(), [](char c) { return c >= '0' && c <= '9'; });
    if (number && name.size() < 4 && std::stoi(name) >= 1 && std::stoi(name) <= groups) continue;
    reader.error(path, "{" + name + "} is filled by nothing: use {match}, {path}, a group number (the pattern has " +
                           std::to_string(groups) + ") or a group's name");
  }
}

std::optional<PatternLines> read_lines(Reader& reader, const json& value, const std::string& path) {
  if (!reader.array(value, path, 3)) return std::nullopt;
  if (value.empty()) {
    reader.error(path, "must not be empty");
    return std::nullopt;
  }
  PatternLines lines{false, false, false};
  bool ok = true;
  for (size_t i = 0; i < value.size(); ++i) {
    if (value[i] == "added") lines.added = true;
    else if (value[i] == "removed") lines.removed = true;
    else if (value[i] == "context") lines.context = true;
    else {
      reader.error(child(path, i), "must be \"added\", \"removed\" or \"context\"");
      ok = false;
    }
  }
  if (!ok) return std::nullopt;
  return lines;
}

std::optional<PatternRule> read_rule(Reader& reader, const json& entry, const std::string& path,
                                     const std::vector<std::string>* known_rule_ids,
                                     const std::vector<PatternRule>& earlier, const std::vector<size_t>& earlier_index) {
  if (!reader.object(entry, path,
                     {"id", "pattern", "lines", "paths", "severity", "problem", "impact", "action", "red_trigger"},
                     {"id", "pattern", "severity", "problem", "impact", "action"}))
    return std::nullopt;
  PatternRule rule;
  bool ok = true;
  if (auto id = reader.string(entry["id"], child(path, "id"))) {
    if (!is_rule_id(*id)) {
      reader.error(child(path, "id"), "must be a letter, then letters, digits, '_', '.' or '-' (at most 40)");
      ok = false;
    } else if (known_rule_ids != nullptr &&
               std::find(known_rule_ids->begin(), known_rule_ids->end(), *id) != known_rule_ids->end()) {
      reader.error(child(path, "id"), "\"" + *id + "\" is a built-in rule's id");
      ok = false;
    } else {
      for (size_t i = 0; i < earlier.size(); ++i)
        if (earlier[i].id == *id) {
          reader.error(child(path, "id"), "\"" + *id + "\" is already the id of " +
                                              child("/custom_rules", earlier_index[i]));
          ok = false;
        }
    }
    rule.id = *id;
  } else {
    ok = false;
  }
  rule.pattern = compile(reader, entry["pattern"], child(path, "pattern"));
  ok = ok && rule.pattern != nullptr;
  if (entry.contains("lines")) {
    if (auto lines = read_lines(reader, entry["lines"], child(path, "lines"))) rule.lines = *lines;
    else ok = false;
  }
  if (entry.contains("paths")) {
    const size_t before = entry["paths"].is_array() ? entry["paths"].size() : 0;
    rule.paths = reader.strings(entry["paths"], child(path, "paths"));
    ok = ok && entry["paths"].is_array() && rule.paths.size() == before;
  }
  if (auto severity = reader.severity(entry["severity"], child(path, "severity"))) rule.severity = *severity;
  else ok = false;
  std::string* texts[] = {&rule.problem, &rule.impact, &rule.action, &rule.red_trigger};
  const char* keys[] = {"problem", "impact", "action", "red_trigger"};
  for (int i = 0; i < 4; ++i) {
    if (!entry.contains(keys[i])) continue;
    auto text = reader.string(entry[keys[i]], child(path, keys[i]));
    if (!text) {
      ok = false;
      continue;
    }
    *texts[i] = *text;
    if (rule.pattern) check_placeholders(reader, *text, child(path, keys[i]), *rule.pattern);
  }
  if (rule.severity == PackSeverity::Red && !entry.contains("red_trigger")) {
    reader.error(path, "severity \"red\" needs a \"red_trigger\" (a finding is red only when its trigger is filled)");
    ok = false;
  }
  if (!ok) return std::nullopt;
  return rule;
}

}  // namespace

std::vector<PatternRule> read_custom_rules(Reader& reader, const json& rules, const std::string& path,
                                           const std::vector<std::string>* known_rule_ids) {
  std::vector<PatternRule> out;
  std::vector<size_t> indexes;
  if (!reader.array(rules, path, reader.limits().max_custom_rules)) return out;
  for (size_t i = 0; i < rules.size(); ++i)
    if (auto rule = read_rule(reader, rules[i], child(path, i), known_rule_ids, out, indexes)) {
      out.push_back(std::move(*rule));
      indexes.push_back(i);
    }
  return out;
}

}  // namespace atom
