#include "core/rules/p/pr_text.h"

#include <sstream>

namespace atom::p {
namespace {

std::string without_html_comments(const std::string& text) {
  std::string out;
  size_t at = 0;
  while (at < text.size()) {
    const size_t open = text.find("<!--", at);
    if (open == std::string::npos) {
      out.append(text, at, std::string::npos);
      break;
    }
    out.append(text, at, open - at);
    const size_t close = text.find("-->", open + 4);
    if (close == std::string::npos) break;
    at = close + 3;
  }
  return out;
}

}  // namespace

std::optional<PrText> read_pr_text(const ReviewModel& model) {
  static const RE2 revert(R"((?i)^\s*revert\b)");
  static const RE2 trailer(R"((?i)^\s*(co-authored-by|signed-off-by|reviewed-by)\s*:)");
  if (model.meta == nullptr || !model.meta->body.has_value()) return std::nullopt;
  if (RE2::PartialMatch(model.meta->title, revert)) return std::nullopt;
  PrText text;
  text.title = model.meta->title;
  std::istringstream body(without_html_comments(*model.meta->body));
  for (std::string line; std::getline(body, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (RE2::PartialMatch(line, trailer)) continue;
    text.body_lines.push_back(line);
  }
  return text;
}

bool is_accuracy_line(const std::string& line) {
  static const RE2 accuracy(R"((?i)(gsm8k|mmlu|accuracy|\bacc\b|exact_match|lm_eval))");
  return RE2::PartialMatch(line, accuracy);
}

std::string perf_claim(const PrText& text) {
  // Title stems as in rules.md; "perform"/"performed" are ordinary verbs, not claims.
  static const RE2 title_claim(
      R"((?i)(\bperf\b|\bperformance\b|\boptimi[sz]\w*|\bfuse\b|\bfusion\b|\bfaster\b|\bspeed-?ups?\b|\bspeeds? up\b|\blatency\b|\bthroughput\b|\+\d+(?:\.\d+)?\s*%))");
  // "fused" names an op as often as it claims a gain: it counts only outside fixes.
  static const RE2 fused(R"((?i)(\bfused\b))");
  static const RE2 fix(R"((?i)(\bfix\w*|\bbug\w*|\bhotfix))");
  // CI, docs and test PRs talk about benchmarks and throughput without claiming a gain.
  static const RE2 not_code(
      R"((?i)^\s*(?:\[[^\]]*\]\s*)*(?:(?:ci|docs?|tests?|chore|build|style)\s*(?:\(|:)|\[(?:ci|docs?|tests?)\]))");
  // Squash-merge bodies list every commit and name fused ops freely: in the body only an explicit
  // statement of a gain counts.
  static const RE2 body_claim(
      R"((?i)(\bspeed-?ups?\b|\bspeeds? up\b|\bfaster\b|\bimprov\w* (?:the )?(?:\w+ )?(?:perf\w*|throughput|latency)\b|\breduc\w* (?:the )?(?:\w+ )?latency\b|\bincreas\w* (?:the )?throughput\b|\+\d+(?:\.\d+)?\s*%))");
  std::string found;
  if (RE2::PartialMatch(text.title, not_code)) return {};
  if (RE2::PartialMatch(text.title, title_claim, &found)) return found;
  if (RE2::PartialMatch(text.title, fix)) return {};
  // An explicit gain stated in the body is the claim to quote; a fused op's name only if none.
  for (const std::string& line : text.body_lines)
    if (!is_accuracy_line(line) && RE2::PartialMatch(line, body_claim, &found)) return found;
  if (RE2::PartialMatch(text.title, fused, &found)) return found;
  return {};
}

namespace {

// The units a measurement is written in; "x"/"×" (a ratio) and "%" only right after the number.
constexpr const char* kUnits = R"(ms|us|µs|s|sec|secs|seconds|tokens?/s|tok/s|tps|req/s|tflops|gb/s|tb/s)";

// A table's header row names its columns' units: "| TTFT (ms) | TPOT (ms) |".
std::string unit_of_header(const std::string& line) {
  static const RE2 header_unit(std::string(R"((?i)^\s*\|.*[(\[]()") + kUnits + R"()[)\]])");
  std::string unit;
  return RE2::PartialMatch(line, header_unit, &unit) ? unit : std::string();
}

}  // namespace

std::vector<std::string> measured_numbers(const PrText& text) {
  // "12.5 us", "1.3x", "+4%", "1444 tok/s/GPU", "5.3 ms/layer"; not a path's "runs/10s/log".
  static const RE2 with_unit(std::string(R"((?i)(?:^|[^\w./])(\d+(?:\.\d+)?\s*(?:)") + kUnits +
                             R"(|%|x|×))(?:/[a-z]|[^\w/]|$))");
  // A benchmark's report line: "Mean TTFT (ms): 4426.86", "Output token throughput (tok/s): 13802.07".
  static const RE2 labelled(std::string(R"((?i)[(\[](?:)") + kUnits + R"()[)\]]\s*[:=]\s*(\d+(?:\.\d+)?))");
  static const RE2 table_row_number(R"(^\s*\|.*?[|\s](\d+(?:\.\d+)?)\s*\|)");
  std::vector<std::string> out;
  std::vector<std::string> lines = text.body_lines;
  lines.push_back(text.title);
  std::string column_unit;  // the unit the current table's header names, "" outside such a table
  for (const std::string& line : lines) {
    if (line.find('|') == std::string::npos) column_unit.clear();
    if (is_accuracy_line(line)) continue;
    if (const std::string unit = unit_of_header(line); !unit.empty()) {
      column_unit = unit;
      continue;
    }
    re2::StringPiece rest(line);
    std::string number;
    while (RE2::FindAndConsume(&rest, with_unit, &number)) out.push_back(number);
    rest = line;
    while (RE2::FindAndConsume(&rest, labelled, &number)) out.push_back(number);
    if (!column_unit.empty() && RE2::PartialMatch(line, table_row_number, &number))
      out.push_back(number + " (" + column_unit + ")");
  }
  return out;
}

std::vector<std::string> body_matches(const PrText& text, const RE2& pattern) {
  std::vector<std::string> out;
  for (const std::string& line : text.body_lines) {
    re2::StringPiece rest(line);
    std::string value;
    while (RE2::FindAndConsume(&rest, pattern, &value)) out.push_back(value);
  }
  return out;
}

}  // namespace atom::p
