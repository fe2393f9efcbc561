// GitHub code scanning rejects uploads with more than 25,000 results per run or larger than
// 10 MB; we cut the (severity-sorted) results deterministically and say so in the run.
#pragma once
#include <cstddef>
#include <vector>
#include <nlohmann/json.hpp>

namespace atom {

struct SarifLimits {
  size_t max_results = 25000;
  size_t max_bytes = 10 * 1000 * 1000;  // of the compact serialisation
};

// Puts the longest prefix of `results` that keeps within `limits` into runs[0].results; when
// some are left out, runs[0].properties gets truncated = true, resultsTotal, resultsKept and
// truncationReason.
void fit_results_within_limits(nlohmann::json& sarif, std::vector<nlohmann::json> results, const SarifLimits& limits);

}  // namespace atom
