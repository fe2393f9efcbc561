// AI5 — hallucinated symbols, only where the diff itself proves it: new code calls or imports a
// module-level Python function that the same diff deletes and does not define again anywhere.
#include <algorithm>
#include <map>
#include <memory>
#include <set>
#include "core/analysis/before_parsing.h"
#include "core/analysis/diff_lines_by_side.h"
#include "core/analysis/file_trees.h"
#include "core/analysis/syntax_text.h"
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

// A name imported by `from <module> import …` (level 0), with the line that names it.
struct ImportedFrom {
  std::string module, name;
  int line = 0;
};

std::vector<ImportedFrom> imports_from(const syntax::SyntaxTree& tree) {
  std::vector<ImportedFrom> out;
  syntax::walk(tree.root(), [&](syntax::Node node) {
    if (node.kind() != "import_from_statement") return true;
    const syntax::Node module = node.field("module_name");
    if (module.kind() != "dotted_name") return false;  // relative: not resolved to a path here
    for (uint32_t i = 0; i < node.child_count(); ++i) {
      if (node.child_field_name(i) != "name") continue;
      syntax::Node name = node.child(i);
      if (name.kind() == "aliased_import") name = name.field("name");
      out.push_back({ast::without_spaces(tree.text(module)), ast::without_spaces(tree.text(name)), tree.start_line(name)});
    }
    return false;
  });
  return out;
}

class Ai5VanishedSymbol final : public Rule {
 public:
  const RuleMeta& meta() const override { return ai5_meta(); }

  void check(const ReviewModel& model, std::vector<Finding>& out) const override {
    std::map<std::string, std::string> removed;  // name -> file it was deleted from
    // At column 0: a fragment's parse takes its first line's indentation as the module's, so a
    // method of a class the hunk does not show would read as a module-level def.
    for (const FileView& file : model.files) {
      if (file.language != Language::Python) continue;
      if (!deletes_line_at_column_0(file, "def") && !deletes_line_at_column_0(file, "async")) continue;
      const DiffLinesBySide base_lines(file, Side::Old);
      for (const ast::FileSyntax& part : base_trees(file).parts)
        for (const ast::PyFunction& function : part.python().functions)
          if (function.nesting == ast::PyNesting::ModuleLevel && function.class_name.empty() &&
              base_lines.changed(function.header_line) && base_lines.at(function.header_line)->indent == 0)
            removed.emplace(function.name, file.path);
    }
    if (removed.empty()) return;
    // A name bound again in the file that lost it (defined, assigned, imported there: a move with a
    // re-export) still resolves, for calls in that file and for importers of that module alike.
    std::set<std::string> losing_files;
    for (const auto& [name, path] : removed) losing_files.insert(path);
    for (const FileView& file : model.files) {
      if (file.language != Language::Python || !losing_files.count(file.path)) continue;
      for (const ast::FileSyntax& part : head_trees(file).parts)
        for (const ast::PyBinding& binding : part.python().bindings) {
          const auto it = removed.find(binding.name);
          if (binding.target == ast::PyTarget::Name && it != removed.end() && it->second == file.path) removed.erase(it);
        }
    }
    if (removed.empty()) return;  // every name lost is bound again
    std::set<std::pair<const FileView*, int>> reported;
    auto report = [&](const FileView& file, const HeadLines& lines, int line, const std::string& name, const std::string& origin) {
      if (!lines.new_code(line) || !reported.emplace(&file, line).second) return;
      out.push_back(ai::line_finding("AI5", Severity::Warn, Tag::Verified, file, *lines.at(line), "vanished_symbol",
                                     {{"name", name}, {"origin", origin}}));
    };
    // A reported import or call starts on a new line that names the lost function.
    const auto writes_a_lost_name = [&](const FileView& file) {
      return std::any_of(removed.begin(), removed.end(),
                         [&](const auto& lost) { return writes_line_containing(file, lost.first); });
    };
    for (const FileView& file : model.files) {
      if (file.language != Language::Python || !writes_a_lost_name(file)) continue;
      const HeadLines lines(file);
      for (const ast::FileSyntax& part : head_trees(file).parts) {
        for (const ImportedFrom& imported : imports_from(part.tree)) {
          const auto it = removed.find(imported.name);
          if (it != removed.end() && imported.module == module_of(it->second))
            report(file, lines, imported.line, imported.name, it->second);
        }
        // A plain call `name(…)`, not a method `obj.name(…)`, in the file that lost the def.
        for (const ast::PyCall& call : part.python().calls) {
          const auto it = removed.find(call.callee);
          if (it != removed.end() && it->second == file.path) report(file, lines, call.line, call.callee, it->second);
        }
      }
    }
  }
};

}  // namespace

std::unique_ptr<Rule> make_ai5_vanished_symbol() { return std::make_unique<Ai5VanishedSymbol>(); }

}  // namespace atom
