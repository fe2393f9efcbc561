// Small text helpers shared by the renderers: valid UTF-8 for output, sentence endings.
#pragma once
#include <string>
#include <string_view>

namespace atom {

// Invalid UTF-8 sequences become U+FFFD (one per maximal invalid subpart), so text output and
// JSON output show the same characters.
std::string to_valid_utf8(std::string_view bytes);

// Trims surrounding whitespace and ends the text with '.', unless it already ends with
// '.', '?', '!' or ':'. Empty stays empty.
std::string as_sentence(std::string_view text);

}  // namespace atom
