#include "core/tiers/commit_counts.h"

#include <gtest/gtest.h>

namespace atom {
namespace {

constexpr UnixSeconds k2025 = 1735689600;  // 2025-01-01T00:00:00Z

TEST(ParseIsoTime, DateAloneIsStartOrEndOfTheUtcDay) {
  EXPECT_EQ(parse_iso_time("2025-01-01", DateBound::StartOfDay), k2025);
  EXPECT_EQ(parse_iso_time("2025-01-01", DateBound::EndOfDay), k2025 + 86399);
  EXPECT_EQ(format_utc(*parse_iso_time("2024-02-29", DateBound::EndOfDay)), "2024-02-29T23:59:59Z");
}

TEST(ParseIsoTime, TimestampsWithOffsets) {
  EXPECT_EQ(format_utc(*parse_iso_time("2026-06-23T16:00+08:00", DateBound::EndOfDay)), "2026-06-23T08:00:00Z");
  EXPECT_EQ(format_utc(*parse_iso_time("2026-06-23T16:00:07+08:00", DateBound::StartOfDay)), "2026-06-23T08:00:07Z");
  EXPECT_EQ(format_utc(*parse_iso_time("2026-01-01T01:30:00-0230", DateBound::StartOfDay)), "2026-01-01T04:00:00Z");
  EXPECT_EQ(format_utc(*parse_iso_time("2025-12-31T23:59:59.250Z", DateBound::StartOfDay)), "2025-12-31T23:59:59Z");
  EXPECT_EQ(format_utc(*parse_iso_time("2026-01-01T02:00+08:00", DateBound::StartOfDay)), "2025-12-31T18:00:00Z");
}

TEST(ParseIsoTime, RejectsWhatIsNotADateOrTimestamp) {
  for (const char* bad : {"", "2025", "2025-1-01", "2025-13-01", "2025-02-29", "2025-01-32", "2025-01-01T10:00",
                          "2025-01-01T24:00Z", "2025-01-01T10:60Z", "2025-01-01T10:00+8", "2025-01-01 10:00Z",
                          "2025-01-01Tx", "2025-01-01T10:00Zjunk", "yesterday"}) {
    EXPECT_FALSE(parse_iso_time(bad, DateBound::StartOfDay).has_value()) << bad;
  }
}

TEST(StartOfYearBefore, IsJanuaryFirstOfThePreviousUtcYear) {
  EXPECT_EQ(format_utc(start_of_year_before(*parse_iso_time("2026-06-23T08:00:00Z", DateBound::StartOfDay))),
            "2025-01-01T00:00:00Z");
  EXPECT_EQ(format_utc(start_of_year_before(k2025)), "2024-01-01T00:00:00Z");
}

const char* kLog =
    "commit 1111111111111111111111111111111111111111 2025-03-01T10:00:00+08:00 2025-03-02T10:00:00+08:00\n"
    "\n"
    "a.py\n"
    "b.py\n"
    "a.py\n"
    "commit 2222222222222222222222222222222222222222 2024-12-31T10:00:00+00:00 2025-01-01T07:00:00+08:00\n"
    "\n"
    "a.py\n"
    "commit 3333333333333333333333333333333333333333 2024-12-01T10:00:00+00:00 2024-12-31T23:59:59Z\n"
    "\n"
    "c.py\n"
    "commit 4444444444444444444444444444444444444444 2025-01-01T00:00:00Z 2025-01-01T00:00:00Z\n"
    "\r\n"
    "b.py\r\n";

TEST(GitLog, ParsesCommitsAndFiles) {
  const GitLog log = parse_git_log(kLog);
  ASSERT_EQ(log.error, "");
  ASSERT_EQ(log.commits.size(), 4u);
  EXPECT_EQ(log.commits[0].sha, "1111111111111111111111111111111111111111");
  EXPECT_EQ(log.commits[0].files, (std::vector<std::string>{"a.py", "b.py"}));  // duplicate dropped
  EXPECT_EQ(format_utc(log.commits[1].committed), "2024-12-31T23:00:00Z");
  EXPECT_EQ(log.commits[3].files, (std::vector<std::string>{"b.py"}));
}

TEST(GitLog, CountsByCommitterDateInclusiveWindow) {
  const GitLog log = parse_git_log(kLog);
  // Commit 2 is 2025 in its author's zone but 2024-12-31T23:00Z by committer date: outside.
  const auto counts = count_commits_per_file(log.commits, k2025, k2025 + 365 * 86400);
  ASSERT_EQ(counts.size(), 2u);
  EXPECT_EQ(counts[0].path, "b.py");  // ties sorted by path
  EXPECT_EQ(counts[0].commits, 2);
  EXPECT_EQ(counts[1].path, "a.py");
  EXPECT_EQ(counts[1].commits, 1);
  const auto wider = count_commits_per_file(log.commits, k2025 - 3600, k2025);
  ASSERT_EQ(wider.size(), 3u);
  EXPECT_EQ(wider[0].path, "a.py");
  EXPECT_EQ(wider[0].commits, 1);
}

TEST(GitLog, ErrorsNameTheLine) {
  GitLog log = parse_git_log("a.py\n");
  EXPECT_EQ(log.error_line, 1);
  EXPECT_NE(log.error.find("expected a \"commit"), std::string::npos);
  log = parse_git_log(
      "commit 1111111111111111111111111111111111111111 2025-03-01T10:00:00Z 2025-03-01T10:00:00Z\n\nx.py\n"
      "commit 2222222222222222222222222222222222222222 2025-03-01 not-a-date\n");
  EXPECT_EQ(log.error_line, 4);
  ASSERT_EQ(log.commits.size(), 1u);  // what came before is kept
  EXPECT_EQ(log.commits[0].files, (std::vector<std::string>{"x.py"}));
}

TEST(GitLog, EmptyTextHasNoCommitsAndNoError) {
  const GitLog log = parse_git_log("");
  EXPECT_TRUE(log.commits.empty());
  EXPECT_EQ(log.error, "");
}

}  // namespace
}  // namespace atom
