// Which side of the diff a line number counts on: the new file (added and context lines) or the
// old one (removed lines).
#pragma once

namespace atom {

enum class Side { New, Old };

inline const char* to_string(Side side) { return side == Side::Old ? "old" : "new"; }

}  // namespace atom
