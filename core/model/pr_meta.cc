#include "core/model/pr_meta.h"

#include <limits>
#include <nlohmann/json.hpp>

#include "core/model/json_depth.h"

namespace atom {
namespace {

using nlohmann::json;

// A meta nested deeper than this (arrays and objects, a meta.pack included) is refused.
constexpr size_t kMaxMetaJsonDepth = 64;

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

  // A login as a string or as gh's {"login": "...", "is_bot": ...} object.
  void person(const char* key, std::string& out, bool* is_bot = nullptr) {
    const json* value = find(key);
    if (!value) return;
    if (value->is_string()) {
      out = value->get<std::string>();
    } else if (value->is_object() && value->contains("login") && (*value)["login"].is_string()) {
      out = (*value)["login"].get<std::string>();
      const auto bot = value->find("is_bot");
      if (is_bot != nullptr && bot != value->end() && bot->is_boolean() && bot->get<bool>()) *is_bot = true;
    } else {
      fail(key, "a string or {\"login\": ...}");
    }
  }

  void boolean(const char* key, bool& out) {
    const json* value = find(key);
    if (!value) return;
    if (value->is_boolean()) out = value->get<bool>();
    else fail(key, "true or false");
  }

  // A string that must be one of `allowed`.
  void choice(const char* key, std::initializer_list<const char*> allowed, const char* expected, std::string& out) {
    std::string given;
    text(key, given);
    if (given.empty()) return;
    for (const char* option : allowed)
      if (given == option) {
        out = given;
        return;
      }
    fail(key, expected);
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

std::string lower_case(std::string text) {
  for (char& c : text)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return text;
}

// One spelling per check state: GitHub's check-run conclusions and statuses, commit-status
// states, and gh's buckets all land on the names PrCheck::state documents.
std::string canonical_check_state(const std::string& given) {
  static const std::pair<const char*, const char*> kSynonyms[] = {
      {"pass", "success"},      {"fail", "failure"},        {"skipping", "skipped"},
      {"cancel", "cancelled"},  {"canceled", "cancelled"},  {"in_progress", "pending"},
      {"queued", "pending"},    {"waiting", "pending"},     {"requested", "pending"},
      {"expected", "pending"},
  };
  const std::string state = lower_case(given);
  for (const auto& [synonym, canonical] : kSynonyms)
    if (state == synonym) return canonical;
  return state;
}

// The first of `keys` that is present (gh and GitHub's API name the same fact differently).
void first_text(FieldReader& field, std::initializer_list<const char*> keys, std::string& out) {
  for (const char* key : keys)
    if (out.empty()) field.text(key, out);
}

PrComment read_comment(const json& item, const std::string& where, std::string& error, const char* default_kind) {
  PrComment comment;
  FieldReader field(item, where, error);
  field.person("author", comment.author, &comment.bot);
  field.text("body", comment.body);
  field.text("path", comment.path);
  field.integer("line", comment.line);
  field.boolean("bot", comment.bot);
  field.choice("kind", {"comment", "review", "inline"}, "\"comment\", \"review\" or \"inline\"", comment.kind);
  if (comment.kind.empty()) comment.kind = default_kind != nullptr ? default_kind : comment.path.empty() ? "comment" : "inline";
  return comment;
}

// Leaves `name` empty for an item without one; the caller drops it.
PrCheck read_check(const json& item, const std::string& where, std::string& error) {
  PrCheck check;
  FieldReader field(item, where, error);
  first_text(field, {"name", "context"}, check.name);
  std::string state;
  first_text(field, {"state", "conclusion", "bucket"}, state);
  check.state = canonical_check_state(state);
  first_text(field, {"url", "link", "detailsUrl", "targetUrl"}, check.url);
  field.boolean("logs_expired", check.logs_expired);
  field.optional_text("base_state", check.base_state);
  if (check.base_state) check.base_state = canonical_check_state(*check.base_state);
  first_text(field, {"workflow", "workflowName"}, check.workflow);
  return check;
}

}  // namespace

MetaParseResult parse_pr_meta(std::string_view json_text) {
  MetaParseResult result;
  if (json_text.find_first_not_of(" \t\r\n") == std::string_view::npos) return result;
  // nlohmann stops at a NUL byte as if the input ended there; JSON text never holds one.
  if (size_t nul = json_text.find('\0'); nul != std::string_view::npos) {
    result.error = "meta JSON: NUL byte at byte " + std::to_string(nul + 1);
    return result;
  }
  // nlohmann copies and dumps values recursively and the meta is echoed in the result: a deeply
  // nested one would overflow the stack (native or WebAssembly).
  if (json_nesting_depth(json_text) > kMaxMetaJsonDepth) {
    result.error = "meta JSON: arrays and objects nested deeper than " + std::to_string(kMaxMetaJsonDepth) + " levels";
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
  top.text("base_ref", meta.base_ref);
  if (meta.base_ref.empty()) top.text("baseRefName", meta.base_ref);
  top.objects("comments", [&](const json& item, const std::string& where) {
    meta.comments.push_back(read_comment(item, where, error, nullptr));
  });
  // gh pr view --json reviews: review summaries, listed after the comments.
  top.objects("reviews", [&](const json& item, const std::string& where) {
    meta.comments.push_back(read_comment(item, where, error, "review"));
  });
  top.objects("checks", [&](const json& item, const std::string& where) {
    PrCheck check = read_check(item, where, error);
    if (!check.name.empty()) meta.checks.push_back(std::move(check));
  });
  top.boolean("all_rules", meta.all_rules);
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
