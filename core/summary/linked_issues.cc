#include <set>

#include <re2/re2.h>

#include "core/summary/plain_text.h"
#include "core/summary/pr_context.h"
#include "core/summary/summary_parts.h"

namespace atom {
namespace {

// "owner/repo#N" for a reference to another repository, "#N" for one to `repo`.
std::string normalized_reference(const std::string& reference, const std::string& repo) {
  static const RE2 issue_url(R"((?i)^https?://github\.com/([\w.-]+/[\w.-]+)/issues/(\d+)$)");
  static const RE2 cross_repo(R"(^([\w.-]+/[\w.-]+)#(\d+)$)");
  std::string owner_repo, number;
  if (!RE2::FullMatch(reference, issue_url, &owner_repo, &number) &&
      !RE2::FullMatch(reference, cross_repo, &owner_repo, &number))
    return reference;  // already "#N"
  if (!repo.empty() && ascii_lower(owner_repo) == ascii_lower(repo)) return "#" + number;
  return owner_repo + "#" + number;
}

}  // namespace

std::vector<std::string> linked_issues(const std::string& body, const std::string& repo) {
  const std::string text = without_html_comments(body);
  std::vector<std::string> issues;
  std::set<std::string> seen;
  re2::StringPiece input(text);
  std::string phrase, reference;
  while (RE2::FindAndConsume(&input, linked_issue_pattern(), &phrase, &reference)) {
    std::string issue = normalized_reference(reference, repo);
    if (seen.insert(issue).second) issues.push_back(std::move(issue));
  }
  return issues;
}

}  // namespace atom
