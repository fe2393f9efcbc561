#include "core/report/sarif_limits.h"

#include <string>

#include "core/report/render.h"

namespace atom {

void fit_results_within_limits(nlohmann::json& sarif, std::vector<nlohmann::json> results, const SarifLimits& limits) {
  nlohmann::json& run = sarif["runs"][0];
  const size_t total = results.size();
  size_t kept = std::min(total, limits.max_results);
  const char* reason = kept < total ? "more than the 25,000 results GitHub accepts per run" : nullptr;

  // Room left for results: the document without them, plus room for the truncation notes.
  run["results"] = nlohmann::json::array();
  const size_t notes_room = 200;
  const size_t base = dump_json(sarif).size() + notes_room;
  size_t used = base;
  for (size_t i = 0; i < kept; ++i) {
    used += dump_json(results[i]).size() + 1;  // + the separating comma
    if (used > limits.max_bytes) {
      kept = i;
      reason = "larger than the 10 MB GitHub accepts";
      break;
    }
  }
  results.resize(kept);
  run["results"] = std::move(results);
  if (kept < total) {
    run["properties"]["truncated"] = true;
    run["properties"]["resultsTotal"] = total;
    run["properties"]["resultsKept"] = kept;
    run["properties"]["truncationReason"] = reason;
  }
}

}  // namespace atom
