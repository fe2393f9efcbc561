// Text as valid UTF-8: what the engine shows of a diff (its bytes may be anything) and what every
// output (JSON, markdown, SARIF) holds.
#pragma once
#include <string>
#include <string_view>

namespace atom {

// Invalid UTF-8 sequences become U+FFFD (one per maximal invalid subpart), so text output and
// JSON output show the same characters.
std::string to_valid_utf8(std::string_view bytes);

}  // namespace atom
