#include "core/rules/finding.h"

#include "core/model/identifier_chars.h"

namespace atom {

const char* to_string(Severity severity) {
  switch (severity) {
    case Severity::Note: return "note";
    case Severity::Warn: return "warn";
    case Severity::Red: return "red";
  }
  return "warn";
}

const char* to_string(Tag tag) { return tag == Tag::Inferred ? "inferred" : "verified"; }

std::string identity_text(std::string_view value) {
  std::string out;
  for (size_t i = 0; i < value.size(); ++i) {
    const bool digit = value[i] >= '0' && value[i] <= '9';
    const bool free = digit && (i == 0 || !is_identifier_char(value[i - 1]));
    if (!free) {
      out += value[i];
      continue;
    }
    out += '#';
    while (i + 1 < value.size() && value[i + 1] >= '0' && value[i + 1] <= '9') ++i;
  }
  return out;
}

}  // namespace atom
