#include "core/analysis/line_patterns.h"

#include <algorithm>

namespace atom {
namespace {

RE2::Options set_options() {
  RE2::Options options;
  options.set_log_errors(false);
  options.set_max_mem(64 << 20);
  return options;
}

}  // namespace

LinePatternSet::LinePatternSet(const std::vector<std::pair<std::string, std::string>>& patterns)
    : set_(set_options(), RE2::UNANCHORED) {
  for (const auto& [key, pattern] : patterns) {
    std::string error;
    const int index = set_.Add(pattern, &error);
    if (index < 0) {
      errors_.push_back(key + ": " + error);
      continue;
    }
    keys_.resize(static_cast<size_t>(index) + 1);
    keys_[static_cast<size_t>(index)] = key;
  }
  compiled_ = !keys_.empty() && set_.Compile();
  if (!keys_.empty() && !compiled_) errors_.push_back("line patterns: RE2::Set failed to compile (out of memory?)");
}

std::vector<std::string> LinePatternSet::match(std::string_view code) const {
  std::vector<std::string> keys;
  if (!compiled_) return keys;
  std::vector<int> indexes;
  if (!set_.Match(re2::StringPiece(code.data(), code.size()), &indexes)) return keys;
  for (int index : indexes) keys.push_back(keys_[static_cast<size_t>(index)]);
  std::sort(keys.begin(), keys.end());
  keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
  return keys;
}

}  // namespace atom
