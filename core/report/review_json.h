// A review as the result JSON text (contract.md), in one call: the form the WebAssembly binding
// and the tests use. Bytes and meta JSON in, indented JSON out, as `atom-review review --format
// json` prints it, so native and WASM give the same bytes.
#pragma once
#include <string>
#include <string_view>
#include "core/diff/widen_to_whole_files.h"
#include "core/repository/repository_index.h"

namespace atom {

// Convenience for bindings: meta as JSON text; returns the result JSON (contract.md) as text.
// Never throws: a bad meta gives a result whose errors[] names it. A "pack" object in the meta
// replaces the built-in pack for this review, as --pack does (and is not echoed in "pr"); a pack
// that fails validation gives a result whose errors[] holds one "bad-pack" entry per error.
std::string review_to_json_text(std::string_view diff_bytes, std::string_view meta_json_text);

// The same with the files at the PR's head, as run_review(..., HeadFiles) reviews them.
std::string review_to_json_text(std::string_view diff_bytes, std::string_view meta_json_text, const HeadFiles& head);

// The same checked against the whole repository, as run_review(..., HeadFiles, RepositoryIndex).
std::string review_to_json_text(std::string_view diff_bytes, std::string_view meta_json_text, const HeadFiles& head,
                                const RepositoryIndex& repository);

}  // namespace atom
