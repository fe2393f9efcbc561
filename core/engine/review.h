// The one entry point of the core: bytes in, result out. No I/O, no platform code.
// Both the CLI (cli/) and the WebAssembly binding (wasm/) call these and nothing deeper.
#pragma once
#include <string>
#include <string_view>
#include "core/diff/widen_to_whole_files.h"
#include "core/report/review_result.h"
#include "core/tiers/tier_table.h"

namespace atom {

// Parses, analyses, runs every rule, applies the red gate, folding, dismissals and the verdict.
ReviewResult run_review(std::string_view diff_bytes, const PrMeta& meta,
                        const nlohmann::json& meta_given = nlohmann::json::object());

// The same with the tier table given (`--pack PACK.json`) instead of the one for meta.repo.
ReviewResult run_review(std::string_view diff_bytes, const PrMeta& meta, const nlohmann::json& meta_given,
                        const TierTable& tiers);

// The same with the files at the PR's head (`--repo DIR`): each file that agrees with the diff is
// reviewed as one hunk showing the whole file; the others keep their hunks, with a note in errors[].
ReviewResult run_review(std::string_view diff_bytes, const PrMeta& meta, const nlohmann::json& meta_given,
                        const TierTable& tiers, const HeadFiles& head);

// Convenience for bindings: meta as JSON text; returns the result JSON (contract.md) as text.
// Never throws: a bad meta gives a result whose errors[] names it.
std::string review_to_json_text(std::string_view diff_bytes, std::string_view meta_json_text);

// The same with the files at the PR's head, as run_review(..., HeadFiles) reviews them.
std::string review_to_json_text(std::string_view diff_bytes, std::string_view meta_json_text, const HeadFiles& head);

}  // namespace atom
