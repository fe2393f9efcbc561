// Paths as git writes them in diff headers: C-quoted or bare, with "a/" / "b/" prefixes,
// "/dev/null" for a missing side, and a trailing tab after names that contain spaces.
#pragma once
#include <optional>
#include <string>
#include <string_view>

namespace atom::diff_detail {

struct PathPair {
  std::string old_path, new_path;  // with their "a/" / "b/" prefixes still on
};

// Splits the text after "diff --git " into its two paths. Quoted halves are unquoted. Bare
// halves containing spaces are split where both sides name the same file ("a/x y b/x y"), else
// at the last " b/". nullopt when no split is possible.
std::optional<PathPair> split_git_header_paths(std::string_view rest);

// The path on a "--- " / "+++ " / "rename from " line: unquoted, trailing "\t..." removed.
std::string header_line_path(std::string_view text);

// "a/x" → "x" (likewise "b/"); other text unchanged. "/dev/null" → "".
std::string strip_side_prefix(std::string_view path, char side);

}  // namespace atom::diff_detail
