#include "core/report/card_parts.h"

#include <map>
#include <vector>

#include <re2/re2.h>

#include "core/report/author_text.h"
#include "core/report/text_util.h"
#include "core/rules/registry.h"

namespace atom {
namespace {

std::string repository_name(const std::string& repo) {
  const size_t slash = repo.rfind('/');
  return slash == std::string::npos ? repo : repo.substr(slash + 1);
}

std::string single_line(std::string text) {
  for (char& c : text)
    if (c == '\n' || c == '\r' || c == '\t') c = ' ';
  return text;
}

// "Fix MLA decode (#1498)." → "Fix MLA decode": the merge suffix and final period add nothing.
std::string clean_title(const std::string& title) {
  std::string text = single_line(title);
  static const RE2 merge_suffix(R"(\s*\(#\d+\)\s*$)");
  RE2::Replace(&text, merge_suffix, "");
  while (!text.empty() && (text.back() == '.' || text.back() == ' ')) text.pop_back();
  size_t start = 0;
  while (start < text.size() && text[start] == ' ') ++start;
  return text.substr(start);
}

std::string base_name(const std::string& path) {
  const size_t slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

std::string join_names(const std::vector<std::string>& names, size_t shown, const std::string& noun) {
  std::string text;
  const size_t count = std::min(shown, names.size());
  for (size_t i = 0; i < count; ++i) {
    if (i > 0) text += (i + 1 == count && names.size() <= shown) ? " and " : ", ";
    text += author_markdown(names[i], AuthorTextAs::Code);
  }
  if (names.size() > shown) text += " and " + std::to_string(names.size() - shown) + " more " + noun;
  return text;
}

// Linked issue references are the author's text: named, never linked (posting would cross-reference).
std::vector<std::string> prose_list(const std::vector<std::string>& items) {
  std::vector<std::string> escaped;
  for (const auto& item : items) escaped.push_back(author_markdown(item, AuthorTextAs::Prose));
  return escaped;
}

std::string plural(size_t count, const std::string& noun) {
  return std::to_string(count) + " " + noun + (count == 1 ? "" : "s");
}

std::string tier_clause(const ReviewResult& result) {
  std::vector<std::string> tier1, tier2, bridges;
  for (const auto& file : result.files) {
    if (file.tier.tier == 1) tier1.push_back(base_name(file.path));
    else if (file.tier.tier == 2) tier2.push_back(base_name(file.path));
    else if (file.tier.high_visibility) bridges.push_back(base_name(file.path));
  }
  std::vector<std::string> parts;
  if (!tier1.empty()) parts.push_back("Tier 1 " + join_names(tier1, 3, "files"));
  if (!tier2.empty()) parts.push_back("Tier 2 " + join_names(tier2, 3, "files"));
  if (!bridges.empty()) parts.push_back("plugin bridge " + join_names(bridges, 2, "files"));
  // Without a pack there is no tier table, so "not a backbone file" would be a guess.
  if (parts.empty() && (result.files.empty() || result.pack_name.empty())) return "";
  if (parts.empty()) return result.files.size() == 1 ? "not a backbone file" : "none of them a backbone file";
  std::string text = "including ";
  for (size_t i = 0; i < parts.size(); ++i) text += (i == 0 ? "" : i + 1 == parts.size() ? " and " : ", ") + parts[i];
  return text;
}

std::string joined(const std::vector<std::string>& items, size_t shown, const std::string& more_noun) {
  std::string text;
  const size_t count = std::min(shown, items.size());
  for (size_t i = 0; i < count; ++i) text += (i == 0 ? "" : ", ") + items[i];
  if (items.size() > shown) text += " and " + std::to_string(items.size() - shown) + " " + more_noun;
  return text;
}

std::string review_comments_line(const PrContext& context) {
  std::vector<std::string> details;
  if (context.comments_inline > 0)
    details.push_back(context.comments_inline == context.comments_total ? "inline"
                                                                        : std::to_string(context.comments_inline) + " inline");
  std::vector<std::string> authors;
  // Plain names, not @mentions: posting the draft must not notify anyone.
  for (const auto& author : context.comment_authors) authors.push_back(author_markdown(author, AuthorTextAs::Prose));
  if (!authors.empty()) details.push_back("by " + joined(authors, 4, "more"));
  std::string line = "💬 " + std::to_string(context.comments_total) + " prior human review comment" +
                     (context.comments_total == 1 ? "" : "s");
  if (!details.empty()) line += " (" + joined(details, details.size(), "") + ")";
  return line + ": check " + (context.comments_total == 1 ? "it is" : "they are") + " addressed.";
}

struct CiClassWords {
  const char* classification;
  const char* label;
  const char* action;  // "%base%" stands for the base branch
};

constexpr CiClassWords kCiClasses[] = {
    {"worth_a_look", "worth a look", "read the logs before blaming or clearing the PR"},
    {"stale", "stale", "logs expired; ask the author to rebase to re-run CI"},
    {"baseline", "baseline", "also failing on %base%'s latest commit; baseline or flaky, not this PR"},
    {"unrelated", "unrelated", "docs build and the PR changes no docs inputs; unrelated infra, re-run or ignore"},
};

std::vector<std::string> ci_lines(const ReviewResult& result) {
  const std::string base =
      result.meta.base_ref.empty() ? "the base branch" : author_markdown(result.meta.base_ref, AuthorTextAs::Code);
  std::vector<std::string> lines;
  for (const CiClassWords& words : kCiClasses) {
    std::vector<std::string> names;
    for (const CiFailure& failure : result.ci)
      if (failure.classification == words.classification) names.push_back(author_markdown(failure.name, AuthorTextAs::Code));
    if (names.empty()) continue;
    std::string action = words.action;
    if (const size_t at = action.find("%base%"); at != std::string::npos) action.replace(at, 6, base);
    lines.push_back("🧪 CI " + std::string(words.label) + ": " + joined(names, 4, "more") + " — " + action + ".");
  }
  return lines;
}

}  // namespace

std::string step1_context_lines(const ReviewResult& result) {
  std::vector<std::string> lines;
  const PrContext& context = result.context;
  if (!context.linked_issues.empty())
    lines.push_back(std::string("🔗 Linked issue") + (context.linked_issues.size() == 1 ? "" : "s") + ": " +
                    joined(prose_list(context.linked_issues), 5, "more") + ".");
  if (context.comments_total > 0) lines.push_back(review_comments_line(context));
  for (std::string& line : ci_lines(result)) lines.push_back(std::move(line));
  std::string text;
  for (const auto& line : lines) text += (text.empty() ? "" : "\n") + line;
  return text;
}

std::string card_heading(const PrMeta& meta, const std::string& pack_name) {
  // Both come from outside: a shared pack's name, and a repository name such as "GH-1" or "www.x.com".
  const std::string owner = author_markdown(pack_name.empty() ? repository_name(meta.repo) : pack_name, AuthorTextAs::Prose);
  std::string heading = "## " + (owner.empty() ? std::string() : owner + " ") + "PR";
  if (meta.number > 0) heading += " #" + std::to_string(meta.number);
  if (!clean_title(meta.title).empty()) heading += " — " + author_markdown(meta.title, AuthorTextAs::Prose);
  return heading;
}

std::string card_summary_sentence(const ReviewResult& result) {
  const std::string title = clean_title(result.meta.title);
  std::string sentence = title.empty() ? "This pull request" : author_markdown(title, AuthorTextAs::Prose) + ":";
  int additions = 0, deletions = 0;
  size_t binaries = 0;  // their lines are not counted: say so, or "+0 −0" reads as an empty change
  for (const auto& file : result.files) {
    additions += file.additions;
    deletions += file.deletions;
    binaries += file.binary ? 1 : 0;
  }
  if (result.files.empty()) return sentence + " changes no file that could be read.";
  sentence += " changes " + plural(result.files.size(), "file") + " (+" + std::to_string(additions) + " −" +
              std::to_string(deletions) + (binaries > 0 ? ", " + std::to_string(binaries) + " binary" : "") + ")";
  const std::string tiers = tier_clause(result);
  if (!tiers.empty()) sentence += ", " + tiers;
  if (!result.headline_functions.empty()) sentence += ", in " + join_names(result.headline_functions, 3, "functions");
  return sentence + ".";
}

namespace {

std::string byte_size(size_t bytes) {
  if (bytes >= (1u << 20) && bytes % (1u << 20) == 0) return std::to_string(bytes >> 20) + " MiB";
  return std::to_string(bytes) + " bytes";
}

}  // namespace

std::string skipped_input_lines(const ReviewResult& result) {
  std::vector<std::string> lines;
  std::vector<std::string> long_files;
  size_t line_limit = 0;
  for (const SkippedInput& part : result.skipped) {
    if (part.limit == "diff-bytes" && !part.path.empty())
      lines.push_back("✂️ Partial review: the diff is larger than " + byte_size(part.max) + "; its first " +
                      byte_size(part.max) + " end inside " + author_markdown(part.path, AuthorTextAs::Code) +
                      ", whose later lines were not read, nor anything after them.");
    else if (part.limit == "diff-bytes")
      lines.push_back("✂️ Partial review: the diff is larger than " + byte_size(part.max) +
                      "; the files after its first " + byte_size(part.max) + " were not read.");
    else if (part.limit == "files")
      lines.push_back("✂️ Partial review: the diff has " + plural(part.size, "file") + "; only the first " +
                      std::to_string(part.max) + " were read.");
    else if (part.limit == "file-lines") {
      long_files.push_back(author_markdown(part.path, AuthorTextAs::Code));
      line_limit = part.max;
    }
  }
  if (!long_files.empty())
    lines.push_back("✂️ Partial review: " + joined(long_files, 3, "more") + (long_files.size() == 1 ? " has" : " have") +
                    " more than " + std::to_string(line_limit) + " diff lines, so " +
                    (long_files.size() == 1 ? "its lines were" : "their lines were") + " not read.");
  std::string text;
  for (const auto& line : lines) text += (text.empty() ? "" : "\n") + line;
  return text;
}

std::string ai_sign_words(const std::string& id) {
  static const std::map<std::string, std::string> words = {
      {"ai_attribution", "an AI attribution footer"},
      {"default_without_env", "a new default with no environment variable to roll back"},
      {"fix_without_root_cause", "a fix whose description names no root cause"},
      {"module_level_sys_path", "sys.path changed at module level"},
      {"perf_screenshots_only", "performance shown only as screenshots"},
      {"round_perf_numbers", "suspiciously round performance numbers"},
      {"silent_gated_param", "a parameter silently gated off on one branch"},
      {"template_text_left", "template text left in the description"},
      {"toy_test_shapes", "tests only at toy sizes (at most 256 tokens, or M = 1)"},
      {"unrelated_files", "files unrelated to the pull request's purpose"},
      {"what_not_why", "a description that says what changed but not why"},
  };
  const auto it = words.find(id);
  if (it != words.end()) return it->second;
  std::string spelled = id;
  for (char& c : spelled)
    if (c == '_') c = ' ';
  return spelled;
}

std::string ai_risk_line(const ReviewResult& result) {
  std::vector<std::string> reasons;
  for (const auto& signal : result.ai_signals) reasons.push_back(ai_sign_words(signal.id));
  size_t structural = 0;
  for (const auto& finding : result.findings) {
    const Rule* rule = find_rule(finding.rule);
    if (rule != nullptr && rule->meta().category == "AI") ++structural;
  }
  if (structural > 0)
    reasons.push_back(plural(structural, "structural finding") + " of the kind AI-written code tends to produce");
  std::string line = "🤖 Elevated AI-code risk";
  for (size_t i = 0; i < reasons.size(); ++i) line += (i == 0 ? ": " : "; ") + reasons[i];
  return line + ".";
}

}  // namespace atom
