#include "core/tiers/path_glob.h"

#include <vector>

namespace atom {
namespace {

std::vector<std::string_view> split_segments(std::string_view text) {
  std::vector<std::string_view> segments;
  size_t start = 0;
  while (true) {
    size_t slash = text.find('/', start);
    if (slash == std::string_view::npos) {
      segments.push_back(text.substr(start));
      return segments;
    }
    segments.push_back(text.substr(start, slash - start));
    start = slash + 1;
  }
}

// '*' within one segment; iterative with one backtrack point, so linear-ish and no recursion.
bool segment_matches(std::string_view pattern, std::string_view text) {
  size_t p = 0, t = 0;
  size_t star = std::string_view::npos, star_text = 0;
  while (t < text.size()) {
    if (p < pattern.size() && pattern[p] == '*') {
      star = p++;
      star_text = t;
    } else if (p < pattern.size() && pattern[p] == text[t]) {
      ++p;
      ++t;
    } else if (star != std::string_view::npos) {
      p = star + 1;
      t = ++star_text;
    } else {
      return false;
    }
  }
  while (p < pattern.size() && pattern[p] == '*') ++p;
  return p == pattern.size();
}

}  // namespace

bool path_glob_matches(std::string_view pattern, std::string_view path) {
  const auto pat = split_segments(pattern);
  const auto segs = split_segments(path);
  // reachable[j]: the pattern prefix seen so far can consume exactly the first j path segments.
  std::vector<bool> reachable(segs.size() + 1, false);
  reachable[0] = true;
  for (std::string_view piece : pat) {
    std::vector<bool> next(segs.size() + 1, false);
    if (piece == "**") {
      bool any = false;
      for (size_t j = 0; j <= segs.size(); ++j) {
        any = any || reachable[j];
        next[j] = any;
      }
    } else {
      for (size_t j = 0; j < segs.size(); ++j)
        if (reachable[j] && segment_matches(piece, segs[j])) next[j + 1] = true;
    }
    reachable.swap(next);
  }
  return reachable[segs.size()];
}

}  // namespace atom
