// `atom-review tiers [--since DATE] [--until DATE] [--top N] [--format markdown|json] [GITLOG | -]`
#include <algorithm>
#include <iostream>

#include <nlohmann/json.hpp>

#include "cli/cli_common.h"
#include "core/report/author_text.h"
#include "core/report/render.h"
#include "core/packs/builtin_packs.h"
#include "core/tiers/commit_counts.h"
#include "core/tiers/tier_table.h"

namespace atom::cli {
namespace {

constexpr int kDefaultTop = 40;

bool parse_top(const Arguments& args, int& top, std::string& error) {
  auto it = args.options.find("--top");
  if (it == args.options.end()) return true;
  const std::string& text = it->second;
  const bool digits = !text.empty() && text.size() <= 9 &&
                      std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
  if (!digits || std::stoi(text) == 0) {
    error = "--top must be a positive whole number, not '" + text + "'";
    return false;
  }
  top = std::stoi(text);
  return true;
}

bool parse_bound(const Arguments& args, const std::string& option, DateBound bound,
                 std::optional<UnixSeconds>& out, std::string& error) {
  auto it = args.options.find(option);
  if (it == args.options.end()) return true;
  out = parse_iso_time(it->second, bound);
  if (!out) error = option + " must be YYYY-MM-DD or an ISO timestamp with offset "
                             "(2026-06-23T16:00+08:00), not '" + it->second + "'";
  return out.has_value();
}

std::string tier_label(const TierInfo& info) {
  return std::to_string(info.tier) + (info.high_visibility ? " (high visibility)" : "");
}

void print_markdown(const std::vector<FileCommitCount>& rows, const TierTable& table, UnixSeconds since,
                    UnixSeconds until) {
  std::cout << "Commits per file, committer date in [" << format_utc(since) << ", " << format_utc(until)
            << "]\n\n| Rank | File | Commits | Tier |\n|-----:|------|--------:|------|\n";
  for (size_t i = 0; i < rows.size(); ++i)
    std::cout << "| " << i + 1 << " | " << author_markdown(rows[i].path, AuthorTextAs::CodeInTableCell) << " | "
              << rows[i].commits << " | "
              << tier_label(table.classify(rows[i].path)) << " |\n";
}

void print_json(const std::vector<FileCommitCount>& rows, const TierTable& table, UnixSeconds since,
                UnixSeconds until) {
  nlohmann::json files = nlohmann::json::array();
  for (size_t i = 0; i < rows.size(); ++i) {
    const TierInfo info = table.classify(rows[i].path);
    files.push_back({{"rank", i + 1},
                     {"path", rows[i].path},
                     {"commits", rows[i].commits},
                     {"tier", info.tier},
                     {"high_visibility", info.high_visibility},
                     {"tier_reason", info.reason}});
  }
  const nlohmann::json out = {{"since", format_utc(since)}, {"until", format_utc(until)}, {"files", files}};
  std::cout << dump_json(out, 2) << "\n";
}

}  // namespace

int run_tiers_command(const std::vector<std::string>& raw_args) {
  const Arguments args = split_arguments(raw_args, {"--since", "--until", "--top", "--format"}, "tiers");
  std::string error = args.error;
  std::optional<UnixSeconds> since, until;
  int top = kDefaultTop;
  if (error.empty() && args.positional.size() > 1) error = "tiers takes one GITLOG (or -), got " +
                                                            std::to_string(args.positional.size());
  if (error.empty()) check_choice(args, "--format", {"markdown", "json"}, error);
  if (error.empty()) parse_top(args, top, error);
  if (error.empty()) parse_bound(args, "--since", DateBound::StartOfDay, since, error);
  if (error.empty()) parse_bound(args, "--until", DateBound::EndOfDay, until, error);
  if (!error.empty()) return fail(error);

  const std::string log_name = args.positional.empty() ? "-" : args.positional.front();
  std::string text;
  if (!read_input(log_name, text, error)) return fail(error);
  const GitLog log = parse_git_log(text);
  const std::string shown_name = log_name == "-" ? "<stdin>" : log_name;
  if (!log.error.empty()) return fail(shown_name + ":" + std::to_string(log.error_line) + ": " + log.error);
  if (log.commits.empty()) return fail(shown_name + ": no commits (expected git log --name-only "
                                                    "--format='commit %H %aI %cI' output)");

  if (!until) {
    until = log.commits.front().committed;
    for (const GitLogCommit& commit : log.commits) until = std::max(*until, commit.committed);
  }
  if (!since) since = start_of_year_before(*until);

  std::vector<FileCommitCount> rows = count_commits_per_file(log.commits, *since, *until);
  if (rows.size() > static_cast<size_t>(top)) rows.resize(top);
  const TierTable table = builtin_pack_for_repo("").tiers;
  const bool json = args.options.count("--format") && args.options.at("--format") == "json";
  if (json) print_json(rows, table, *since, *until);
  else print_markdown(rows, table, *since, *until);
  return kExitRan;
}

}  // namespace atom::cli
