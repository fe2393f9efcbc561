// Whole files for the review. With the files as they stand at the pull request's head (a checkout,
// `atom-review review --repo DIR`), each file's base is rebuilt by reversing its hunks
// (core/diff/reverse_apply.h) and its hunks become one hunk showing the whole new file: the
// unchanged lines the diff left out become context, so every check sees whole functions and
// classes. Added and removed lines, and so the counts, stay exactly the diff's.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "core/model/diff.h"
#include "core/model/file_source.h"

namespace atom {

// path (as the diff names the new file) → that file's bytes at the head.
using HeadFiles = std::map<std::string, std::string>;

// Whether file_sources reads this file's head version: a text file the diff modifies, renames or
// copies, within the limits. An added or deleted file is whole from the diff alone.
bool needs_head_version(const FileDiff& file);

// The new paths of the files that need their head version (needs_head_version), in diff order;
// none for a patch of several commits (its files keep their hunks). What a host reads (`--repo
// DIR`, the extension's raw-file downloads): no other file's head changes a review.
std::vector<std::string> paths_needing_head(const ParsedDiff& diff);

// Per file of `diff` (same order): reviewed whole, with its head and base texts, or from its
// hunks with a reason (core/model/file_source.h). `head` null: no checkout was given; an added or
// deleted file is still whole, its one hunk being the whole file.
std::vector<FileSource> file_sources(const ParsedDiff& diff, const HeadFiles* head);

// Replaces the hunks of every file `sources` marks whole (and that has hunks and a head and a
// base) by one hunk over the whole head file.
void widen_whole_files(ParsedDiff& diff, const std::vector<FileSource>& sources);

// file_sources(diff, &head) then widen_whole_files; each file of a single-commit patch that the
// checkout lacks or disagrees with keeps its hunks and gets a note in `notes` (code
// "repo-file-missing" / "repo-file-differs"). Returns the sources.
std::vector<FileSource> widen_to_whole_files(ParsedDiff& diff, const HeadFiles& head, std::vector<ParseError>& notes);

}  // namespace atom
