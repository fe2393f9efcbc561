// The one entry point of the core: bytes in, result out. No I/O, no platform code.
// Both the CLI (cli/) and the WebAssembly binding (wasm/) call these and nothing deeper.
#pragma once
#include <string>
#include <string_view>
#include "core/diff/widen_to_whole_files.h"
#include "core/report/review_result.h"
#include "core/packs/pack.h"

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

// Convenience for bindings: meta as JSON text; returns the result JSON (contract.md) as text.
// Never throws: a bad meta gives a result whose errors[] names it. A "pack" object in the meta
// replaces the built-in pack for this review, as --pack does (and is not echoed in "pr"); a pack
// that fails validation gives a result whose errors[] holds one "bad-pack" entry per error.
std::string review_to_json_text(std::string_view diff_bytes, std::string_view meta_json_text);

// The same with the files at the PR's head, as run_review(..., HeadFiles) reviews them.
std::string review_to_json_text(std::string_view diff_bytes, std::string_view meta_json_text, const HeadFiles& head);

}  // namespace atom
