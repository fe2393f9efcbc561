// The one entry point of the core: bytes in, result out. No I/O, no platform code.
// Both the CLI (cli/) and the WebAssembly binding (wasm/) call these, or their JSON-text form
// (core/report/review_json.h), and nothing deeper.
#pragma once
#include <string>
#include <string_view>
#include <vector>
#include "core/diff/widen_to_whole_files.h"
#include "core/result/review_result.h"
#include "core/packs/pack.h"
#include "core/repository/repository_index.h"

namespace atom {

// Parses, analyses, runs every rule, applies the red gate, folding, dismissals and the verdict.
ReviewResult run_review(std::string_view diff_bytes, const PrMeta& meta,
                        const nlohmann::json& meta_given = nlohmann::json::object());

// The same with the pack given (`--pack PACK.json`, meta.pack in the binding) instead of the
// built-in pack for meta.repo (core/packs/builtin_packs.h): its tiers, knowledge, rule overrides
// and custom rules.
ReviewResult run_review(std::string_view diff_bytes, const PrMeta& meta, const nlohmann::json& meta_given,
                        const Pack& pack);

// The same with the files at the PR's head (`--repo DIR`): each file that agrees with the diff is
// reviewed as one hunk showing the whole file; the others keep their hunks, with a note in errors[].
ReviewResult run_review(std::string_view diff_bytes, const PrMeta& meta, const nlohmann::json& meta_given,
                        const Pack& pack, const HeadFiles& head);

// The same with the whole repository the PR lands in (`--repo DIR` read whole; the extension's
// snapshot), indexed once (core/repository/repository_index.h) and kept by the caller across
// reviews: the rules that verify against the repository run. The touched files' two sides come
// from `head` and the diff, so the snapshot may hold the PR's head or its base branch.
ReviewResult run_review(std::string_view diff_bytes, const PrMeta& meta, const nlohmann::json& meta_given,
                        const Pack& pack, const HeadFiles& head, const RepositoryIndex& repository);

// The paths whose head version the review of `diff_bytes` reads (core/diff/widen_to_whole_files.h
// paths_needing_head), within the same input limits: all a host needs to fetch or read for the
// HeadFiles form above, found without reviewing.
std::vector<std::string> head_paths_to_read(std::string_view diff_bytes);

}  // namespace atom
