#include "core/engine/pack_input.h"

#include <nlohmann/json.hpp>

#include "core/rules/registry.h"

namespace atom {

PackLoad load_user_pack(std::string_view json_text) {
  static const std::vector<std::string> rule_ids = [] {
    std::vector<std::string> ids;
    for (const Rule* rule : all_rules()) ids.push_back(rule->meta().id);
    return ids;
  }();
  return load_pack(json_text, &rule_ids);
}

std::string validate_pack_to_json_text(std::string_view json_text) {
  const PackLoad load = load_user_pack(json_text);
  nlohmann::json errors = nlohmann::json::array();
  for (const PackError& error : load.errors) errors.push_back({{"path", error.path}, {"message", error.message}});
  // Keys and messages come from parsed JSON and RE2, so the text is valid UTF-8.
  return nlohmann::json{{"ok", load.errors.empty()}, {"errors", errors}}.dump();
}

std::string pack_error_line(const PackError& error) {
  return error.path.empty() ? error.message : error.path + ": " + error.message;
}

}  // namespace atom
