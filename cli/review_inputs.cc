#include "cli/review_inputs.h"

#include "cli/cli_common.h"
#include "core/engine/pack_input.h"

namespace atom::cli {

bool load_meta(const std::string& path, MetaInput& out, std::string& error) {
  std::string text;
  if (!read_input(path, text, error)) return false;
  MetaParseResult parsed = parse_pr_meta(text);
  if (!parsed.error.empty()) {
    error = path + ": " + parsed.error;
    return false;
  }
  out.meta = std::move(parsed.meta);
  // parse_pr_meta accepted it, so this parse succeeds too (or the text was blank).
  nlohmann::json given = nlohmann::json::parse(text, nullptr, false);
  out.given = given.is_object() ? std::move(given) : nlohmann::json::object();
  return true;
}

bool load_pack_file(const std::string& path, Pack& out, std::string& error) {
  std::string text;
  if (!read_input(path, text, error)) return false;
  PackLoad load = load_user_pack(text);
  if (!load.pack) {
    // One line, as for every unusable input; `pack check` lists every error.
    error = path + ": " + pack_error_line(load.errors.front());
    if (load.errors.size() > 1)
      error += " (and " + std::to_string(load.errors.size() - 1) + " more: atom-review pack check " + path + ")";
    return false;
  }
  out = std::move(*load.pack);
  return true;
}

bool use_rule_status_file(const std::string& path, std::string& error) {
  std::string text;
  if (!read_input(path, text, error)) return false;
  std::string status_error;
  RuleStatusTable table = RuleStatusTable::parse(text, &status_error);
  if (!status_error.empty()) {
    error = path + ": " + status_error;
    return false;
  }
  RuleStatusTable::use_for_process(std::move(table));
  return true;
}

std::optional<std::string> unusable_diff_reason(const std::string& diff_name, const std::string& diff_bytes,
                                                const ReviewResult& result) {
  const std::string name = diff_name == "-" ? "<stdin>" : diff_name;
  if (!result.files.empty()) return std::nullopt;
  if (diff_bytes.find_first_not_of(" \t\r\n") == std::string::npos) return name + ":1: empty input, not a diff";
  for (const ParseError& error : result.errors)
    if (error.code == "not-a-diff")
      return name + ":" + std::to_string(error.line > 0 ? error.line : 1) + ": " + error.message;
  return std::nullopt;
}

bool has_finding_at_or_above(const ReviewResult& result, const std::string& threshold) {
  const Severity floor = threshold == "red" ? Severity::Red : Severity::Warn;
  for (const Finding& finding : result.findings)
    if (static_cast<int>(finding.severity) >= static_cast<int>(floor)) return true;
  return false;
}

}  // namespace atom::cli
