#include "core/model/pr_meta.h"

#include <limits>
#include <nlohmann/json.hpp>

namespace atom {
namespace {

using nlohmann::json;

// Finds where a syntax error is: nlohmann's non-throwing parse reports only "discarded".
struct ErrorPositionFinder : nlohmann::json_sax<json> {
  size_t byte = 0;
  bool null() override { return true; }
  bool boolean(bool) override { return true; }
  bool number_integer(number_integer_t) override { return true; }
  bool number_unsigned(number_unsigned_t) override { return true; }
  bool number_float(number_float_t, const string_t&) override { return true; }
  bool string(string_t&) override { return true; }
  bool binary(binary_t&) override { return true; }
  bool start_object(std::size_t) override { return true; }
  bool key(string_t&) override { return true; }
  bool end_object() override { return true; }
  bool start_array(std::size_t) override { return true; }
  bool end_array() override { return true; }
  bool parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception&) override {
    byte = position;
    return false;
  }
};

size_t syntax_error_byte(std::string_view text) {
  ErrorPositionFinder finder;
  json::sax_parse(text, &finder, json::input_format_t::json, true);
  return finder.byte;
}

// Reads fields of one object, remembering the first type error as a one-line message.
class FieldReader {
 public:
  FieldReader(const json& object, std::string where, std::string& error)
      : object_(object), where_(std::move(where)), error_(error) {}

  // Absent or null leaves `out` unchanged.
  void text(const char* key, std::string& out) {
    const json* value = find(key);
    if (!value) return;
    if (value->is_string()) out = value->get<std::string>();
    else fail(key, "a string");
  }

  // A login as a string or as gh's {"login": "..."} object.
  void person(const char* key, std::string& out) {
    const json* value = find(key);
    if (!value) return;
    if (value->is_string()) out = value->get<std::string>();
    else if (value->is_object() && value->contains("login") && (*value)["login"].is_string())
      out = (*value)["login"].get<std::string>();
    else fail(key, "a string or {\"login\": ...}");
  }

  void optional_text(const char* key, std::optional<std::string>& out) {
    const json* value = find(key);
    if (!value) return;
    if (value->is_string()) out = value->get<std::string>();
    else fail(key, "a string");
  }

  void integer(const char* key, int& out) {
    const json* value = find(key);
    if (!value) return;
    if (value->is_number_integer() && value->get<long long>() >= 0 &&
        value->get<long long>() <= std::numeric_limits<int>::max()) {
      out = static_cast<int>(value->get<long long>());
    } else {
      fail(key, "a non-negative integer");
    }
  }

  // ["a", "b"] or [{"name": "a"}, ...] (gh's labels).
  void names(const char* key, std::vector<std::string>& out) {
    const json* value = find(key);
    if (!value) return;
    if (!value->is_array()) return fail(key, "an array");
    for (const json& item : *value) {
      if (item.is_string()) out.push_back(item.get<std::string>());
      else if (item.is_object() && item.contains("name") && item["name"].is_string())
        out.push_back(item["name"].get<std::string>());
      else return fail(key, "an array of strings or {\"name\": ...} objects");
    }
  }

  // Calls read(item, index) for each object of an array.
  template <typename ReadItem>
  void objects(const char* key, ReadItem read) {
    const json* value = find(key);
    if (!value) return;
    if (!value->is_array()) return fail(key, "an array");
    for (size_t i = 0; i < value->size() && error_.empty(); ++i) {
      const json& item = (*value)[i];
      if (!item.is_object()) return fail(key, "an array of objects");
      read(item, where_ + key + "[" + std::to_string(i) + "].");
    }
  }

 private:
  const json* find(const char* key) const {
    if (!error_.empty()) return nullptr;
    auto it = object_.find(key);
    return it == object_.end() || it->is_null() ? nullptr : &*it;
  }
  void fail(const char* key, const char* expected) {
    if (error_.empty()) error_ = "meta JSON: \"" + where_ + key + "\" must be " + expected;
  }

  const json& object_;
  std::string where_;
  std::string& error_;
};

}  // namespace

MetaParseResult parse_pr_meta(std::string_view json_text) {
  MetaParseResult result;
  if (json_text.find_first_not_of(" \t\r\n") == std::string_view::npos) return result;
  // nlohmann stops at a NUL byte as if the input ended there; JSON text never holds one.
  if (size_t nul = json_text.find('\0'); nul != std::string_view::npos) {
    result.error = "meta JSON: NUL byte at byte " + std::to_string(nul + 1);
    return result;
  }
  const json root = json::parse(json_text, nullptr, false);
  if (root.is_discarded()) {
    result.error = "meta JSON: syntax error at byte " + std::to_string(syntax_error_byte(json_text));
    return result;
  }
  if (!root.is_object()) {
    result.error = "meta JSON: the top level must be an object";
    return result;
  }
  PrMeta& meta = result.meta;
  std::string& error = result.error;
  FieldReader top(root, "", error);
  top.text("repo", meta.repo);
  top.integer("number", meta.number);
  top.text("title", meta.title);
  top.optional_text("body", meta.body);
  top.names("labels", meta.labels);
  top.person("author", meta.author);
  top.text("base_sha", meta.base_sha);
  top.text("head_sha", meta.head_sha);
  // gh's baseRefOid/headRefOid name the same commits.
  if (meta.base_sha.empty()) top.text("baseRefOid", meta.base_sha);
  if (meta.head_sha.empty()) top.text("headRefOid", meta.head_sha);
  top.objects("comments", [&](const json& item, const std::string& where) {
    PrComment comment;
    FieldReader field(item, where, error);
    field.person("author", comment.author);
    field.text("body", comment.body);
    field.text("path", comment.path);
    field.integer("line", comment.line);
    meta.comments.push_back(std::move(comment));
  });
  top.objects("dismissed", [&](const json& item, const std::string& where) {
    Dismissal dismissal;
    FieldReader field(item, where, error);
    field.text("rule", dismissal.rule);
    field.text("path", dismissal.path);
    field.integer("line", dismissal.line);
    field.text("reason", dismissal.reason);
    meta.dismissed.push_back(std::move(dismissal));
  });
  if (!error.empty()) result.meta = PrMeta();
  return result;
}

}  // namespace atom
