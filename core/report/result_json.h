// Pieces of the result JSON that other renderers reuse.
#pragma once
#include <nlohmann/json.hpp>
#include "core/rules/finding.h"

namespace atom {

// One finding as in contract.md ("findings" entries): rule, severity, path|null, line|null,
// side, tag, trigger|null, problem, impact, action, message_id, plus folded / worth_checking /
// place / category when they apply.
nlohmann::json finding_json(const Finding& finding);

}  // namespace atom
