#include "core/analysis/moved_lines.h"

#include <array>
#include <deque>
#include <map>
#include <optional>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "core/model/identifier_chars.h"

namespace atom {
namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v'; }
bool is_closer(char c) { return c == ')' || c == ']' || c == '}'; }

// Python/C++ keywords that make a whole statement on their own.
bool is_trivial(const std::string& normalized) {
  static constexpr std::array<std::string_view, 9> kLoneKeywords = {
      "pass", "return", "else", "try", "finally", "break", "continue", "do", "default"};
  std::string word;
  for (char c : normalized)
    if (is_identifier_char(c)) word += c;
  if (word.empty()) return true;
  for (std::string_view keyword : kLoneKeywords)
    if (word == keyword && normalized.size() <= keyword.size() + 2) return true;  // `else:`, `return;`
  return false;
}

struct ChangedLine {
  const DiffLine* line;
  std::string text;  // normalized
  bool trivial;
  bool runs;  // false for a comment or a docstring
  // The enclosing function on the line's side ("" at module level); none when it is not known
  // (a comment, a hunk that starts inside a function whose `def` it does not show).
  std::optional<std::string_view> function;
};

// One hunk's lines in order, with the runs of changed lines (no context between) marked out.
struct HunkLines {
  const FileDiff* file = nullptr;
  std::vector<ChangedLine> lines;        // Added and Removed lines only, in diff order
  std::vector<std::pair<size_t, size_t>> runs;  // [begin, end) into `lines`
  std::vector<size_t> run_of;            // per line, its index into `runs`
};

std::vector<HunkLines> collect(const ParsedDiff& diff, const EnclosingFunctions& functions) {
  std::vector<HunkLines> hunks;
  for (const FileDiff& file : diff.files)
    for (const Hunk& hunk : file.hunks) {
      HunkLines out;
      out.file = &file;
      bool in_run = false;
      for (const DiffLine& line : hunk.lines) {
        if (line.kind == LineKind::Context) {
          in_run = false;
          continue;
        }
        if (!in_run) out.runs.push_back({out.lines.size(), out.lines.size()});
        in_run = true;
        std::string text = normalized_code_text(line.text);
        const bool trivial = is_trivial(text);
        const auto function = functions.find(&line);
        const bool runs = function != functions.end();
        out.lines.push_back({&line, std::move(text), trivial, runs, runs ? function->second : std::nullopt});
        out.runs.back().second = out.lines.size();
        out.run_of.push_back(out.runs.size() - 1);
      }
      hunks.push_back(std::move(out));
    }
  return hunks;
}

// A changed line by its place: the hunk and its index there.
struct Place {
  const HunkLines* hunk;
  size_t index;
  const DiffLine* line() const { return hunk->lines[index].line; }
  const std::optional<std::string_view>& function() const { return hunk->lines[index].function; }
};

// Both lines stand in one function of one file (a line whose function is not known stands in any).
bool same_function(const Place& a, const Place& b) {
  return a.hunk->file == b.hunk->file && (!a.function() || !b.function() || *a.function() == *b.function());
}

// Whether the nearest line of code of the same kind (not blank, not trivial, not a comment) on
// either side of `place`, within its run of changed lines, is in `paired`: the line is part of a
// block that moved, not a lone line.
bool in_paired_block(const Place& place, const std::unordered_set<const DiffLine*>& paired) {
  const HunkLines& hunk = *place.hunk;
  const auto [begin, end] = hunk.runs[hunk.run_of[place.index]];
  const LineKind kind = hunk.lines[place.index].line->kind;
  for (const int step : {-1, 1}) {
    for (size_t i = place.index; step < 0 ? i > begin : i + 1 < end;) {
      i = step < 0 ? i - 1 : i + 1;
      const ChangedLine& neighbour = hunk.lines[i];
      if (neighbour.line->kind != kind || neighbour.text.empty() || neighbour.trivial || !neighbour.runs)
        continue;
      if (paired.count(neighbour.line)) return true;
      break;
    }
  }
  return false;
}

// Pairs added and removed lines of one text, nearest first: within a run of changed lines (no
// context between), then within a function, then within a file, then anywhere, each in diff
// order. A line re-indented under a new `if` pairs with its own old line, not with an equal line
// some other function removed.
void pair_nearest_first(const std::vector<Place>& added, const std::vector<Place>& removed,
                        std::vector<std::pair<Place, Place>>& pairs) {
  enum class Nearness { SameRun, SameFunction, SameFile, Anywhere };
  // What two lines must share to pair at a nearness.
  using Key = std::pair<const void*, std::string_view>;
  const auto key = [](const Place& place, Nearness nearness) -> Key {
    switch (nearness) {
      case Nearness::SameRun: return {&place.hunk->runs[place.hunk->run_of[place.index]], {}};
      case Nearness::SameFunction: return {place.hunk->file, place.function().value_or("\n")};
      case Nearness::SameFile: return {place.hunk->file, {}};
      case Nearness::Anywhere: break;
    }
    return {nullptr, {}};
  };
  std::vector<bool> added_used(added.size()), removed_used(removed.size());
  for (const Nearness nearness : {Nearness::SameRun, Nearness::SameFunction, Nearness::SameFile, Nearness::Anywhere}) {
    std::map<Key, std::deque<size_t>> open;  // key → unused removed lines, in diff order
    for (size_t r = 0; r < removed.size(); ++r)
      if (!removed_used[r]) open[key(removed[r], nearness)].push_back(r);
    for (size_t a = 0; a < added.size(); ++a) {
      if (added_used[a]) continue;
      const auto found = open.find(key(added[a], nearness));
      if (found == open.end() || found->second.empty()) continue;
      const size_t r = found->second.front();
      found->second.pop_front();
      added_used[a] = removed_used[r] = true;
      pairs.push_back({added[a], removed[r]});
    }
  }
}

// Rule 1: pairs each added line with a removed line of the same text, nearest first. A lone line
// (no paired neighbour) is taken as moved only within its function: elsewhere the same short line
// (`return 0`, `inter_dim=inter_dim,`, `import torch`, a parameter) is mostly a coincidence, and
// a line a file or function newly imports, calls or declares is new code there.
// `partners` gets each marked line's partner, both ways.
void pair_same_text(const std::vector<HunkLines>& hunks, std::unordered_set<const DiffLine*>& moved,
                    std::unordered_map<const DiffLine*, const DiffLine*>& partners) {
  std::map<std::string, std::pair<std::vector<Place>, std::vector<Place>>> by_text;
  for (const HunkLines& hunk : hunks)
    for (size_t i = 0; i < hunk.lines.size(); ++i) {
      const ChangedLine& line = hunk.lines[i];
      if (line.text.empty() || line.trivial) continue;
      auto& [added, removed] = by_text[line.text];
      (line.line->kind == LineKind::Added ? added : removed).push_back({&hunk, i});
    }
  std::vector<std::pair<Place, Place>> pairs;
  for (const auto& [text, sides] : by_text) pair_nearest_first(sides.first, sides.second, pairs);
  std::unordered_set<const DiffLine*> paired;
  for (const auto& [added, removed] : pairs) {
    paired.insert(added.line());
    paired.insert(removed.line());
  }
  for (const auto& [added, removed] : pairs) {
    if (!same_function(added, removed) && !(in_paired_block(added, paired) && in_paired_block(removed, paired)))
      continue;
    moved.insert(added.line());
    moved.insert(removed.line());
    partners[added.line()] = removed.line();
    partners[removed.line()] = added.line();
  }
}

// A concatenation of normalized lines, with the commas that now stand before a closer dropped.
std::string canonical(const std::string& joined) {
  std::string out;
  out.reserve(joined.size());
  for (char c : joined) {
    if (is_closer(c) && !out.empty() && out.back() == ',') out.pop_back();
    out += c;
  }
  return out;
}

// `longer` begins (forwards) or ends (backwards) with `shorter`; a trailing comma of a forward
// `shorter` may be one a closer later drops.
bool covers(const std::string& longer, std::string shorter, bool backwards) {
  if (!backwards && !shorter.empty() && shorter.back() == ',') shorter.pop_back();
  if (shorter.size() > longer.size()) return false;
  return backwards ? longer.compare(longer.size() - shorter.size(), shorter.size(), shorter) == 0
                   : longer.compare(0, shorter.size(), shorter) == 0;
}

// Marks equal-concatenation stretches of `removed` and `added` (normalized texts, blanks left
// out) from the front (or, backwards, from the back) while they last; returns how many lines of
// each side were consumed.
template <typename Iter>
std::pair<size_t, size_t> mark_reflowed_from(Iter removed, Iter removed_end, Iter added, Iter added_end, bool backwards,
                                             std::unordered_set<const DiffLine*>& moved) {
  const auto extend = [backwards](std::string& joined, const std::string& text) {
    joined = backwards ? text + joined : joined + text;
  };
  Iter r = removed, a = added;
  size_t done_r = 0, done_a = 0;
  while (r != removed_end && a != added_end) {
    Iter r_start = r, a_start = a;
    std::string r_text = (*r++)->text, a_text = (*a++)->text;
    while (canonical(r_text) != canonical(a_text)) {
      if (covers(canonical(a_text), canonical(r_text), backwards) && r != removed_end) extend(r_text, (*r++)->text);
      else if (covers(canonical(r_text), canonical(a_text), backwards) && a != added_end) extend(a_text, (*a++)->text);
      else return {done_r, done_a};
    }
    for (Iter it = r_start; it != r; ++it) moved.insert((*it)->line);
    for (Iter it = a_start; it != a; ++it) moved.insert((*it)->line);
    done_r = static_cast<size_t>(r - removed);
    done_a = static_cast<size_t>(a - added);
  }
  return {done_r, done_a};
}

void mark_reflowed(const std::vector<HunkLines>& hunks, std::unordered_set<const DiffLine*>& moved) {
  for (const HunkLines& hunk : hunks)
    for (const auto& [begin, end] : hunk.runs) {
      std::vector<const ChangedLine*> removed, added;
      for (size_t i = begin; i < end; ++i) {
        const ChangedLine& line = hunk.lines[i];
        if (line.text.empty()) continue;
        (line.line->kind == LineKind::Added ? added : removed).push_back(&line);
      }
      const auto [front_r, front_a] =
          mark_reflowed_from(removed.cbegin(), removed.cend(), added.cbegin(), added.cend(), false, moved);
      removed.erase(removed.begin(), removed.begin() + static_cast<std::ptrdiff_t>(front_r));
      added.erase(added.begin(), added.begin() + static_cast<std::ptrdiff_t>(front_a));
      mark_reflowed_from(removed.crbegin(), removed.crend(), added.crbegin(), added.crend(), true, moved);
    }
}

// A trivial line that follows a marked line of its own kind in its run of changed lines (blank
// lines and the other kind's lines between are skipped; a chain of trivial lines follows along).
struct TrivialFollower {
  const ChangedLine* line;
  const DiffLine* anchor;  // the marked line it follows
  int place;               // 0 for the first trivial line after it, 1 for the next …
};

std::vector<TrivialFollower> trivial_followers(const std::vector<HunkLines>& hunks, LineKind kind,
                                               const std::unordered_set<const DiffLine*>& moved) {
  std::vector<TrivialFollower> followers;
  for (const HunkLines& hunk : hunks)
    for (const auto& [begin, end] : hunk.runs) {
      const DiffLine* anchor = nullptr;
      int place = 0;
      for (size_t i = begin; i < end; ++i) {
        const ChangedLine& line = hunk.lines[i];
        if (line.line->kind != kind || line.text.empty()) continue;
        if (line.trivial && anchor != nullptr) {
          followers.push_back({&line, anchor, place++});
          continue;
        }
        anchor = moved.count(line.line) ? line.line : nullptr;
        place = 0;
      }
    }
  return followers;
}

// Rule 3: pairs trivial followers of one text, first where their anchors are partners (the `)` that
// closes a moved call pairs with the one that closed it where it came from), then the rest in
// diff order.
void pair_trivial_followers(const std::vector<HunkLines>& hunks,
                            const std::unordered_map<const DiffLine*, const DiffLine*>& partners,
                            std::unordered_set<const DiffLine*>& moved) {
  const std::vector<TrivialFollower> added = trivial_followers(hunks, LineKind::Added, moved);
  const std::vector<TrivialFollower> removed = trivial_followers(hunks, LineKind::Removed, moved);
  std::map<std::tuple<const DiffLine*, int, std::string>, size_t> removed_at;  // (anchor, place, text) → index
  for (size_t r = 0; r < removed.size(); ++r)
    removed_at.emplace(std::make_tuple(removed[r].anchor, removed[r].place, removed[r].line->text), r);
  std::vector<bool> added_used(added.size()), removed_used(removed.size());
  const auto pair = [&](size_t a, size_t r) {
    added_used[a] = removed_used[r] = true;
    moved.insert(added[a].line->line);
    moved.insert(removed[r].line->line);
  };
  for (size_t a = 0; a < added.size(); ++a) {
    const auto partner = partners.find(added[a].anchor);
    if (partner == partners.end()) continue;
    const auto found = removed_at.find(std::make_tuple(partner->second, added[a].place, added[a].line->text));
    if (found != removed_at.end() && !removed_used[found->second]) pair(a, found->second);
  }
  std::map<std::string, std::deque<size_t>> open;  // text → unused removed followers, in diff order
  for (size_t r = 0; r < removed.size(); ++r)
    if (!removed_used[r]) open[removed[r].line->text].push_back(r);
  for (size_t a = 0; a < added.size(); ++a) {
    if (added_used[a]) continue;
    const auto found = open.find(added[a].line->text);
    if (found == open.end() || found->second.empty()) continue;
    pair(a, found->second.front());
    found->second.pop_front();
  }
}

}  // namespace

std::string normalized_code_text(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    if (is_space(c)) continue;
    if (is_closer(c) && !out.empty() && out.back() == ',') out.pop_back();
    out += c == '\'' ? '"' : c;
  }
  return out;
}

std::unordered_set<const DiffLine*> find_moved_lines(const ParsedDiff& diff, const EnclosingFunctions& functions) {
  std::unordered_set<const DiffLine*> moved;
  std::unordered_map<const DiffLine*, const DiffLine*> partners;
  const std::vector<HunkLines> hunks = collect(diff, functions);
  pair_same_text(hunks, moved, partners);
  mark_reflowed(hunks, moved);
  pair_trivial_followers(hunks, partners, moved);
  return moved;
}

}  // namespace atom
