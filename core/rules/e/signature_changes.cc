#include "core/rules/e/signature_changes.h"

#include <map>

#include "core/rules/d/python_chain.h"

namespace atom::dg {
namespace {

struct Def {
  const CodeLine* line = nullptr;
  std::vector<const CodeLine*> signature;
  std::vector<Param> params;
  bool changed = false;
};

// Defs of one side, keyed by "indent:name" so that a method and a module function differ.
std::map<std::string, Def> defs_of(const std::vector<const CodeLine*>& lines, bool (*changed)(const CodeLine&)) {
  std::map<std::string, Def> defs;
  for (size_t i = 0; i < lines.size(); ++i) {
    if (!is_statement_start(*lines[i])) continue;
    std::string name = python_def_name(lines[i]->code);
    if (name.empty()) continue;
    size_t end = i;
    std::string signature = statement_text(lines, i, &end);
    Def def{lines[i], std::vector<const CodeLine*>(lines.begin() + i, lines.begin() + end + 1), python_params(signature),
            false};
    for (size_t k = i; k <= end; ++k) def.changed |= changed(*lines[k]);
    defs.emplace(std::to_string(lines[i]->indent) + ":" + name, std::move(def));
    i = end;
  }
  return defs;
}

}  // namespace

std::vector<SignatureChange> signature_changes(const FileView& file) {
  std::vector<SignatureChange> changes;
  if (file.language != Language::Python) return changes;
  std::map<std::string, Def> old_defs = defs_of(old_side_lines(file), is_deleted_code);
  std::map<std::string, Def> new_defs = defs_of(new_side_lines(file), is_new_code);
  for (const auto& [key, new_def] : new_defs) {
    auto old_def = old_defs.find(key);
    if (old_def == old_defs.end() || (!new_def.changed && !old_def->second.changed)) continue;
    changes.push_back({&file, key.substr(key.find(':') + 1), new_def.line, new_def.signature, old_def->second.params,
                       new_def.params});
  }
  return changes;
}

bool has_param(const std::vector<Param>& params, const std::string& name) {
  for (const Param& param : params)
    if (param.name == name) return true;
  return false;
}

}  // namespace atom::dg
