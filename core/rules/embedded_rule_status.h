// core/rules/rule_status.json as compiled into the engine (embed_rule_status.cmake), so the core
// needs no filesystem. Read it through RuleStatusTable::embedded() (core/rules/rule_status.h).
#pragma once

namespace atom {

const char* embedded_rule_status_json();

}  // namespace atom
