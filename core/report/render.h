// Renderers of a ReviewResult. The only place where findings become words.
#pragma once
#include <string>
#include <nlohmann/json.hpp>
#include "core/result/review_result.h"

namespace atom {

nlohmann::json to_result_json(const ReviewResult& result);   // contract.md "The review result"
std::string render_card(const ReviewResult& result);         // Step 8 verdict card, markdown, no rule IDs
const char* verdict_label(Verdict verdict);                   // "LGTM" | "NEEDS WORK" | "BLOCK"
// The card's and the page's verdict words: verdict_label, except that a review with no warn or red
// finding but a note the engine verified says what to look at instead of LGTM.
std::string verdict_words(const ReviewResult& result);
nlohmann::json to_sarif(const ReviewResult& result);          // SARIF 2.1.0 with the rule catalogue

// Serialises with sorted keys, invalid UTF-8 replaced by U+FFFD: the same bytes native and WASM.
std::string dump_json(const nlohmann::json& value, int indent = -1);

}  // namespace atom
