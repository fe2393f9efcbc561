// A finding is data: which rule, where, how sure, and the fields its message templates need.
// Rules never write prose; core/report turns message_id + fields into problem/impact/action, and a
// trigger (its values) into the message's trigger words.
#pragma once
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "core/model/side.h"

namespace atom {

enum class Severity { Note = 0, Warn = 1, Red = 2 };
enum class Tag { Verified, Inferred };

struct Finding {
  std::string rule;                      // "D1b"
  Severity severity = Severity::Warn;
  std::string path;                      // empty = PR-level finding
  int line = 0;                          // 0 = file-level (or PR-level) finding
  Side side = Side::New;                 // New: added/context line numbers; Old: removed line numbers
  Tag tag = Tag::Verified;
  // The concrete triggering input the rule saw; the red gate keeps a finding red only with one.
  // Its words are the message's `trigger` template (core/report fills it from `fields` and these
  // values, which only the trigger's words use: they are no part of the finding's identity, so
  // neither the baseline filter's key nor the SARIF fingerprint reads them).
  using TriggerValues = std::map<std::string, std::string>;
  std::optional<TriggerValues> trigger;
  std::string message_id;                // key into the rule's RuleMeta::messages
  std::map<std::string, std::string> fields;  // template values, e.g. {"var": "out", "branch": "elif x"}
  std::string place;                     // function (or hunk) the finding sits in: one finding per rule per place
  int folded = 0;                        // further hits of the same rule in the same place
};

const char* to_string(Severity severity);  // "note" | "warn" | "red"
const char* to_string(Tag tag);            // "verified" | "inferred"

// A field value as a finding's identity reads it (the baseline filter's key, the SARIF
// fingerprint): free numbers, such as line numbers and counts, become '#' ("line 42" → "line #",
// "atom/x.py:42" → "atom/x.py:#"); digits inside a word stay ("float16", "deepseek_v4").
std::string identity_text(std::string_view value);

}  // namespace atom
