#include "core/diff/commit_header.h"

namespace atom::diff_detail {

namespace {

bool is_hex(char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); }

// Length of the run of lowercase hex digits at the start of text.
size_t hex_run(std::string_view text) {
  size_t n = 0;
  while (n < text.size() && is_hex(text[n])) ++n;
  return n;
}

constexpr size_t kMinShaLength = 7;
constexpr size_t kMaxShaLength = 64;

// "[PATCH 2/3] subject" → "subject"; subjects without a bracketed prefix stay as they are.
std::string_view without_patch_prefix(std::string_view subject) {
  if (subject.substr(0, 6) != "[PATCH") return subject;
  size_t close = subject.find(']');
  if (close == std::string_view::npos) return subject;
  subject.remove_prefix(close + 1);
  while (!subject.empty() && subject.front() == ' ') subject.remove_prefix(1);
  return subject;
}

}  // namespace

std::optional<CommitStart> commit_start(std::string_view line) {
  for (auto [prefix, style] : {std::pair{std::string_view("commit "), CommitStyle::Show},
                               std::pair{std::string_view("From "), CommitStyle::Mbox}}) {
    if (line.substr(0, prefix.size()) != prefix) continue;
    std::string_view rest = line.substr(prefix.size());
    size_t n = hex_run(rest);
    if (n < kMinShaLength || n > kMaxShaLength) return std::nullopt;
    bool ends_cleanly = n == rest.size() || rest[n] == ' ';
    if (!ends_cleanly || (style == CommitStyle::Mbox && n == rest.size())) return std::nullopt;
    return CommitStart{style, rest.substr(0, n)};
  }
  return std::nullopt;
}

CommitHeaderReader::CommitHeaderReader(CommitStyle style, std::string_view sha) : style_(style) {
  info_.sha = std::string(sha);
}

void CommitHeaderReader::add_line(std::string_view line) {
  if (phase_ == Phase::Done) return;
  if (style_ == CommitStyle::Show) {
    add_show_line(line);
  } else {
    add_mbox_line(line);
  }
}

void CommitHeaderReader::add_show_line(std::string_view line) {
  if (phase_ == Phase::Headers) {
    if (line.empty()) phase_ = Phase::Body;
    return;
  }
  if (line.substr(0, 4) != "    ") {
    phase_ = Phase::Done;
    return;
  }
  line.remove_prefix(4);
  if (info_.subject.empty() && body_.empty()) info_.subject = std::string(line);
  append_body_line(line);
}

void CommitHeaderReader::add_mbox_line(std::string_view line) {
  if (phase_ == Phase::Headers) {
    if (line.empty()) {
      phase_ = Phase::Body;
      body_ = info_.subject;
      pending_blank_lines_ = 1;
      return;
    }
    bool continuation = line.front() == ' ' || line.front() == '\t';
    if (continuation && in_subject_header_) {
      while (!line.empty() && (line.front() == ' ' || line.front() == '\t')) line.remove_prefix(1);
      info_.subject += ' ';
      info_.subject += line;
      return;
    }
    in_subject_header_ = line.substr(0, 9) == "Subject: ";
    if (in_subject_header_) info_.subject = std::string(without_patch_prefix(line.substr(9)));
    return;
  }
  if (line == "---") {
    phase_ = Phase::Done;
    return;
  }
  append_body_line(line);
}

// Blank lines are held back so the message never ends with them.
void CommitHeaderReader::append_body_line(std::string_view line) {
  if (line.empty()) {
    ++pending_blank_lines_;
    return;
  }
  if (!body_.empty()) body_.append(pending_blank_lines_ + 1, '\n');
  pending_blank_lines_ = 0;
  body_ += line;
}

CommitInfo CommitHeaderReader::finish() const {
  CommitInfo info = info_;
  info.message = body_;
  return info;
}

}  // namespace atom::diff_detail
