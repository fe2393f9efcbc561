// Counting commits per file over `git log --name-only --format='commit %H %aI %cI'` output: the
// data behind the backbone table (`atom-review tiers`). Pure: text in, counts out.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace atom {

using UnixSeconds = int64_t;

enum class DateBound { StartOfDay, EndOfDay };

// "YYYY-MM-DD" (00:00:00 or 23:59:59 UTC by `bound`), or an ISO 8601 timestamp with an offset:
// "YYYY-MM-DDTHH:MM[:SS][.fraction](Z|±HH:MM|±HHMM)". nullopt when it is neither.
std::optional<UnixSeconds> parse_iso_time(std::string_view text, DateBound bound);

// "2026-06-23T08:00:00Z".
std::string format_utc(UnixSeconds seconds);

// 1 January 00:00:00 UTC of the year before the instant's UTC year (the default window start).
UnixSeconds start_of_year_before(UnixSeconds instant);

struct GitLogCommit {
  std::string sha;
  UnixSeconds committed = 0;        // committer date
  std::vector<std::string> files;   // sorted, duplicates removed
};

struct GitLog {
  std::vector<GitLogCommit> commits;
  std::string error;   // empty on success; else one line naming the problem (without the line number)
  int error_line = 0;  // 1-based line of the text where reading stopped
};

// Every commit before a malformed line is kept.
GitLog parse_git_log(std::string_view text);

struct FileCommitCount {
  std::string path;
  int commits = 0;
};

// Files with the number of commits whose committer date lies in [since, until], most commits
// first, ties by path; files with no commit in the window are not listed.
std::vector<FileCommitCount> count_commits_per_file(const std::vector<GitLogCommit>& commits,
                                                    UnixSeconds since, UnixSeconds until);

}  // namespace atom
