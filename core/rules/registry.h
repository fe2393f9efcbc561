// The one list of rules (core/rules/rule_list.inc), in catalogue order.
#pragma once
#include <vector>
#include "core/rules/rule.h"

namespace atom {

const std::vector<const Rule*>& all_rules();
const Rule* find_rule(const std::string& id);  // nullptr when unknown
// The message `message_id` of rule `rule_id`; nullptr when either is unknown.
const MessageTemplate* find_message(const std::string& rule_id, const std::string& message_id);

}  // namespace atom
