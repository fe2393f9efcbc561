// With the files as they stand at the pull request's head (a checkout, `atom-review review
// --repo DIR`), each file's hunks become one hunk showing the whole new file: the unchanged lines
// the diff left out become context, so every check sees whole functions and classes. Added and
// removed lines, and so the counts, stay exactly the diff's.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "core/model/diff.h"

namespace atom {

// path (as the diff names the new file) → that file's bytes at the head.
using HeadFiles = std::map<std::string, std::string>;

// Widens the files of `diff` that `head` holds and that agree with the diff's new side line for
// line; each one that does not (or that `head` lacks) keeps its hunks and gets a note in `notes`
// (code "repo-file-missing" / "repo-file-differs"). Multi-commit patches are left as they are.
void widen_to_whole_files(ParsedDiff& diff, const HeadFiles& head, std::vector<ParseError>& notes);

}  // namespace atom
