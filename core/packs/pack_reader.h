// The checks the pack loader makes on each JSON value, each recording an error at the value's
// JSON Pointer. Only core/packs/pack_loader*.cc use it.
#pragma once
#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/packs/pack_loader.h"

namespace atom::pack_reading {

using nlohmann::json;

// "/custom_rules" + "0" → "/custom_rules/0" (RFC 6901: '~' → "~0", '/' → "~1").
std::string child(const std::string& path, const std::string& key);
std::string child(const std::string& path, size_t index);

class Reader {
 public:
  Reader(const PackLimits& limits, std::vector<PackError>& errors) : limits_(limits), errors_(errors) {}

  const PackLimits& limits() const { return limits_; }
  void error(const std::string& path, std::string message);

  // An object whose keys are all in `allowed` and hold every key of `required`.
  bool object(const json& value, const std::string& path, std::initializer_list<const char*> allowed,
              std::initializer_list<const char*> required);
  // An array of at most limits().max_entries (or `max`) items.
  bool array(const json& value, const std::string& path, size_t max = 0);
  // A string within limits().max_string_bytes (or `max_bytes`); empty only with allow_empty.
  std::optional<std::string> string(const json& value, const std::string& path, bool allow_empty = false,
                                    size_t max_bytes = 0);
  std::optional<bool> boolean(const json& value, const std::string& path);
  std::optional<PackSeverity> severity(const json& value, const std::string& path);
  // An array of strings, each checked as string() does.
  std::vector<std::string> strings(const json& value, const std::string& path);

 private:
  const PackLimits& limits_;
  std::vector<PackError>& errors_;
};

}  // namespace atom::pack_reading
