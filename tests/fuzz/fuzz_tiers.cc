// libFuzzer target: the `tiers` git-log reader (core/tiers) and what `atom-review tiers` does with a
// log: the window from the newest committer date, the counts, each counted path classified.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/packs/builtin_packs.h"
#include "core/tiers/commit_counts.h"
#include "core/tiers/tier_table.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const atom::GitLog log = atom::parse_git_log(std::string_view(reinterpret_cast<const char*>(data), size));
  if (log.commits.empty()) return 0;
  atom::UnixSeconds until = log.commits.front().committed;
  for (const atom::GitLogCommit& commit : log.commits) until = std::max(until, commit.committed);
  const atom::UnixSeconds since = atom::start_of_year_before(until);
  (void)atom::format_utc(since);
  (void)atom::format_utc(until);
  const atom::TierTable& table = atom::builtin_pack_for_repo("").tiers;
  const auto rows = atom::count_commits_per_file(log.commits, since, until);
  for (size_t i = 0; i < rows.size() && i < 40; ++i) (void)table.classify(rows[i].path);
  return 0;
}
