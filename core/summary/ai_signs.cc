// Step 6 of the checklist, the cheap half: signs in the PR text and the diff that code was
// written by an AI and not fully understood. Each is weak alone; three or more (or a structural
// finding) raise "elevated AI-code risk".
#include <sstream>

#include "core/summary/diff_scan.h"
#include "core/summary/summary_parts.h"

namespace atom {
namespace {

using Sign = std::optional<std::string>;  // what shows the sign, or none

bool blank(const std::string& text) { return text.find_first_not_of(" \t\r\n") == std::string::npos; }

Sign what_not_why(const ReviewModel& model, const std::vector<PrType>& types) {
  if (!model.has_body || blank(body_text(model)) || has_pr_type(types, "bug_fix")) return std::nullopt;
  if (RE2::PartialMatch(body_text(model), why_pattern())) return std::nullopt;
  return std::string("the description gives no cause, mechanism or motivation");
}

Sign fix_without_root_cause(const ReviewModel& model, const std::vector<PrType>& types) {
  if (!model.has_body || !has_pr_type(types, "bug_fix")) return std::nullopt;
  if (RE2::PartialMatch(body_text(model), root_cause_pattern())) return std::nullopt;
  return std::string("a fix whose description does not say what caused the bug");
}

// Speed-up factors that are all whole or half numbers ("2.0x", "1.5x", "3x").
Sign round_perf_numbers(const ReviewModel& model, const std::vector<PrType>& types) {
  static const RE2 factor(R"((\d+(?:\.\d+)?)\s*[x×](?:\W|$))");
  if (!model.has_body || !has_pr_type(types, "performance")) return std::nullopt;
  const std::vector<std::string> factors = all_matches(body_text(model), factor);
  if (factors.empty()) return std::nullopt;
  static const RE2 round(R"(\d+(?:\.[05]0*)?)");
  for (const auto& value : factors)
    if (!RE2::FullMatch(value, round)) return std::nullopt;
  std::string list;
  for (const auto& value : factors) list += (list.empty() ? "" : ", ") + value + "x";
  return "every speed-up factor is round: " + list;
}

Sign perf_screenshots_only(const ReviewModel& model, const std::vector<PrType>& types) {
  static const RE2 image(R"((?i)!\[[^\]]*\]\(|<img\b|user-attachments/assets)");
  static const RE2 measured(
      R"((?i)\d+(?:\.\d+)?\s*(?:ms|us|µs|s|sec|tokens?/s|tok/s|tflops|gb/s|%|x)(?:\W|$))");
  if (!model.has_body || !has_pr_type(types, "performance")) return std::nullopt;
  std::istringstream lines(body_text(model));
  std::string line;
  bool has_image = false;
  while (std::getline(lines, line)) {
    if (RE2::PartialMatch(line, image)) {
      has_image = true;
      continue;
    }
    if (RE2::PartialMatch(line, measured)) return std::nullopt;
  }
  if (!has_image) return std::nullopt;
  return std::string("performance is shown only in images");
}

// Test sizes in the changed test files, all at most 256 tokens (or M = 1).
Sign toy_test_shapes(const ReviewModel& model) {
  static const RE2 size(
      R"((?i)\b(?:m|num_tokens|token_num|n_tokens|batch_size|bs|seq_len|seqlen)\s*[=:]\s*(\d+))");
  static const RE2 parametrized(
      R"((?i)parametrize\(\s*["'](?:m|num_tokens|token_num|n_tokens|batch_size|seq_len)["']\s*,\s*[\[(]([\d\s,]+)[\])])");
  static const RE2 number(R"((\d+))");
  long largest = -1;
  std::string first;
  for (const FileView& file : model.files) {
    if (!file.is_test) continue;
    for (const HunkView& hunk : file.hunks)
      for (const CodeLine& line : hunk.lines) {
        if (!is_new_code(line) || line.diff == nullptr) continue;
        std::vector<std::string> values = all_matches(line.diff->text, size);
        std::string listed;
        if (RE2::PartialMatch(line.diff->text, parametrized, &listed))
          for (const auto& v : all_matches(listed, number)) values.push_back(v);
        for (const auto& value : values) {
          if (value.size() > 9) return std::nullopt;  // far beyond toy sizes
          largest = std::max(largest, std::stol(value));
          if (first.empty()) first = where({&file, &line}).text;
        }
      }
  }
  if (largest < 0 || largest > 256) return std::nullopt;
  return "largest test size " + std::to_string(largest) + " (" + first + ")";
}

Sign from_finding(const std::vector<Finding>& findings, const char* rule) {
  for (const Finding& finding : findings) {
    if (finding.rule != rule) continue;
    if (finding.path.empty()) return std::string("a finding on the pull request");
    std::string where = "a finding at " + finding.path;
    if (finding.line > 0) where.append(":").append(std::to_string(finding.line));
    return where;
  }
  return std::nullopt;
}

// "## Test Plan" / "## Test Result" headings with nothing but blank lines or HTML comments
// under them: the PR template, unfilled.
Sign template_text_left(const ReviewModel& model) {
  static const RE2 heading(R"((?i)^\s*#+\s*(test plan|test results?)\s*:?\s*$)");
  static const RE2 any_heading(R"(^\s*#+\s)");
  static const RE2 comment_only(R"(^\s*(?:<!--.*-->)?\s*$)");
  if (!model.has_body) return std::nullopt;
  std::vector<std::string> lines;
  std::istringstream stream(body_text(model));
  for (std::string line; std::getline(stream, line);) lines.push_back(line);
  bool in_comment = false;
  for (size_t i = 0; i < lines.size(); ++i) {
    std::string name;
    if (!RE2::FullMatch(lines[i], heading, &name)) continue;
    bool filled = false;
    for (size_t j = i + 1; j < lines.size() && !RE2::PartialMatch(lines[j], any_heading); ++j) {
      const std::string& text = lines[j];
      if (in_comment) {
        in_comment = text.find("-->") == std::string::npos;
        continue;
      }
      if (RE2::FullMatch(text, comment_only)) continue;
      if (text.find("<!--") != std::string::npos && text.find("-->") == std::string::npos) {
        in_comment = true;
        continue;
      }
      filled = true;
      break;
    }
    if (!filled) return "\"" + name + "\" left as template text";
  }
  return std::nullopt;
}

Sign module_level_sys_path(const ReviewModel& model) {
  static const RE2 sys_path(R"(^sys\.path\.(?:insert|append)\s*\()");
  for (const FileView& file : model.files) {
    if (file.language != Language::Python) continue;
    for (const HunkView& hunk : file.hunks)
      for (const CodeLine& line : hunk.lines)
        if (is_new_code(line) && line.indent == 0 && RE2::PartialMatch(line.code, sys_path))
          return where({&file, &line}).text;
  }
  return std::nullopt;
}

Sign ai_attribution(const ReviewModel& model) {
  static const RE2 footer(
      R"((?i)(generated with \[?(?:claude|copilot|cursor|codex|gemini|chatgpt)[^\n]*|co-authored-by:[^\n]*(?:claude|copilot|cursor|codex|gemini|chatgpt|openai|anthropic)[^\n]*|generated (?:by|with) (?:an? )?(?:ai|llm|chatgpt|copilot|cursor|codex|gemini)\b[^\n]*))");
  if (auto evidence = body_evidence(model, footer)) return evidence->text;
  if (auto hit = first_matching_line(model, footer, LineQuery{.added = true, .raw = true})) return where(*hit).text;
  return std::nullopt;
}

}  // namespace

const std::vector<std::string>& ai_signal_ids() {
  static const std::vector<std::string> ids = {
      "what_not_why",      "round_perf_numbers",  "perf_screenshots_only", "toy_test_shapes",
      "silent_gated_param", "default_without_env", "unrelated_files",      "fix_without_root_cause",
      "template_text_left", "module_level_sys_path", "ai_attribution"};
  return ids;
}

std::vector<AiSignal> detect_ai_signals(const ReviewModel& model, const std::vector<PrType>& types,
                                        const std::vector<Finding>& findings) {
  const Sign found[] = {
      what_not_why(model, types),          round_perf_numbers(model, types),
      perf_screenshots_only(model, types), toy_test_shapes(model),
      from_finding(findings, "B1"),        from_finding(findings, "D2"),
      from_finding(findings, "HK2"),       fix_without_root_cause(model, types),
      template_text_left(model),           module_level_sys_path(model),
      ai_attribution(model)};
  std::vector<AiSignal> signals;
  for (size_t i = 0; i < ai_signal_ids().size(); ++i)
    if (found[i]) signals.push_back({ai_signal_ids()[i], *found[i]});
  return signals;
}

}  // namespace atom
