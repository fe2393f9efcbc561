#include "core/packs/pack_reader.h"

namespace atom::pack_reading {

std::string child(const std::string& path, const std::string& key) {
  std::string escaped;
  for (char c : key) {
    if (c == '~') escaped += "~0";
    else if (c == '/') escaped += "~1";
    else escaped += c;
  }
  return path + "/" + escaped;
}

std::string child(const std::string& path, size_t index) { return path + "/" + std::to_string(index); }

void Reader::error(const std::string& path, std::string message) { errors_.push_back({path, std::move(message)}); }

bool Reader::object(const json& value, const std::string& path, std::initializer_list<const char*> allowed,
                    std::initializer_list<const char*> required) {
  if (!value.is_object()) {
    error(path, "must be an object");
    return false;
  }
  bool ok = true;
  for (const auto& [key, unused] : value.items()) {
    bool known = false;
    for (const char* name : allowed) known = known || key == name;
    if (known) continue;
    std::string expected;
    for (const char* name : allowed) expected += (expected.empty() ? "" : ", ") + std::string(name);
    error(child(path, key), "unknown key; expected one of: " + expected);
    ok = false;
  }
  for (const char* name : required)
    if (!value.contains(name)) {
      error(path, "missing required key \"" + std::string(name) + "\"");
      ok = false;
    }
  return ok;
}

bool Reader::array(const json& value, const std::string& path, size_t max) {
  if (!value.is_array()) {
    error(path, "must be an array");
    return false;
  }
  const size_t limit = max ? max : limits_.max_entries;
  if (value.size() > limit) {
    error(path, "has " + std::to_string(value.size()) + " entries, more than the " + std::to_string(limit) + " allowed");
    return false;
  }
  return true;
}

std::optional<std::string> Reader::string(const json& value, const std::string& path, bool allow_empty,
                                          size_t max_bytes) {
  if (!value.is_string()) {
    error(path, "must be a string");
    return std::nullopt;
  }
  std::string text = value.get<std::string>();
  const size_t limit = max_bytes ? max_bytes : limits_.max_string_bytes;
  if (text.size() > limit) {
    error(path, "is " + std::to_string(text.size()) + " bytes, more than the " + std::to_string(limit) + " allowed");
    return std::nullopt;
  }
  if (text.empty() && !allow_empty) {
    error(path, "must not be empty");
    return std::nullopt;
  }
  return text;
}

std::optional<bool> Reader::boolean(const json& value, const std::string& path) {
  if (!value.is_boolean()) {
    error(path, "must be true or false");
    return std::nullopt;
  }
  return value.get<bool>();
}

std::optional<PackSeverity> Reader::severity(const json& value, const std::string& path) {
  if (value == "note") return PackSeverity::Note;
  if (value == "warn") return PackSeverity::Warn;
  if (value == "red") return PackSeverity::Red;
  error(path, "must be \"note\", \"warn\" or \"red\"");
  return std::nullopt;
}

std::vector<std::string> Reader::strings(const json& value, const std::string& path) {
  std::vector<std::string> out;
  if (!array(value, path)) return out;
  for (size_t i = 0; i < value.size(); ++i)
    if (auto text = string(value[i], child(path, i))) out.push_back(std::move(*text));
  return out;
}

}  // namespace atom::pack_reading
