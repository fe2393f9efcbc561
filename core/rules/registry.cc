#include "core/rules/registry.h"

#include <memory>

namespace atom {

#define ATOM_RULE(id, factory) std::unique_ptr<Rule> factory();
#include "core/rules/rule_list.inc"
#undef ATOM_RULE

namespace {

std::vector<std::unique_ptr<Rule>> make_all_rules() {
  std::vector<std::unique_ptr<Rule>> rules;
#define ATOM_RULE(id, factory) rules.push_back(factory());
#include "core/rules/rule_list.inc"
#undef ATOM_RULE
  return rules;
}

}  // namespace

const std::vector<const Rule*>& all_rules() {
  // Built once; the rules are stateless, so sharing them between reviews is safe.
  static const std::vector<std::unique_ptr<Rule>> owned = make_all_rules();
  static const std::vector<const Rule*> view = [] {
    std::vector<const Rule*> out;
    for (const auto& rule : owned) out.push_back(rule.get());
    return out;
  }();
  return view;
}

const Rule* find_rule(const std::string& id) {
  for (const Rule* rule : all_rules())
    if (rule->meta().id == id) return rule;
  return nullptr;
}

const MessageTemplate* find_message(const std::string& rule_id, const std::string& message_id) {
  const Rule* rule = find_rule(rule_id);
  if (rule == nullptr) return nullptr;
  for (const MessageTemplate& message : rule->meta().messages)
    if (message.id == message_id) return &message;
  return nullptr;
}

}  // namespace atom
