// The line-pattern prefilter: every rule's RuleMeta::line_patterns compiled once per process
// into one RE2::Set, so each added line is scanned once however many rules want patterns.
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

// The set built from all registered rules (built on first use, then shared).
const LinePatternSet& rule_line_patterns();

}  // namespace atom
