#include "core/analysis/rearranged_code.h"

#include <algorithm>
#include <map>
#include <optional>
#include <vector>

#include <re2/re2.h>

#include "core/analysis/moved_lines.h"

namespace atom {
namespace {

// The canonical form of a Python import statement (given as written): normalized, its names
// sorted, since isort and ruff reorder them freely. Nullopt for any other statement.
std::optional<std::string> canonical_import(const std::string& statement) {
  static const RE2 import_statement(R"(^\s*((?:from\s+\S+\s+)?import)\s+\(?([^()]*)\)?\s*$)");
  std::string head, names;
  if (!RE2::FullMatch(statement, import_statement, &head, &names)) return std::nullopt;
  std::vector<std::string> sorted;
  for (size_t start = 0; start <= names.size();) {
    const size_t comma = std::min(names.find(',', start), names.size());
    std::string name = normalized_code_text(names.substr(start, comma - start));
    if (!name.empty()) sorted.push_back(std::move(name));
    start = comma + 1;
  }
  std::sort(sorted.begin(), sorted.end());
  std::string canonical = normalized_code_text(head) + ":";
  for (const std::string& name : sorted) canonical += name + ",";
  return canonical;
}

// A function's code as one side of the diff shows it, one entry per statement.
struct SideStatements {
  struct Statement {
    int indent;
    std::string code;
  };
  std::vector<Statement> raw;
  bool python = false;

  void add(const CodeLine& line, bool in_python) {
    python = python || in_python;
    if (raw.empty() || (in_python && !line.continuation)) raw.push_back({line.indent, ""});
    raw.back().code += line.code;
  }
  // Without whitespace, comments or string contents. A Python statement keeps its indent relative
  // to the function's shallowest statement on this side (its block: a body re-indented whole keeps
  // its blocks); imports come last, as a sorted set of sorted names. A C/C++ function's code is one
  // entry, since braces, not lines, delimit its blocks.
  std::vector<std::string> compared() const {
    int shallowest = 0;
    for (size_t i = 0; i < raw.size(); ++i) shallowest = i == 0 ? raw[i].indent : std::min(shallowest, raw[i].indent);
    std::vector<std::string> statements, imports;
    for (const Statement& statement : raw) {
      const std::string block = std::to_string(statement.indent - shallowest) + "|";
      if (auto import = python ? canonical_import(statement.code) : std::nullopt) imports.push_back(block + *import);
      else statements.push_back(block + normalized_code_text(statement.code));
    }
    std::sort(imports.begin(), imports.end());
    statements.insert(statements.end(), imports.begin(), imports.end());
    return statements;
  }
};

struct BothSides {
  SideStatements before, after;  // context and removed lines; context and added lines
};

// The code of each of `functions` on both sides of the diff, over every non-test file, in one pass.
std::map<std::string, BothSides> code_of(const ReviewModel& model, const std::set<std::string>& functions) {
  std::map<std::string, BothSides> sides;
  for (const FileView& file : model.files) {
    if (file.is_test) continue;
    const bool python = file.language == Language::Python;
    for (const HunkView& hunk : file.hunks)
      for (const CodeLine& line : hunk.lines) {
        if (line.blank_or_comment || !functions.count(line.function)) continue;
        BothSides& both = sides[line.function];
        if (line.kind != LineKind::Added) both.before.add(line, python);
        if (line.kind != LineKind::Removed) both.after.add(line, python);
      }
  }
  return sides;
}

}  // namespace

std::set<std::string> rearranged_functions(const ReviewModel& model, const std::set<std::string>& functions) {
  std::set<std::string> rearranged;
  for (const auto& [function, sides] : code_of(model, functions)) {
    const std::vector<std::string> before = sides.before.compared(), after = sides.after.compared();
    if (!before.empty() && !after.empty() && before != after) rearranged.insert(function);
  }
  return rearranged;
}

}  // namespace atom
