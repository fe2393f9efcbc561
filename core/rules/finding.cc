#include "core/rules/finding.h"

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


}  // namespace atom
