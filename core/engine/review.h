// The one entry point of the core: bytes in, result out. No I/O, no platform code.
// Both the CLI (cli/) and the WebAssembly binding (wasm/) call these and nothing deeper.
#pragma once
#include <string>
#include <string_view>
#include "core/report/review_result.h"

namespace atom {

// Parses, analyses, runs every rule, applies the red gate, folding, dismissals and the verdict.
ReviewResult run_review(std::string_view diff_bytes, const PrMeta& meta,
                        const nlohmann::json& meta_given = nlohmann::json::object());

// Convenience for bindings: meta as JSON text; returns the result JSON (contract.md) as text.
// Never throws: a bad meta gives a result whose errors[] names it.
std::string review_to_json_text(std::string_view diff_bytes, std::string_view meta_json_text);

}  // namespace atom
