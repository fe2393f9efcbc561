// The line-pattern prefilter: (key, pattern) pairs compiled into one RE2::Set, so each added line
// is scanned once however many rules want patterns. The rules' set is core/rules/rule_line_patterns.h.
#pragma once
#include <string>
#include <string_view>
#include <vector>
#include <re2/set.h>

namespace atom {

class LinePatternSet {
 public:
  // (key, RE2 pattern) pairs; a pattern that does not compile is left out and named in errors().
  explicit LinePatternSet(const std::vector<std::pair<std::string, std::string>>& patterns);
  // Keys of the patterns `code` matches, sorted, unique.
  std::vector<std::string> match(std::string_view code) const;
  const std::vector<std::string>& errors() const { return errors_; }

 private:
  RE2::Set set_;
  std::vector<std::string> keys_;  // by RE2::Set index
  std::vector<std::string> errors_;
  bool compiled_ = false;
};

}  // namespace atom
