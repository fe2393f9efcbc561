// Small text helpers shared by the renderers: sentence endings (valid UTF-8 is
// core/model/valid_utf8.h).
#pragma once
#include <string>
#include <string_view>

namespace atom {

// Trims surrounding whitespace and ends the text with '.', unless it already ends with
// '.', '?', '!' or ':'. Empty stays empty.
std::string as_sentence(std::string_view text);

}  // namespace atom
