// `custom_rules` of a pack: each entry checked and its pattern compiled under the pack limits.
#pragma once
#include <string>
#include <vector>

#include "core/packs/pack_reader.h"

namespace atom {

std::vector<PatternRule> read_custom_rules(pack_reading::Reader& reader, const nlohmann::json& rules,
                                           const std::string& path, const std::vector<std::string>* known_rule_ids);

}  // namespace atom
