#include <set>
#include <sstream>
#include <string_view>
#include <vector>

#include "core/model/valid_utf8.h"
#include "core/summary/plain_text.h"
#include "core/summary/pr_context.h"

namespace atom {
namespace {

constexpr size_t kMaxCommentItems = 20;
constexpr size_t kMaxExcerptCharacters = 160;

// Accounts that comment on pull requests but are not reviewers (compared case-insensitively;
// any login ending in "[bot]" is a bot too).
constexpr std::string_view kKnownBots[] = {
    "copilot",           "copilot-pull-request-reviewer", "copilot-swe-agent", "github-actions",
    "dependabot",        "codecov",                        "codecov-commenter", "coderabbitai",
    "renovate",          "mergify",                        "sonarcloud",        "sonarqubecloud",
    "pre-commit-ci",     "gemini-code-assist",             "sourcery-ai",       "netlify",
    "vercel",            "allcontributors",
};

std::string trimmed(std::string_view text) {
  const size_t start = text.find_first_not_of(" \t\r");
  if (start == std::string_view::npos) return "";
  const size_t end = text.find_last_not_of(" \t\r");
  return std::string(text.substr(start, end - start + 1));
}

bool starts_with(const std::string& text, std::string_view prefix) { return text.rfind(prefix, 0) == 0; }

// At most `limit` characters (code points), the last one "…" when the text was cut.
std::string shortened(const std::string& text, size_t limit) {
  std::vector<size_t> starts;  // byte offset of each code point
  for (size_t i = 0; i < text.size(); ++i)
    if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) starts.push_back(i);
  if (starts.size() <= limit) return text;
  return trimmed(std::string_view(text).substr(0, starts[limit - 1])) + "…";
}

bool is_blank(const std::string& text) { return text.find_first_not_of(" \t\r\n") == std::string::npos; }

}  // namespace

bool is_bot_account(const std::string& login) {
  const std::string name = ascii_lower(login);
  if (name.size() >= 5 && name.compare(name.size() - 5, 5, "[bot]") == 0) return true;
  for (std::string_view bot : kKnownBots)
    if (name == bot) return true;
  return false;
}

std::string comment_excerpt(const std::string& body) {
  const std::string text = without_html_comments(to_valid_utf8(body));
  std::istringstream lines(text);
  std::string fence;  // the open fence's marker, "" outside a fence
  bool suggestion = false;
  for (std::string raw; std::getline(lines, raw);) {
    const std::string line = trimmed(raw);
    if (!fence.empty()) {
      if (starts_with(line, fence)) fence.clear();
      continue;
    }
    if (starts_with(line, "```") || starts_with(line, "~~~")) {
      fence = line.substr(0, 3);
      suggestion = suggestion || ascii_lower(line).find("suggestion") != std::string::npos;
      continue;
    }
    if (line.empty() || line[0] == '>') continue;
    return shortened(line, kMaxExcerptCharacters);
  }
  return suggestion ? "(suggested change)" : "";
}

PrContext build_pr_context(const PrMeta& meta) {
  PrContext context;
  if (meta.body) context.linked_issues = linked_issues(*meta.body, meta.repo);
  const std::string pr_author = ascii_lower(meta.author);
  std::set<std::string> authors;
  for (const PrComment& comment : meta.comments) {
    if (comment.bot || is_bot_account(comment.author) || is_blank(comment.body)) continue;
    if (!pr_author.empty() && ascii_lower(comment.author) == pr_author) continue;
    ++context.comments_total;
    if (comment.kind == "inline") ++context.comments_inline;
    if (!comment.author.empty()) authors.insert(to_valid_utf8(comment.author));
    if (context.comments.size() < kMaxCommentItems)
      context.comments.push_back({to_valid_utf8(comment.author), comment.kind, to_valid_utf8(comment.path),
                                  comment.line, comment_excerpt(comment.body)});
  }
  context.comment_authors.assign(authors.begin(), authors.end());
  return context;
}

}  // namespace atom
