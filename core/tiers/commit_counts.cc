#include "core/tiers/commit_counts.h"

#include <algorithm>
#include <map>

namespace atom {
namespace {

// Howard Hinnant's days-from-civil / civil-from-days (proleptic Gregorian, UTC).
int64_t days_from_civil(int64_t year, int month, int day) {
  year -= month <= 2;
  const int64_t era = (year >= 0 ? year : year - 399) / 400;
  const int64_t year_of_era = year - era * 400;
  const int64_t day_of_year = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1;
  const int64_t day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
  return era * 146097 + day_of_era - 719468;
}

struct CivilDate { int64_t year; int month; int day; };

CivilDate civil_from_days(int64_t days) {
  days += 719468;
  const int64_t era = (days >= 0 ? days : days - 146096) / 146097;
  const int64_t day_of_era = days - era * 146097;
  const int64_t year_of_era = (day_of_era - day_of_era / 1460 + day_of_era / 36524 - day_of_era / 146096) / 365;
  const int64_t day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
  const int64_t shifted_month = (5 * day_of_year + 2) / 153;
  const int day = static_cast<int>(day_of_year - (153 * shifted_month + 2) / 5 + 1);
  const int month = static_cast<int>(shifted_month < 10 ? shifted_month + 3 : shifted_month - 9);
  return {year_of_era + era * 400 + (month <= 2), month, day};
}

bool is_leap(int64_t year) { return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0; }

int days_in_month(int64_t year, int month) {
  static const int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  return month == 2 && is_leap(year) ? 29 : kDays[month - 1];
}

// Reads exactly `width` digits at `pos`.
bool read_digits(std::string_view text, size_t& pos, size_t width, int& out) {
  if (pos + width > text.size()) return false;
  out = 0;
  for (size_t i = 0; i < width; ++i) {
    const char c = text[pos + i];
    if (c < '0' || c > '9') return false;
    out = out * 10 + (c - '0');
  }
  pos += width;
  return true;
}

bool expect(std::string_view text, size_t& pos, char c) {
  if (pos >= text.size() || text[pos] != c) return false;
  ++pos;
  return true;
}

std::string two_digits(int value) {
  return std::string(1, char('0' + value / 10)) + char('0' + value % 10);
}

bool is_hex_sha(std::string_view text) {
  if (text.size() != 40 && text.size() != 64) return false;
  return std::all_of(text.begin(), text.end(), [](char c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
  });
}

std::vector<std::string_view> split_spaces(std::string_view line) {
  std::vector<std::string_view> words;
  size_t pos = 0;
  while (pos < line.size()) {
    size_t end = line.find(' ', pos);
    if (end == std::string_view::npos) end = line.size();
    if (end > pos) words.push_back(line.substr(pos, end - pos));
    pos = end + 1;
  }
  return words;
}

}  // namespace

std::optional<UnixSeconds> parse_iso_time(std::string_view text, DateBound bound) {
  size_t pos = 0;
  int year = 0, month = 0, day = 0;
  if (!read_digits(text, pos, 4, year) || !expect(text, pos, '-') || !read_digits(text, pos, 2, month) ||
      !expect(text, pos, '-') || !read_digits(text, pos, 2, day))
    return std::nullopt;
  if (month < 1 || month > 12 || day < 1 || day > days_in_month(year, month)) return std::nullopt;
  const UnixSeconds midnight = days_from_civil(year, month, day) * 86400;
  if (pos == text.size()) return bound == DateBound::StartOfDay ? midnight : midnight + 86399;

  int hour = 0, minute = 0, second = 0;
  if (!expect(text, pos, 'T') || !read_digits(text, pos, 2, hour) || !expect(text, pos, ':') ||
      !read_digits(text, pos, 2, minute))
    return std::nullopt;
  if (pos < text.size() && text[pos] == ':') {
    ++pos;
    if (!read_digits(text, pos, 2, second)) return std::nullopt;
    if (pos < text.size() && (text[pos] == '.' || text[pos] == ',')) {
      ++pos;
      const size_t fraction_start = pos;
      while (pos < text.size() && text[pos] >= '0' && text[pos] <= '9') ++pos;
      if (pos == fraction_start) return std::nullopt;
    }
  }
  if (hour > 23 || minute > 59 || second > 59) return std::nullopt;

  int offset_seconds = 0;
  if (pos < text.size() && text[pos] == 'Z') {
    ++pos;
  } else if (pos < text.size() && (text[pos] == '+' || text[pos] == '-')) {
    const int sign = text[pos] == '-' ? -1 : 1;
    ++pos;
    int offset_hours = 0, offset_minutes = 0;
    if (!read_digits(text, pos, 2, offset_hours)) return std::nullopt;
    if (pos < text.size() && text[pos] == ':') ++pos;
    if (!read_digits(text, pos, 2, offset_minutes)) return std::nullopt;
    if (offset_hours > 23 || offset_minutes > 59) return std::nullopt;
    offset_seconds = sign * (offset_hours * 3600 + offset_minutes * 60);
  } else {
    return std::nullopt;  // a time without an offset is ambiguous
  }
  if (pos != text.size()) return std::nullopt;
  return midnight + hour * 3600 + minute * 60 + second - offset_seconds;
}

std::string format_utc(UnixSeconds seconds) {
  const int64_t days = seconds >= 0 ? seconds / 86400 : -((-seconds + 86399) / 86400);
  const int64_t in_day = seconds - days * 86400;
  const CivilDate date = civil_from_days(days);
  return std::to_string(date.year) + "-" + two_digits(date.month) + "-" + two_digits(date.day) + "T" +
         two_digits(static_cast<int>(in_day / 3600)) + ":" + two_digits(static_cast<int>(in_day / 60 % 60)) + ":" +
         two_digits(static_cast<int>(in_day % 60)) + "Z";
}

UnixSeconds start_of_year_before(UnixSeconds instant) {
  const int64_t days = instant >= 0 ? instant / 86400 : -((-instant + 86399) / 86400);
  return days_from_civil(civil_from_days(days).year - 1, 1, 1) * 86400;
}

GitLog parse_git_log(std::string_view text) {
  GitLog log;
  int line_number = 0;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(pos, end - pos);
    pos = end + 1;
    ++line_number;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.empty()) continue;

    const auto words = split_spaces(line);
    const bool header = words.size() >= 2 && words[0] == "commit" && is_hex_sha(words[1]);
    if (header) {
      std::optional<UnixSeconds> committed;
      if (words.size() == 4) committed = parse_iso_time(words[3], DateBound::StartOfDay);
      if (!committed || !parse_iso_time(words[2], DateBound::StartOfDay)) {
        log.error = "expected \"commit <sha> <author date> <committer date>\" (--format='commit %H %aI %cI')";
        log.error_line = line_number;
        break;
      }
      log.commits.push_back({std::string(words[1]), *committed, {}});
      continue;
    }
    if (!log.commits.empty()) {
      log.commits.back().files.emplace_back(line);
    } else {
      log.error = "expected a \"commit <sha> <author date> <committer date>\" line first";
      log.error_line = line_number;
      break;
    }
  }
  for (GitLogCommit& commit : log.commits) {
    std::sort(commit.files.begin(), commit.files.end());
    commit.files.erase(std::unique(commit.files.begin(), commit.files.end()), commit.files.end());
  }
  return log;
}

std::vector<FileCommitCount> count_commits_per_file(const std::vector<GitLogCommit>& commits,
                                                    UnixSeconds since, UnixSeconds until) {
  std::map<std::string, int> counts;
  for (const GitLogCommit& commit : commits) {
    if (commit.committed < since || commit.committed > until) continue;
    for (const std::string& file : commit.files) ++counts[file];
  }
  std::vector<FileCommitCount> result;
  result.reserve(counts.size());
  for (const auto& [path, count] : counts) result.push_back({path, count});
  std::stable_sort(result.begin(), result.end(),
                   [](const FileCommitCount& a, const FileCommitCount& b) { return a.commits > b.commits; });
  return result;
}

}  // namespace atom
