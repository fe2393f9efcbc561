#include "core/rules/rule_line_patterns.h"

#include "core/rules/registry.h"

namespace atom {

const LinePatternSet& rule_line_patterns() {
  static const LinePatternSet set = [] {
    std::vector<std::pair<std::string, std::string>> patterns;
    for (const Rule* rule : all_rules())
      for (const auto& entry : rule->meta().line_patterns) patterns.push_back(entry);
    return LinePatternSet(patterns);
  }();
  return set;
}

}  // namespace atom
