// The aiter imports a PR writes and deletes, for Q3: `from aiter.x import a, b` and `import aiter.x`,
// and a `from aiter.x import (` statement read over its lines to the closing `)`.
#pragma once
#include <string>
#include <vector>

#include "core/analysis/review_model.h"

namespace atom {

struct AiterImport {
  std::string module;                 // "aiter.x"
  std::vector<std::string> names;     // "a", "b as c"; none for `import aiter.x`
  bool added = false;                 // written by the PR; else deleted
  const CodeLine* line = nullptr;     // its first new or deleted line
};

// One hunk's changed aiter imports, in order: new ones read from the head side (context and added
// lines), deleted ones from the base side (context and removed lines). A multi-line statement
// names what its new or deleted lines import, or every name when its first line is new or deleted.
std::vector<AiterImport> changed_aiter_imports(const HunkView& hunk);

// Names imported per module, modules in the order first seen.
class ImportedNames {
 public:
  void add(const AiterImport& import);
  // Drops every name that both hold for one module: an import the PR only moved (into a function,
  // out to a helper, from one statement to another) uses nothing new from aiter.
  static void drop_common(ImportedNames& added, ImportedNames& removed);
  // Whether a name of `import` is still held (not dropped as common).
  bool holds_any_of(const AiterImport& import) const;
  // Per module with a name left, "aiter.x: a, b", and "aiter.x" after it for `import aiter.x`.
  std::vector<std::string> listed() const;

 private:
  // "" stands for the module itself (`import aiter.x`).
  std::vector<std::pair<std::string, std::vector<std::string>>> modules_;
};

}  // namespace atom
