#include "tests/cpp/packs/json_schema_check.h"

#include <set>

#include <re2/re2.h>

namespace atom::schema_test {
namespace {

using nlohmann::json;

const std::set<std::string> kKnownKeywords = {
    "$schema", "$id", "title", "description", "$defs", "$ref", "type", "properties", "additionalProperties",
    "required", "items", "minItems", "maxItems", "minLength", "maxLength", "minimum", "maximum", "pattern",
    "enum", "const", "if", "then"};

size_t code_points(const std::string& text) {
  size_t count = 0;
  for (unsigned char c : text) count += (c & 0xC0) != 0x80;
  return count;
}

bool has_type(const json& value, const std::string& type) {
  if (type == "object") return value.is_object();
  if (type == "array") return value.is_array();
  if (type == "string") return value.is_string();
  if (type == "boolean") return value.is_boolean();
  if (type == "integer") return value.is_number_integer() || (value.is_number_float() && value.get<double>() == (long long)value.get<double>());
  if (type == "number") return value.is_number();
  if (type == "null") return value.is_null();
  return false;
}

class Checker {
 public:
  explicit Checker(const json& root) : root_(root) {}

  void check(const json& schema, const json& value, const std::string& path, std::vector<std::string>& out) const {
    for (const auto& [keyword, unused] : schema.items())
      if (!kKnownKeywords.count(keyword)) out.push_back(path + ": unsupported keyword " + keyword);
    if (auto ref = schema.find("$ref"); ref != schema.end()) {
      const std::string pointer = ref->get<std::string>();
      check(root_.at(json::json_pointer(pointer.substr(1))), value, path, out);
    }
    if (auto type = schema.find("type"); type != schema.end() && !has_type(value, *type)) {
      out.push_back(path + ": type");
      return;
    }
    if (auto values = schema.find("enum"); values != schema.end() &&
        std::find(values->begin(), values->end(), value) == values->end())
      out.push_back(path + ": enum");
    if (auto constant = schema.find("const"); constant != schema.end() && *constant != value) out.push_back(path + ": const");
    if (value.is_string()) check_string(schema, value.get<std::string>(), path, out);
    if (value.is_number()) {
      if (auto min = schema.find("minimum"); min != schema.end() && value.get<double>() < min->get<double>())
        out.push_back(path + ": minimum");
      if (auto max = schema.find("maximum"); max != schema.end() && value.get<double>() > max->get<double>())
        out.push_back(path + ": maximum");
    }
    if (value.is_array()) check_array(schema, value, path, out);
    if (value.is_object()) check_object(schema, value, path, out);
    if (auto condition = schema.find("if"); condition != schema.end()) {
      std::vector<std::string> ignored;
      check(*condition, value, path, ignored);
      if (ignored.empty() && schema.contains("then")) check(schema["then"], value, path, out);
    }
  }

 private:
  void check_string(const json& schema, const std::string& text, const std::string& path,
                    std::vector<std::string>& out) const {
    if (auto min = schema.find("minLength"); min != schema.end() && code_points(text) < min->get<size_t>())
      out.push_back(path + ": minLength");
    if (auto max = schema.find("maxLength"); max != schema.end() && code_points(text) > max->get<size_t>())
      out.push_back(path + ": maxLength");
    if (auto pattern = schema.find("pattern"); pattern != schema.end()) {
      const RE2 re(pattern->get<std::string>());
      if (!re.ok() || !RE2::PartialMatch(text, re)) out.push_back(path + ": pattern");
    }
  }

  void check_array(const json& schema, const json& value, const std::string& path, std::vector<std::string>& out) const {
    if (auto min = schema.find("minItems"); min != schema.end() && value.size() < min->get<size_t>())
      out.push_back(path + ": minItems");
    if (auto max = schema.find("maxItems"); max != schema.end() && value.size() > max->get<size_t>())
      out.push_back(path + ": maxItems");
    if (auto items = schema.find("items"); items != schema.end())
      for (size_t i = 0; i < value.size(); ++i) check(*items, value[i], path + "/" + std::to_string(i), out);
  }

  void check_object(const json& schema, const json& value, const std::string& path, std::vector<std::string>& out) const {
    if (auto required = schema.find("required"); required != schema.end())
      for (const auto& key : *required)
        if (!value.contains(key.get<std::string>())) out.push_back(path + ": required " + key.get<std::string>());
    const json properties = schema.value("properties", json::object());
    for (const auto& [key, member] : value.items()) {
      const std::string member_path = path + "/" + key;
      if (properties.contains(key)) {
        check(properties[key], member, member_path, out);
      } else if (auto extra = schema.find("additionalProperties"); extra != schema.end()) {
        if (extra->is_boolean()) {
          if (!extra->get<bool>()) out.push_back(member_path + ": additionalProperties");
        } else {
          check(*extra, member, member_path, out);
        }
      }
    }
  }

  const json& root_;
};

}  // namespace

std::vector<std::string> schema_violations(const json& schema, const json& value) {
  std::vector<std::string> out;
  Checker(schema).check(schema, value, "", out);
  return out;
}

}  // namespace atom::schema_test
