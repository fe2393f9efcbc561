// AI5 — hallucinated symbols, only where the diff itself proves it: new code calls or imports a
// module-level Python function that the same diff deletes and does not define again anywhere.
#include <map>
#include <memory>
#include <set>
#include <re2/re2.h>
#include "core/analysis/python_structure.h"
#include "core/analysis/structure.h"
#include "core/rules/ai/ai_support.h"
#include "core/rules/rule.h"

namespace atom {
namespace {

const RuleMeta& ai5_meta() {
  static const RuleMeta meta = [] {
    RuleMeta m;
    m.id = "AI5";
    m.slug = "vanished-symbol";
    m.category = "AI";
    m.default_severity = Severity::Warn;
    m.summary = "New code calls or imports a function that the same diff deletes (and defines nowhere else in the diff).";
    m.what =
        "Python only, provable from the diff alone. Collects the module-level `def name(` lines the diff removes "
        "where no added or unchanged line of that same file defines, assigns or imports `name` again. Fires on an added "
        "line that (a) calls `name(` (not as a method, `obj.name(`) in the same file, or (b) imports `name` with "
        "`from <module> import …` where `<module>` is the removed definition's file (`atom/utils/foo.py` is "
        "`atom.utils.foo`).";
    m.why =
        "A reference to a symbol that no longer exists fails only when the line runs (NameError/ImportError), "
        "often on a path the author did not test. Code written against an API that was just renamed or removed "
        "is a classic sign of generated code that was never executed.";
    m.example =
        "The diff removes `def _get_padded_size(n, align):` from `atom/model_ops/moe.py` and adds "
        "`pad = _get_padded_size(m, 256)` in the same file.";
    m.must_not_fire =
        "The file that lost the function defines, assigns or imports it again (a move with a re-export, also as "
        "an alias inside a multi-line import: `new_name as old_name,`); an importer that switched to the new "
        "module; a "
        "method call `obj.name(`; a nested (indented) def; references in removed lines; anything the diff cannot "
        "prove (other files of the repository are not seen).";
    m.source = "—";
    m.messages = {{"vanished_symbol", "{path}:{line} uses `{name}`, which this PR deletes from {origin}",
                   "The line raises NameError/ImportError the first time it runs.",
                   "point the call at the function's new name or location, or keep `{name}`.",
                   "where `{name}` is defined now, since this PR deletes it from {origin}."}};
    return m;
  }();
  return meta;
}

std::string module_of(const std::string& path) {
  if (path.size() < 3 || path.compare(path.size() - 3, 3, ".py") != 0) return {};
  std::string module = path.substr(0, path.size() - 3);
  if (module.size() > 9 && module.compare(module.size() - 9, 9, "/__init__") == 0) module.resize(module.size() - 9);
  for (char& c : module)
    if (c == '/') c = '.';
  return module;
}

class Ai5VanishedSymbol final : public Rule {
 public:
  const RuleMeta& meta() const override { return ai5_meta(); }

  void check(const ReviewModel& model, std::vector<Finding>& out) const override {
    static const RE2 top_def(R"(^(?:async\s+)?def\s+([A-Za-z_]\w*)\s*\()");
    std::map<std::string, std::string> removed;  // name -> file it was deleted from
    for (const FileView& file : model.files) {
      if (file.language != Language::Python) continue;
      for_each_line(file, [&](const CodeLine& line) {
        std::string name;
        if (is_deleted_code(line) && line.indent == 0 && RE2::PartialMatch(line.code, top_def, &name))
          removed.emplace(name, file.path);
      });
    }
    // A name bound again in the file that lost it (defined, assigned, imported there: a move with a
    // re-export) still resolves, for calls in that file and for importers of that module alike.
    for (const FileView& file : model.files) {
      if (file.language != Language::Python) continue;
      for_each_line(file, [&](const CodeLine& line) {
        if (line.kind == LineKind::Removed) return;
        const std::vector<std::string> names = is_statement_start(line) ? bound_names(line.code) : listed_names(line.code);
        for (const std::string& name : names) {
          const auto it = removed.find(name);
          if (it != removed.end() && it->second == file.path) removed.erase(it);
        }
      });
    }
    if (removed.empty()) return;
    for (const FileView& file : model.files) {
      if (file.language != Language::Python) continue;
      for_each_line(file, [&](const CodeLine& line) {
        if (!is_new_code(line) || line.blank_or_comment) return;
        for (const auto& [name, origin] : removed)
          if (uses(file, line, name, origin)) {
            out.push_back(ai::line_finding("AI5", Severity::Warn, Tag::Verified, file, line, "vanished_symbol",
                                           {{"name", name}, {"origin", origin}}));
            return;
          }
      });
    }
  }

 private:
  template <typename Visit>
  static void for_each_line(const FileView& file, Visit visit) {
    for (const HunkView& hunk : file.hunks)
      for (const CodeLine& line : hunk.lines) visit(line);
  }

  // Names a continuation line may bind inside a multi-line import: `x as name,` or a bare list
  // `a, b,`. Taking call arguments for names too only makes the rule quieter.
  static std::vector<std::string> listed_names(const std::string& code) {
    static const RE2 alias(R"(\bas\s+([A-Za-z_]\w*))");
    static const RE2 name_list(R"(^\s*[A-Za-z_]\w*(?:\s*,\s*[A-Za-z_]\w*)*\s*,?\s*\)?\s*$)");
    static const RE2 identifier(R"(([A-Za-z_]\w*))");
    std::vector<std::string> names;
    std::string name;
    re2::StringPiece rest(code);
    while (RE2::FindAndConsume(&rest, alias, &name)) names.push_back(name);
    if (RE2::FullMatch(code, name_list)) {
      rest = code;
      while (RE2::FindAndConsume(&rest, identifier, &name)) names.push_back(name);
    }
    return names;
  }

  // The module of a `from <module> import …` line, or "".
  static std::string imported_module(const CodeLine& line) {
    static const RE2 from_import(R"(^from\s+([\w.]+)\s+import\b)");
    std::string module;
    RE2::PartialMatch(trimmed(line.code), from_import, &module);
    return module;
  }

  static bool uses(const FileView& file, const CodeLine& line, const std::string& name, const std::string& origin) {
    const std::string module = imported_module(line);
    if (!module.empty()) {
      const size_t import_at = line.code.find(" import ");
      return module == module_of(origin) && import_at != std::string::npos &&
             has_identifier(std::string_view(line.code).substr(import_at), name);
    }
    if (file.path != origin) return false;
    const RE2 call("(?:^|[^\\w.])" + RE2::QuoteMeta(name) + "\\s*\\(");
    static const RE2 def_line(R"(^\s*(?:async\s+)?def\s)");
    return !RE2::PartialMatch(line.code, def_line) && RE2::PartialMatch(line.code, call);
  }
};

}  // namespace

std::unique_ptr<Rule> make_ai5_vanished_symbol() { return std::make_unique<Ai5VanishedSymbol>(); }

}  // namespace atom
