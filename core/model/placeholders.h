// The placeholders of a message template: `{name}`, a name of ASCII letters, digits and '_'.
// Rules, packs and the report all read templates through these, so they agree on what a
// placeholder is. A rule's message may also hold optional parts, so that words that depend on
// what the rule found stay in the template and the rule sets only values: `{name?text}` is `text`
// when the field `name` has a value (a non-empty one) and nothing otherwise, `{!name?text}` the
// other way round; `text` may hold placeholders, not further optional parts.
#pragma once
#include <cstddef>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace atom {

// The length of the placeholder that opens at text[at] ("{name}" → 6); 0 when none opens there.
size_t placeholder_length(std::string_view text, size_t at);

// The placeholder names of `text`, in order ("{a} and {b}" → a, b).
std::vector<std::string> placeholder_names(std::string_view text);

// `text` with each optional part replaced by its text or by nothing, as `fields` decide; the
// placeholders are left for the caller to fill ("x{at? at {at}}" + {at: "a.py:3"} → "x at {at}").
std::string resolve_optional_parts(std::string_view text, const std::map<std::string, std::string>& fields);

// `text` with each optional part shown as `[text]`, for documentation of a template.
std::string show_optional_parts(std::string_view text);

}  // namespace atom
