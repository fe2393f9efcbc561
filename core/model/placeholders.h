// The placeholders of a message template: `{name}`, a name of ASCII letters, digits and '_'.
// Rules, packs and the report all read templates through these, so they agree on what a
// placeholder is.
#pragma once
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace atom {

// The length of the placeholder that opens at text[at] ("{name}" → 6); 0 when none opens there.
size_t placeholder_length(std::string_view text, size_t at);

// The placeholder names of `text`, in order ("{a} and {b}" → a, b).
std::vector<std::string> placeholder_names(std::string_view text);

}  // namespace atom
