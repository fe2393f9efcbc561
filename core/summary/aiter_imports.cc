#include "core/summary/aiter_imports.h"

#include <algorithm>
#include <optional>

#include <re2/re2.h>

#include "core/analysis/structure.h"

namespace atom {
namespace {

bool contains(const std::vector<std::string>& list, const std::string& item) {
  return std::find(list.begin(), list.end(), item) != list.end();
}

// Removes from `names` every name `listed` holds.
void erase_listed(std::vector<std::string>& names, const std::vector<std::string>& listed) {
  names.erase(std::remove_if(names.begin(), names.end(), [&listed](const std::string& name) { return contains(listed, name); }),
              names.end());
}

// Appends the names a line of an import list holds (`a`, `b as c`), brackets and commas dropped.
void read_names(std::string_view code, std::vector<std::string>& names) {
  std::string name;
  const auto flush = [&] {
    if (std::string kept = trimmed(name); !kept.empty()) names.push_back(std::move(kept));
    name.clear();
  };
  for (char c : code) {
    if (c == ',') flush();
    else if (c != '(' && c != ')' && c != '\\') name += c;
  }
  flush();
}

// A `from aiter.x import (` statement not yet closed on one side.
struct OpenImport {
  std::string module;
  bool head_changed = false;
  std::vector<std::string> all_names, changed_names;
  const CodeLine* first_changed = nullptr;
};

// One side's lines of the hunk, `skipped` being the other side's kind.
void read_side(const HunkView& hunk, LineKind skipped, std::vector<AiterImport>& out) {
  static const RE2 import_line(R"(^\s*(?:from\s+(aiter[\w.]*)\s+import\s+(.+)|import\s+(aiter[\w.]*)))");
  const bool added = skipped == LineKind::Removed;
  std::optional<OpenImport> open;
  for (const CodeLine& line : hunk.lines) {
    if (line.kind == skipped) continue;
    const bool changed = is_changed_code(line);
    if (open) {
      std::vector<std::string> names;
      read_names(line.code, names);
      open->all_names.insert(open->all_names.end(), names.begin(), names.end());
      if (changed) {
        open->changed_names.insert(open->changed_names.end(), names.begin(), names.end());
        if (open->first_changed == nullptr) open->first_changed = &line;
      }
      if (line.code.find(')') == std::string::npos) continue;
      const std::vector<std::string>& named = open->head_changed ? open->all_names : open->changed_names;
      if (open->first_changed != nullptr && !named.empty())
        out.push_back({open->module, named, added, open->first_changed});
      open.reset();
      continue;
    }
    if (line.code.find("aiter") == std::string::npos) continue;
    std::string module, names, plain;
    if (!RE2::PartialMatch(line.code, import_line, &module, &names, &plain)) continue;
    if (!plain.empty()) {
      if (changed) out.push_back({plain, {}, added, &line});
      continue;
    }
    if (names.find('(') == std::string::npos || names.find(')') != std::string::npos) {
      if (!changed) continue;
      AiterImport import{module, {}, added, &line};
      read_names(names, import.names);
      out.push_back(std::move(import));
      continue;
    }
    open = OpenImport{module, changed, {}, {}, changed ? &line : nullptr};
    read_names(names, open->all_names);
    if (changed) open->changed_names = open->all_names;
  }
}

}  // namespace

std::vector<AiterImport> changed_aiter_imports(const HunkView& hunk) {
  std::vector<AiterImport> imports;
  read_side(hunk, LineKind::Removed, imports);  // the head side: new imports
  read_side(hunk, LineKind::Added, imports);    // the base side: deleted imports
  return imports;
}

void ImportedNames::add(const AiterImport& import) {
  auto module = std::find_if(modules_.begin(), modules_.end(), [&](const auto& m) { return m.first == import.module; });
  if (module == modules_.end()) module = modules_.insert(modules_.end(), {import.module, {}});
  std::vector<std::string>& names = module->second;
  const std::vector<std::string> itself = {""};
  for (const std::string& name : import.names.empty() ? itself : import.names)
    if (!contains(names, name)) names.push_back(name);
}

void ImportedNames::drop_common(ImportedNames& added, ImportedNames& removed) {
  for (auto& [module, names] : added.modules_)
    for (auto& [other_module, other_names] : removed.modules_) {
      if (module != other_module) continue;
      const std::vector<std::string> before = names;
      erase_listed(names, other_names);
      erase_listed(other_names, before);
    }
}

bool ImportedNames::holds_any_of(const AiterImport& import) const {
  for (const auto& [module, names] : modules_) {
    if (module != import.module) continue;
    if (import.names.empty()) return contains(names, "");
    for (const std::string& name : import.names)
      if (contains(names, name)) return true;
  }
  return false;
}

std::vector<std::string> ImportedNames::listed() const {
  std::vector<std::string> entries;
  for (const auto& [module, names] : modules_) {
    std::string entry = module;
    std::string separator = ": ";
    for (const std::string& name : names) {
      if (name.empty()) continue;
      entry += separator + name;
      separator = ", ";
    }
    if (entry != module) entries.push_back(entry);
    if (contains(names, "")) entries.push_back(module);
  }
  return entries;
}

}  // namespace atom
