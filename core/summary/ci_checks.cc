#include <algorithm>
#include <optional>
#include <string_view>

#include <re2/re2.h>

#include "core/model/valid_utf8.h"
#include "core/summary/pr_context.h"
#include "core/tiers/path_glob.h"

namespace atom {
namespace {

// Cancelled runs are left out: they are usually superseded by a newer push or cancelled by a
// concurrency group, not failed. action_required means a maintainer must approve the run; it
// has not failed either.
constexpr std::string_view kFailingStates[] = {"failure", "error", "timed_out", "startup_failure"};

bool is_failing(std::string_view state) {
  return std::find(std::begin(kFailingStates), std::end(kFailingStates), state) != std::end(kFailingStates);
}

struct DocsInputRule {
  std::string_view glob;    // path_glob syntax (core/tiers/path_glob.h)
  bool feeds_docs;
};

// What a Sphinx / MkDocs / Read the Docs / Pages build reads, tried in order (first match
// decides). Hidden folders such as .claude/ and .github/ hold Markdown that no docs build
// renders (ATOM#1549); their docs workflows and the Read the Docs config are the exceptions.
constexpr DocsInputRule kDocsInputs[] = {
    {".readthedocs.yml", true},  {".readthedocs.yaml", true},   {".github/workflows/*doc*", true},
    {".github/workflows/*pages*", true}, {".*/**", false},      {"docs/**", true},
    {"doc/**", true},            {"documentation/**", true},    {"mkdocs.yml", true},
    {"mkdocs.yaml", true},       {"**/requirements*doc*", true}, {"**/*doc*requirements*", true},
    {"**/*.md", true},           {"**/*.rst", true},
};
constexpr std::string_view kDocsInputsInWords =
    "docs/, doc/, *.md and *.rst outside dot-folders, mkdocs and Read the Docs config, docs "
    "requirements and workflows";

bool feeds_docs(const std::string& path) {
  for (const DocsInputRule& rule : kDocsInputs)
    if (path_glob_matches(rule.glob, path)) return rule.feeds_docs;
  return false;
}

bool is_docs_job(const PrCheck& check) {
  static const RE2 docs_words(
      R"((?i)(?:^|[^a-z])(?:docs?|readthedocs|sphinx|mkdocs|documentation|pages)(?:[^a-z]|$))");
  return RE2::PartialMatch(check.name, docs_words) || RE2::PartialMatch(check.workflow, docs_words);
}

bool ends_with(const std::string& text, std::string_view suffix) {
  return text.size() >= suffix.size() && text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// What the diff tells about the docs, computed once for all checks.
struct DocsFacts {
  std::optional<std::string> first_input;  // the first changed path a docs build reads
  size_t python_files = 0;                 // what autodoc would read
};

DocsFacts docs_facts(const std::vector<std::string>& changed_paths) {
  DocsFacts facts;
  for (const std::string& path : changed_paths) {
    if (!facts.first_input && feeds_docs(path)) facts.first_input = path;
    if (ends_with(path, ".py")) ++facts.python_files;
  }
  return facts;
}

std::string docs_unrelated_reason(const DocsFacts& docs) {
  std::string reason = "docs build; the PR changes no docs inputs (" + std::string(kDocsInputsInWords) +
                       ") — unrelated infra, re-run or ignore";
  if (docs.python_files > 0)
    reason += " (unless the docs autodoc Python sources: the PR changes " + std::to_string(docs.python_files) +
              " .py file" + (docs.python_files == 1 ? "" : "s") + ")";
  return reason;
}

int class_rank(const std::string& classification) {
  constexpr std::string_view kOrder[] = {"worth_a_look", "stale", "baseline", "unrelated"};
  return static_cast<int>(std::find(std::begin(kOrder), std::end(kOrder), classification) - std::begin(kOrder));
}

CiFailure classify(const PrCheck& check, const DocsFacts& docs, const std::string& base) {
  CiFailure failure{to_valid_utf8(check.name), to_valid_utf8(check.state), "", "", to_valid_utf8(check.url)};
  if (check.logs_expired) {
    failure.classification = "stale";
    failure.reason = "logs expired — ask the author to rebase to re-run CI";
  } else if (check.base_state && is_failing(*check.base_state)) {
    failure.classification = "baseline";
    failure.reason = "also failing on " + base + "'s latest commit — baseline or flaky, not this PR";
  } else if (is_docs_job(check) && !docs.first_input) {
    failure.classification = "unrelated";
    failure.reason = docs_unrelated_reason(docs);
  } else {
    failure.classification = "worth_a_look";
    if (is_docs_job(check))
      failure.reason = "docs build and the PR changes docs input " + to_valid_utf8(*docs.first_input) + " — read the log";
    else if (check.base_state && *check.base_state == "success")
      failure.reason = "passes on " + base + "'s latest commit — likely this PR, read the log";
    else
      failure.reason = "not known to fail on " + base + " — read the log before blaming or clearing the PR";
  }
  return failure;
}

}  // namespace

std::vector<CiFailure> classify_ci_failures(const std::vector<PrCheck>& checks,
                                            const std::vector<std::string>& changed_paths,
                                            const std::string& base_ref) {
  const std::string base = base_ref.empty() ? std::string("the base branch") : to_valid_utf8(base_ref);
  const DocsFacts docs = docs_facts(changed_paths);
  std::vector<CiFailure> failures;
  for (const PrCheck& check : checks)
    if (is_failing(check.state)) failures.push_back(classify(check, docs, base));
  std::stable_sort(failures.begin(), failures.end(), [](const CiFailure& a, const CiFailure& b) {
    const int rank_a = class_rank(a.classification), rank_b = class_rank(b.classification);
    if (rank_a != rank_b) return rank_a < rank_b;
    return a.name < b.name;
  });
  return failures;
}

}  // namespace atom
