// The parser is a line-driven state machine. Every line is looked at once (plus a one-line
// lookahead for "--- " / "+++ " pairs), and line text is copied once into DiffLine, so time
// and memory stay linear in the input size.
#include "core/diff/parse_diff.h"

#include <cstring>
#include <optional>
#include <vector>

#include "core/diff/commit_header.h"
#include "core/diff/git_paths.h"
#include "core/diff/hunk_header.h"

namespace atom {

namespace {

using diff_detail::CommitHeaderReader;

bool starts_with(std::string_view text, std::string_view prefix) {
  return text.substr(0, prefix.size()) == prefix;
}

// Splits on "\n"; a "\r" before it is dropped. A final line without "\n" still counts.
std::vector<std::string_view> split_lines(std::string_view bytes) {
  std::vector<std::string_view> lines;
  size_t pos = 0;
  while (pos < bytes.size()) {
    const void* found = std::memchr(bytes.data() + pos, '\n', bytes.size() - pos);
    size_t end = found ? static_cast<size_t>(static_cast<const char*>(found) - bytes.data())
                       : bytes.size();
    std::string_view line = bytes.substr(pos, end - pos);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    lines.push_back(line);
    pos = end + 1;
  }
  return lines;
}

bool only_whitespace(std::string_view bytes) {
  for (char c : bytes) {
    if (c != ' ' && c != '\t' && c != '\r' && c != '\n') return false;
  }
  return true;
}

// What a file section's headers said, before paths and status are settled.
struct FileHeaders {
  bool from_git_header = false;  // "diff --git" (else a plain "---"/"+++" diff)
  std::string git_line_rest;     // text after "diff --git "
  std::optional<std::string> minus_path, plus_path;  // "---" / "+++" paths, prefixes still on
  std::optional<std::string> rename_from, rename_to, copy_from, copy_to;
  bool new_file = false, deleted_file = false;
};

class Parser {
 public:
  explicit Parser(std::string_view bytes) : bytes_(bytes), lines_(split_lines(bytes)) {
    result_.bytes = bytes.size();
  }

  ParsedDiff run() {
    for (index_ = 0; index_ < lines_.size() && !stopped_; ++index_) handle_line();
    if (state_ == State::InHunk && !stopped_) {
      add_error("truncated-hunk",
                "the input ends inside the hunk that starts at line " +
                    std::to_string(current_hunk().header_diff_line),
                static_cast<int>(lines_.size()));
    }
    finish_file();
    finish_commit();
    if (!result_.looks_like_diff && !only_whitespace(bytes_)) {
      add_error("not-a-diff", "no diff, commit or file header found", 1);
    }
    return std::move(result_);
  }

 private:
  // Skipping: binary patch data, a combined diff or format-patch's signature, up to the next
  // file or commit.
  enum class State { Preamble, FileHeader, Hunks, InHunk, Skipping };

  std::string_view line() const { return lines_[index_]; }
  int line_number() const { return static_cast<int>(index_) + 1; }
  std::string_view next_line() const {
    return index_ + 1 < lines_.size() ? lines_[index_ + 1] : std::string_view();
  }
  bool at_plain_file_start() const {
    return starts_with(line(), "--- ") && index_ + 1 < lines_.size() &&
           starts_with(next_line(), "+++ ");
  }
  FileDiff& current_file() { return result_.files.back(); }
  Hunk& current_hunk() { return current_file().hunks.back(); }

  void add_error(std::string code, std::string message, int line) {
    result_.errors.push_back(ParseError{std::move(code), std::move(message), line});
  }
  void stop_with(std::string code, std::string message) {
    add_error(std::move(code), std::move(message), line_number());
    stopped_ = true;
  }

  void handle_line() {
    switch (state_) {
      case State::InHunk: return handle_hunk_line();
      case State::Hunks: return handle_between_hunks();
      case State::FileHeader: return handle_file_header();
      case State::Preamble: return handle_preamble();
      case State::Skipping: handle_section_start(); return;
    }
  }

  // --- lines that open a new section, valid anywhere outside a hunk's body

  bool handle_section_start() {
    std::string_view text = line();
    if (starts_with(text, "diff --git ")) {
      start_file(true);
      file_headers_.git_line_rest = std::string(text.substr(11));
      state_ = State::FileHeader;
      return true;
    }
    if (starts_with(text, "diff --cc ") || starts_with(text, "diff --combined ")) {
      finish_file();
      add_error("combined-diff", "merge diffs (diff --cc) are not supported; section skipped",
                line_number());
      result_.looks_like_diff = true;
      state_ = State::Skipping;
      return true;
    }
    if (auto start = diff_detail::commit_start(text)) {
      finish_file();
      finish_commit();
      result_.looks_like_diff = true;
      commit_reader_.emplace(start->style, start->sha);
      state_ = State::Preamble;
      return true;
    }
    return false;
  }

  // A plain "--- x" / "+++ y" pair opens a file section without a "diff --git" line.
  bool handle_plain_file_start() {
    if (!at_plain_file_start()) return false;
    start_file(false);
    read_minus_plus_pair();
    state_ = State::Hunks;
    return true;
  }

  // format-patch ends each commit with "-- " and the git version; neither is part of the diff.
  bool handle_signature() {
    if (line() != "-- ") return false;
    finish_file();
    state_ = State::Skipping;
    return true;
  }

  void handle_preamble() {
    if (handle_section_start() || handle_plain_file_start()) return;
    if (commit_reader_) commit_reader_->add_line(line());
  }

  // --- a "diff --git" section's extended headers

  void handle_file_header() {
    std::string_view text = line();
    FileDiff& file = current_file();
    FileHeaders& h = file_headers_;
    auto value_after = [&](std::string_view prefix) -> std::optional<std::string_view> {
      if (!starts_with(text, prefix)) return std::nullopt;
      return text.substr(prefix.size());
    };
    if (auto v = value_after("old mode ")) {
      file.old_mode = std::string(*v);
    } else if (auto v = value_after("new mode ")) {
      file.new_mode = std::string(*v);
    } else if (auto v = value_after("deleted file mode ")) {
      file.old_mode = std::string(*v);
      h.deleted_file = true;
    } else if (auto v = value_after("new file mode ")) {
      file.new_mode = std::string(*v);
      h.new_file = true;
    } else if (auto v = value_after("similarity index ")) {
      file.similarity = parse_percent(*v);
    } else if (auto v = value_after("rename from ")) {
      h.rename_from = diff_detail::header_line_path(*v);
    } else if (auto v = value_after("rename to ")) {
      h.rename_to = diff_detail::header_line_path(*v);
    } else if (auto v = value_after("copy from ")) {
      h.copy_from = diff_detail::header_line_path(*v);
    } else if (auto v = value_after("copy to ")) {
      h.copy_to = diff_detail::header_line_path(*v);
    } else if (starts_with(text, "index ") || starts_with(text, "dissimilarity index ")) {
      // carries nothing a review needs
    } else if (starts_with(text, "Binary files ") && text.size() > 7 &&
               text.substr(text.size() - 7) == " differ") {
      file.binary = true;
      state_ = State::Hunks;
    } else if (text == "GIT binary patch") {
      file.binary = true;
      state_ = State::Skipping;
    } else if (at_plain_file_start()) {
      read_minus_plus_pair();
      state_ = State::Hunks;
    } else if (starts_with(text, "@@ ")) {
      start_hunk();
    } else if (!handle_section_start() && !handle_signature() && !text.empty()) {
      stop_with("malformed-header", "unexpected line in the header of the file section at line " +
                                        std::to_string(file.header_diff_line));
    }
  }

  static int parse_percent(std::string_view text) {
    int value = 0;
    size_t i = 0;
    for (; i < text.size() && i < 3 && text[i] >= '0' && text[i] <= '9'; ++i) {
      value = value * 10 + (text[i] - '0');
    }
    return i == 0 ? -1 : value;
  }

  void read_minus_plus_pair() {
    file_headers_.minus_path = diff_detail::header_line_path(line().substr(4));
    ++index_;
    file_headers_.plus_path = diff_detail::header_line_path(line().substr(4));
  }

  // --- hunks

  void handle_between_hunks() {
    std::string_view text = line();
    if (starts_with(text, "@@ ")) {
      start_hunk();
    } else if (starts_with(text, "\\")) {
      mark_no_newline();
    } else if (text.empty() || handle_section_start() || handle_plain_file_start() ||
               handle_signature()) {
      // blank separator, or a new section has begun
    } else if (text[0] == '+' || text[0] == '-' || text[0] == ' ') {
      stop_with("malformed-hunk", "this line is outside every hunk: the hunk header at line " +
                                      std::to_string(last_hunk_header_line()) +
                                      " announced fewer lines than follow it");
    } else {
      stop_with("unexpected-line", "this line is neither part of a hunk nor a diff header");
    }
  }

  int last_hunk_header_line() {
    return current_file().hunks.empty() ? 0 : current_hunk().header_diff_line;
  }

  void start_hunk() {
    auto header = diff_detail::parse_hunk_header(line());
    if (!header) {
      stop_with("malformed-hunk-header", "cannot read the hunk header \"@@ -a,b +c,d @@\"");
      return;
    }
    Hunk hunk;
    hunk.old_start = header->old_start;
    hunk.old_count = header->old_count;
    hunk.new_start = header->new_start;
    hunk.new_count = header->new_count;
    hunk.section = std::string(header->section);
    hunk.header_diff_line = line_number();
    current_file().hunks.push_back(std::move(hunk));
    old_remaining_ = header->old_count;
    new_remaining_ = header->new_count;
    next_old_ = header->old_start;
    next_new_ = header->new_start;
    state_ = (old_remaining_ > 0 || new_remaining_ > 0) ? State::InHunk : State::Hunks;
  }

  void handle_hunk_line() {
    std::string_view text = line();
    char marker = text.empty() ? ' ' : text[0];  // git reads an empty line as empty context
    bool fits = (marker == ' ' && old_remaining_ > 0 && new_remaining_ > 0) ||
                (marker == '-' && old_remaining_ > 0) || (marker == '+' && new_remaining_ > 0);
    if (fits) {
      add_hunk_line(marker, text.empty() ? text : text.substr(1));
      return;
    }
    if (marker == '\\') {
      mark_no_newline();
      return;
    }
    std::string announced = "the hunk header at line " +
                            std::to_string(current_hunk().header_diff_line) + " announced " +
                            std::to_string(current_hunk().old_count) + " old and " +
                            std::to_string(current_hunk().new_count) + " new lines";
    if (starts_section_here()) {
      // Policy: a hunk cut short by the next file, hunk or commit is recorded and parsing goes on.
      add_error("truncated-hunk", announced + "; it ends early", line_number());
      state_ = State::Hunks;
      handle_between_hunks();
      return;
    }
    stop_with("malformed-hunk", announced + "; this line does not fit it");
  }

  // split_lines() dropped the "\r" before "\n": look at the byte after the line's view.
  bool ends_with_cr(std::string_view text) const {
    const char* after = text.data() + text.size();
    return after < bytes_.data() + bytes_.size() && *after == '\r';
  }

  bool starts_section_here() const {
    std::string_view text = line();
    return starts_with(text, "diff ") || diff_detail::parse_hunk_header(text).has_value() ||
           diff_detail::commit_start(text).has_value() || at_plain_file_start();
  }

  void add_hunk_line(char marker, std::string_view text) {
    DiffLine out;
    out.text = std::string(text);
    out.diff_line = line_number();
    out.crlf = ends_with_cr(line());
    if (marker == '+') {
      out.kind = LineKind::Added;
      out.new_line = next_new_++;
      --new_remaining_;
    } else if (marker == '-') {
      out.kind = LineKind::Removed;
      out.old_line = next_old_++;
      --old_remaining_;
    } else {
      out.old_line = next_old_++;
      out.new_line = next_new_++;
      --old_remaining_;
      --new_remaining_;
    }
    current_hunk().lines.push_back(std::move(out));
    if (old_remaining_ == 0 && new_remaining_ == 0) state_ = State::Hunks;
  }

  void mark_no_newline() {
    if (!result_.files.empty() && !current_file().hunks.empty() &&
        !current_hunk().lines.empty()) {
      current_hunk().lines.back().no_newline_at_eof = true;
    }
  }

  // --- files and commits

  void start_file(bool from_git_header) {
    finish_file();
    finish_commit();
    result_.looks_like_diff = true;
    FileDiff file;
    file.header_diff_line = line_number();
    file.commit_index = result_.commits.empty() ? 0 : static_cast<int>(result_.commits.size()) - 1;
    result_.files.push_back(std::move(file));
    file_headers_ = FileHeaders{};
    file_headers_.from_git_header = from_git_header;
    file_open_ = true;
  }

  void finish_commit() {
    if (!commit_reader_) return;
    result_.commits.push_back(commit_reader_->finish());
    commit_reader_.reset();
  }

  void finish_file() {
    if (!file_open_) return;
    file_open_ = false;
    FileDiff& file = current_file();
    settle_paths_and_status(file);
    for (const Hunk& hunk : file.hunks) {
      for (const DiffLine& l : hunk.lines) {
        if (l.kind == LineKind::Added) ++file.additions;
        if (l.kind == LineKind::Removed) ++file.deletions;
      }
    }
    if (file.binary) file.additions = file.deletions = 0;
  }

  void settle_paths_and_status(FileDiff& file) {
    const FileHeaders& h = file_headers_;
    std::optional<diff_detail::PathPair> git_pair;
    if (h.from_git_header) git_pair = diff_detail::split_git_header_paths(h.git_line_rest);
    auto pick = [&](const std::optional<std::string>& named, const std::optional<std::string>& marker,
                    const std::string* from_git_line, char side) {
      if (named) return *named;
      if (marker) return diff_detail::strip_side_prefix(*marker, side);
      return from_git_line ? diff_detail::strip_side_prefix(*from_git_line, side) : std::string();
    };
    file.old_path = pick(h.rename_from ? h.rename_from : h.copy_from, h.minus_path,
                         git_pair ? &git_pair->old_path : nullptr, 'a');
    file.new_path = pick(h.rename_to ? h.rename_to : h.copy_to, h.plus_path,
                         git_pair ? &git_pair->new_path : nullptr, 'b');
    bool old_missing = h.minus_path && *h.minus_path == "/dev/null";
    bool new_missing = h.plus_path && *h.plus_path == "/dev/null";
    if (h.new_file || old_missing) {
      file.status = FileStatus::Added;
      file.old_path.clear();
    } else if (h.deleted_file || new_missing) {
      file.status = FileStatus::Deleted;
      file.new_path.clear();
    } else if (h.rename_from || h.rename_to) {
      file.status = FileStatus::Renamed;
    } else if (h.copy_from || h.copy_to) {
      file.status = FileStatus::Copied;
    } else if (!file.old_mode.empty() && !file.new_mode.empty() && file.hunks.empty() &&
               !file.binary) {
      file.status = FileStatus::ModeOnly;
    }
    if (file.old_path.empty() && file.new_path.empty()) {
      add_error("malformed-header", "cannot tell which file this section changes",
                file.header_diff_line);
    }
  }

  std::string_view bytes_;
  std::vector<std::string_view> lines_;
  size_t index_ = 0;
  State state_ = State::Preamble;
  bool stopped_ = false;
  bool file_open_ = false;
  FileHeaders file_headers_;
  std::optional<CommitHeaderReader> commit_reader_;
  int old_remaining_ = 0, new_remaining_ = 0, next_old_ = 0, next_new_ = 0;
  ParsedDiff result_;
};

}  // namespace

ParsedDiff parse_diff(std::string_view bytes) { return Parser(bytes).run(); }

}  // namespace atom
