// `--repo DIR`: the files the diff touches, read from a checkout at the PR's head, for the engine
// to review whole files (core/diff/widen_to_whole_files.h).
#pragma once
#include <string>

#include "core/diff/widen_to_whole_files.h"

namespace atom::cli {

// Reads into `out`, from `dir`, each file whose head version the review of `diff_bytes` uses
// (core/engine/review.h head_paths_to_read).
// Paths that would leave `dir` (absolute, `..`) or name no regular file are skipped (the engine
// then notes them); files over 16 MiB are skipped too. Returns false with one line naming `dir`
// when it is not a readable directory.
bool read_head_files(const std::string& dir, const std::string& diff_bytes, HeadFiles& out, std::string& error);

}  // namespace atom::cli
