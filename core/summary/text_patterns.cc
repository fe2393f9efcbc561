#include "core/summary/summary_parts.h"

namespace atom {

const RE2& perf_claim_pattern() {
  static const RE2 pattern(
      R"((?i)(\b(?:perf\w*|optimi[sz]\w*|fuse|fused|fusion|faster|speed-?ups?|latency|throughput)\b|\+\d+(?:\.\d+)?\s*%))");
  return pattern;
}

const RE2& why_pattern() {
  static const RE2 pattern(
      R"((?i)(\b(?:because|since|so that|in order to|caused by|root cause|due to|eliminat\w+|avoid\w*|otherwise|which (?:means|causes|caused)|leads? to|led to|results? in|the reason|motivation|instead of|was (?:wrong|broken|missing|incorrect))\b))");
  return pattern;
}

const RE2& root_cause_pattern() {
  static const RE2 pattern(
      R"((?i)(\b(?:root cause|caused by|because|due to|the bug (?:was|is)|was (?:wrong|broken|missing|incorrect|dropped|ignored)|led to|leads? to|results? in|so that|which (?:means|causes|caused)|overflow\w*|race|aliased|uninitiali[sz]ed|off-by-one)\b))");
  return pattern;
}

const RE2& linked_issue_pattern() {
  static const RE2 pattern(
      R"((?i)\b((?:fix(?:es|ed)?|close[sd]?|resolve[sd]?)\b\s*:?\s*(#\d+|[\w.-]+/[\w.-]+#\d+|https?://github\.com/[\w.-]+/[\w.-]+/issues/\d+)\b))");
  return pattern;
}

}  // namespace atom
