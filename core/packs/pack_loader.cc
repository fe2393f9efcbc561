#include "core/packs/pack_loader.h"

#include <algorithm>

#include "core/model/identifier_chars.h"
#include "core/model/json_depth.h"
#include "core/packs/pack_custom_rules.h"
#include "core/packs/pack_reader.h"

namespace atom {
namespace {

using pack_reading::child;
using pack_reading::json;
using pack_reading::Reader;

// Arrays and objects nested (core/model/json_depth.h); real packs nest 4 deep. Beside PackLimits'
// budgets rather than in them, as no caller has a reason to change it.
constexpr size_t kMaxPackDepth = 32;
constexpr size_t kMaxPackNameBytes = 100;

// OWNER/REPO, either part a glob ('*' within the part).
bool is_repo_glob(const std::string& text) {
  const size_t slash = text.find('/');
  if (slash == 0 || slash == std::string::npos || slash + 1 == text.size()) return false;
  if (text.find('/', slash + 1) != std::string::npos) return false;
  return std::all_of(text.begin(), text.end(),
                     [](char c) { return is_identifier_char(c) || c == '-' || c == '.' || c == '*' || c == '/'; });
}

// A pack's name goes into the drafted review's heading: letters, digits, spaces, '.', '_' and '-'.
bool is_pack_name(const std::string& text) {
  if (text.empty() || text.size() > kMaxPackNameBytes || !is_identifier_char(text.front()) || text.front() == '_') return false;
  return std::all_of(text.begin(), text.end(), [](char c) { return is_identifier_char(c) || c == ' ' || c == '.' || c == '-'; });
}

// A dotted Python name: `torch.library.custom_op`.
bool is_dotted_name(const std::string& text) {
  if (text.empty() || text.front() == '.' || text.back() == '.' || text.find("..") != std::string::npos) return false;
  return std::all_of(text.begin(), text.end(), [](char c) { return is_identifier_char(c) || c == '.'; });
}

bool is_keyword_value(const std::string& text) {
  const size_t equals = text.find('=');
  if (equals == 0 || equals == std::string::npos || equals + 1 == text.size()) return false;
  return std::all_of(text.begin(), text.end(), [](char c) { return is_identifier_char(c) || c == '='; }) &&
         text.find('=', equals + 1) == std::string::npos;
}

std::optional<TierTable::PathRule> read_tier(Reader& reader, const json& entry, const std::string& path) {
  if (!reader.object(entry, path, {"match", "tier", "reason", "blast_radius", "failure_mode", "high_visibility"},
                     {"match", "tier", "reason"}))
    return std::nullopt;
  TierTable::PathRule rule;
  bool ok = true;
  if (auto match = reader.string(entry["match"], child(path, "match"))) rule.pattern = *match;
  else ok = false;
  const json& tier = entry["tier"];
  if (tier.is_number_integer() && tier.get<int64_t>() >= 1 && tier.get<int64_t>() <= 3) {
    rule.info.tier = static_cast<int>(tier.get<int64_t>());
  } else {
    reader.error(child(path, "tier"), "must be 1, 2 or 3");
    ok = false;
  }
  if (auto reason = reader.string(entry["reason"], child(path, "reason"))) rule.info.reason = *reason;
  else ok = false;
  for (const char* key : {"blast_radius", "failure_mode"}) {
    if (!entry.contains(key)) continue;
    auto text = reader.string(entry[key], child(path, key), /*allow_empty=*/true);
    if (!text) ok = false;
    else (std::string(key) == "blast_radius" ? rule.info.blast_radius : rule.info.failure_mode) = *text;
  }
  if (entry.contains("high_visibility")) {
    if (auto flag = reader.boolean(entry["high_visibility"], child(path, "high_visibility")))
      rule.info.high_visibility = *flag;
    else ok = false;
  }
  if (!ok) return std::nullopt;
  return rule;
}

std::vector<TierTable::PathRule> read_tiers(Reader& reader, const json& tiers, const std::string& path) {
  std::vector<TierTable::PathRule> rules;
  if (!reader.array(tiers, path)) return rules;
  for (size_t i = 0; i < tiers.size(); ++i)
    if (auto rule = read_tier(reader, tiers[i], child(path, i))) rules.push_back(std::move(*rule));
  return rules;
}

std::vector<std::string> read_repos(Reader& reader, const json& repos, const std::string& path) {
  std::vector<std::string> out;
  if (!reader.array(repos, path)) return out;
  for (size_t i = 0; i < repos.size(); ++i) {
    auto repo = reader.string(repos[i], child(path, i));
    if (!repo) continue;
    if (!is_repo_glob(*repo)) reader.error(child(path, i), "must be OWNER/REPO (either part may use * as a glob)");
    else if (repo->find_first_not_of('*') == repo->find('/'))
      reader.error(child(path, i), "an owner of * alone would put every repository on GitHub in scope: name the owner");
    else out.push_back(std::move(*repo));
  }
  return out;
}

std::shared_ptr<const RE2> decorator_pattern(const std::vector<CustomOpDecorator>& decorators) {
  if (decorators.empty()) return nullptr;
  std::string alternatives;
  for (const CustomOpDecorator& decorator : decorators)
    alternatives += (alternatives.empty() ? "" : "|") + RE2::QuoteMeta(decorator.name);
  return std::make_shared<const RE2>("^\\s*@\\s*(" + alternatives + ")\\b");
}

std::shared_ptr<const RE2> compile_knowledge_pattern(Reader& reader, const std::string& text, const std::string& path) {
  RE2::Options options;
  options.set_log_errors(false);
  options.set_max_mem(reader.limits().pattern_max_mem);
  auto pattern = std::make_shared<const RE2>(text, options);
  if (pattern->ok()) return pattern;
  reader.error(path, "RE2 rejects it: " + pattern->error());
  return nullptr;
}

std::vector<LeftoverFilePattern> read_leftovers(Reader& reader, const json& list, const std::string& path) {
  std::vector<LeftoverFilePattern> out;
  if (!reader.array(list, path)) return out;
  for (size_t i = 0; i < list.size(); ++i) {
    const std::string entry_path = child(path, i);
    if (!reader.object(list[i], entry_path, {"kind", "pattern"}, {"kind", "pattern"})) continue;
    auto kind = reader.string(list[i]["kind"], child(entry_path, "kind"));
    auto text = reader.string(list[i]["pattern"], child(entry_path, "pattern"), false, reader.limits().max_pattern_bytes);
    if (!kind || !text) continue;
    if (auto pattern = compile_knowledge_pattern(reader, *text, child(entry_path, "pattern")))
      out.push_back({*kind, std::move(pattern)});
  }
  return out;
}

// One case-insensitive RE2 for all fragments, each fragment checked alone first so that an error
// names its entry.
std::shared_ptr<const RE2> read_models(Reader& reader, const json& list, const std::string& path,
                                       std::vector<std::string>& models) {
  if (!reader.array(list, path)) return nullptr;
  std::string alternatives;
  bool ok = true;
  for (size_t i = 0; i < list.size(); ++i) {
    auto text = reader.string(list[i], child(path, i), false, reader.limits().max_pattern_bytes);
    if (!text || !compile_knowledge_pattern(reader, *text, child(path, i))) {
      ok = false;
      continue;
    }
    models.push_back(*text);
    alternatives += (alternatives.empty() ? "" : "|") + *text;
  }
  if (!ok || models.empty()) return nullptr;
  return compile_knowledge_pattern(reader, "(?i)(?:" + alternatives + ")", path);
}

std::vector<ModelMagicNumber> read_magic_numbers(Reader& reader, const json& list, const std::string& path) {
  static const RE2 kDecimal(R"([1-9][0-9]{1,11})");
  std::vector<ModelMagicNumber> out;
  if (!reader.array(list, path)) return out;
  for (size_t i = 0; i < list.size(); ++i) {
    const std::string entry_path = child(path, i);
    if (!reader.object(list[i], entry_path, {"value", "stands_for"}, {"value", "stands_for"})) continue;
    auto value = reader.string(list[i]["value"], child(entry_path, "value"));
    auto stands_for = reader.string(list[i]["stands_for"], child(entry_path, "stands_for"));
    if (value && !RE2::FullMatch(*value, kDecimal)) {
      reader.error(child(entry_path, "value"), "must be a whole number of 2 to 12 digits, as a string (\"576\")");
      continue;
    }
    if (value && stands_for) out.push_back({*value, *stands_for});
  }
  return out;
}

PackKnowledge read_knowledge(Reader& reader, const json& knowledge, const std::string& path) {
  PackKnowledge out;
  if (!reader.object(knowledge, path,
                     {"stack_modules", "custom_op_decorators", "leftover_files", "production_models", "model_magic_numbers"},
                     {}))
    return out;
  if (knowledge.contains("model_magic_numbers"))
    out.model_magic_numbers = read_magic_numbers(reader, knowledge["model_magic_numbers"], child(path, "model_magic_numbers"));
  if (knowledge.contains("leftover_files"))
    out.leftover_files = read_leftovers(reader, knowledge["leftover_files"], child(path, "leftover_files"));
  if (knowledge.contains("production_models"))
    out.production_model_pattern =
        read_models(reader, knowledge["production_models"], child(path, "production_models"), out.production_models);
  if (knowledge.contains("stack_modules")) {
    const std::string list_path = child(path, "stack_modules");
    std::vector<std::string> modules = reader.strings(knowledge["stack_modules"], list_path);
    for (size_t i = 0; i < modules.size(); ++i)
      if (!is_dotted_name(modules[i]) || modules[i].find('.') != std::string::npos)
        reader.error(child(list_path, i), "must be a top-level Python package name");
    out.stack_modules = std::move(modules);
  }
  if (knowledge.contains("custom_op_decorators")) {
    const std::string list_path = child(path, "custom_op_decorators");
    const json& list = knowledge["custom_op_decorators"];
    if (reader.array(list, list_path)) {
      for (size_t i = 0; i < list.size(); ++i) {
        const std::string entry_path = child(list_path, i);
        if (!reader.object(list[i], entry_path, {"name", "only_with", "body_is_fake", "unregistered_lists"}, {"name"})) continue;
        CustomOpDecorator decorator;
        if (auto name = reader.string(list[i]["name"], child(entry_path, "name"))) {
          if (is_dotted_name(*name)) decorator.name = *name;
          else reader.error(child(entry_path, "name"), "must be a dotted Python name");
        }
        if (list[i].contains("only_with")) {
          if (auto with = reader.string(list[i]["only_with"], child(entry_path, "only_with"))) {
            if (is_keyword_value(*with)) decorator.only_with = *with;
            else reader.error(child(entry_path, "only_with"), "must be NAME=VALUE, e.g. is_custom=True");
          }
        }
        if (list[i].contains("body_is_fake"))
          if (auto flag = reader.boolean(list[i]["body_is_fake"], child(entry_path, "body_is_fake")))
            decorator.body_is_fake = *flag;
        if (list[i].contains("unregistered_lists")) {
          const std::string lists_path = child(entry_path, "unregistered_lists");
          const json& lists = list[i]["unregistered_lists"];
          if (reader.array(lists, lists_path))
            for (size_t j = 0; j < lists.size(); ++j)
              if (auto name = reader.string(lists[j], child(lists_path, j))) {
                if (is_dotted_name(*name) && name->find('.') == std::string::npos) decorator.unregistered_lists.push_back(*name);
                else reader.error(child(lists_path, j), "must be a Python variable name");
              }
        }
        if (!decorator.name.empty()) out.custom_op_decorators.push_back(std::move(decorator));
      }
    }
  }
  out.custom_op_decorator_pattern = decorator_pattern(out.custom_op_decorators);
  return out;
}

bool known(const std::vector<std::string>* ids, const std::string& id) {
  return ids == nullptr || std::find(ids->begin(), ids->end(), id) != ids->end();
}

std::map<std::string, RuleOverride> read_overrides(Reader& reader, const json& rules, const std::string& path,
                                                   const std::vector<std::string>* known_rule_ids) {
  std::map<std::string, RuleOverride> out;
  if (!rules.is_object()) {
    reader.error(path, "must be an object");
    return out;
  }
  for (const auto& [id, setting] : rules.items()) {
    const std::string entry_path = child(path, id);
    if (!known(known_rule_ids, id)) {
      reader.error(entry_path, "\"" + id + "\" is not a rule of this engine (atom-review rules lists them)");
      continue;
    }
    if (!reader.object(setting, entry_path, {"enabled", "severity"}, {})) continue;
    RuleOverride rule;
    if (setting.contains("enabled"))
      if (auto enabled = reader.boolean(setting["enabled"], child(entry_path, "enabled"))) rule.enabled = *enabled;
    if (setting.contains("severity")) rule.severity = reader.severity(setting["severity"], child(entry_path, "severity"));
    out[id] = rule;
  }
  return out;
}

}  // namespace

PackLoad load_pack(std::string_view json_text, const std::vector<std::string>* known_rule_ids,
                   const PackLimits& limits) {
  PackLoad result;
  Reader reader(limits, result.errors);
  if (json_text.size() > limits.max_bytes) {
    reader.error("", "the pack is " + std::to_string(json_text.size()) + " bytes, more than the " +
                         std::to_string(limits.max_bytes) + " allowed");
    return result;
  }
  if (json_nesting_depth(json_text) > kMaxPackDepth) {
    reader.error("", "arrays and objects nested deeper than " + std::to_string(kMaxPackDepth) + " levels");
    return result;
  }
  const json document = json::parse(json_text.begin(), json_text.end(), nullptr, /*allow_exceptions=*/false);
  if (document.is_discarded()) {
    reader.error("", "not valid JSON");
    return result;
  }
  if (!document.is_object()) {
    reader.error("", "must be an object");
    return result;
  }
  reader.object(document, "",
                {"$schema", "name", "version", "description", "repos", "tiers", "knowledge", "rules", "custom_rules"},
                {"name", "repos"});

  Pack pack;
  if (document.contains("name"))
    if (auto name = reader.string(document["name"], "/name")) {
      if (is_pack_name(*name)) pack.name = *name;
      else reader.error("/name", "must be at most 100 letters, digits, spaces, '.', '_' or '-', starting with a letter or digit");
    }
  if (document.contains("version"))
    if (auto version = reader.string(document["version"], "/version")) pack.version = *version;
  if (document.contains("description")) reader.string(document["description"], "/description", true);
  if (document.contains("$schema")) reader.string(document["$schema"], "/$schema");
  if (document.contains("repos")) pack.repos = read_repos(reader, document["repos"], "/repos");
  if (document.contains("tiers")) pack.tiers = TierTable(pack.name, read_tiers(reader, document["tiers"], "/tiers"));
  if (document.contains("knowledge")) pack.knowledge = read_knowledge(reader, document["knowledge"], "/knowledge");
  if (document.contains("rules"))
    pack.rule_overrides = read_overrides(reader, document["rules"], "/rules", known_rule_ids);
  if (document.contains("custom_rules"))
    pack.custom_rules = read_custom_rules(reader, document["custom_rules"], "/custom_rules", known_rule_ids);

  if (result.errors.empty()) result.pack = std::move(pack);
  return result;
}

}  // namespace atom
