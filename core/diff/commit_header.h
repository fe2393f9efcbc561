// Commit headers that may precede a commit's file sections:
//   `git show`:          "commit <sha>", Author:/Date: lines, a blank line, the message indented
//                        by four spaces, a blank line;
//   `git format-patch`:  "From <sha> Mon Sep 17 00:00:00 2001", mail headers (Subject: may be
//                        folded over several lines), a blank line, the body, "---", the diffstat.
#pragma once
#include <optional>
#include <string_view>

#include "core/model/diff.h"

namespace atom::diff_detail {

enum class CommitStyle { Show, Mbox };

struct CommitStart {
  CommitStyle style;
  std::string_view sha;
};

// Recognises the first line of a commit header; nullopt for any other line.
std::optional<CommitStart> commit_start(std::string_view line);

// Collects subject and message from the lines following a commit start, up to the first file.
class CommitHeaderReader {
 public:
  CommitHeaderReader(CommitStyle style, std::string_view sha);
  void add_line(std::string_view line);
  CommitInfo finish() const;

 private:
  enum class Phase { Headers, Body, Done };
  void add_show_line(std::string_view line);
  void add_mbox_line(std::string_view line);
  void append_body_line(std::string_view line);

  CommitStyle style_;
  Phase phase_ = Phase::Headers;
  bool in_subject_header_ = false;
  CommitInfo info_;
  std::string body_;
  size_t pending_blank_lines_ = 0;
};

}  // namespace atom::diff_detail
