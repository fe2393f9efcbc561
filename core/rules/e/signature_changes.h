// Python def signatures that a diff changes: the old and new parameter lists of every def
// whose signature lines include a removed or added line, paired by name (E2, E3).
#pragma once
#include <string>
#include <vector>
#include "core/rules/d/dg_support.h"

namespace atom::dg {

struct SignatureChange {
  const FileView* file = nullptr;
  std::string name;                 // "forward"
  const CodeLine* new_def = nullptr;
  std::vector<const CodeLine*> new_signature;  // the def's lines up to its closing ':'

  std::vector<Param> old_params, new_params;
};

std::vector<SignatureChange> signature_changes(const FileView& file);

bool has_param(const std::vector<Param>& params, const std::string& name);

}  // namespace atom::dg
