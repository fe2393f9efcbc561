#include "core/rules/b/b5r_references.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <tuple>

#include "core/analysis/structure.h"
#include "core/repository/python_side.h"

namespace atom::b5r {
namespace {

// A touched Python file: its view and its path on each side ("" where it does not exist).
struct Touched {
  const FileView* view = nullptr;
  std::string head_path, base_path;
};

// What a reference names on one side, and whether it resolves there.
struct Target {
  std::string module, name;
  Resolution resolution = Resolution::Unknown;
  bool broken() const { return resolution == Resolution::NameMissing || resolution == Resolution::ModuleMissing; }
};

bool is_python_path(const std::string& path) { return path.ends_with(".py"); }

std::string last_part(const std::string& dotted) { return dotted.substr(dotted.rfind('.') + 1); }

bool is_production_path(const std::string& path) {
  if (is_test_path(path)) return false;
  for (std::string_view hint : {"bench", "example", "docs/", "tools/", "scripts/"})
    if (path.find(hint) != std::string::npos) return false;
  return true;
}

Target resolve_import(const PythonSide& side, const std::string& path, const PythonImport& entry) {
  Target target;
  target.module = side.absolute_module(path, entry);
  if (target.module.empty()) return target;
  if (!entry.name.empty() && entry.name != "*") target.name = entry.name;
  target.resolution = side.resolve(target.module, target.name);
  return target;
}

// `alias.a.b…`: walks submodules while they exist, then asks the last module for the next name.
Target resolve_use(const PythonSide& side, const std::string& path, const PythonModuleScan& scan,
                   const PythonAttributeUse& use) {
  const PythonImport* binding = import_binding(scan, use.parts.front(), use.line);
  if (binding == nullptr || binding->guarded || binding->name == "*") return {};
  std::string current = side.absolute_module(path, *binding);
  if (current.empty()) return {};
  if (!binding->name.empty()) current += "." + binding->name;               // from P import submodule
  else if (binding->bound == current.substr(0, current.find('.'))) current = binding->bound;  // import a.b binds a
  if (side.resolve(current, "") != Resolution::Resolves) return {};
  for (size_t i = 1; i < use.parts.size(); ++i) {
    const std::string next = current + "." + use.parts[i];
    if (side.resolve(next, "") == Resolution::Resolves) {
      current = next;
      continue;
    }
    return {current, use.parts[i], side.resolve(current, use.parts[i])};
  }
  return {current, "", Resolution::Resolves};
}

struct Site {
  std::string path;
  bool is_import = true;
  size_t index = 0;
  auto key() const { return std::tie(path, is_import, index); }
  bool operator<(const Site& other) const { return key() < other.key(); }
};

class Checker {
 public:
  explicit Checker(const ReviewModel& model) : model_(model), head_(*model.repository), base_(*model.repository) {}

  std::vector<BrokenReference> run() {
    if (!lay_out_sides()) return {};
    for (const Site& site : sites_to_check()) check(site);
    check_calls();
    // A name reached two ways (`pkg.ops.f` and, through a star re-export, `pkg.f`) was removed at
    // one place: one finding there, naming the module that defined it, with every use.
    std::map<std::tuple<const FileView*, int, std::string>, BrokenReference> by_removal;
    for (auto& [key, broken] : existing_) {
      place_removal(broken);
      BrokenReference& merged = by_removal[{broken.file, broken.line, broken.name}];
      const bool defined_here = broken.file != nullptr && base_.module_path(broken.module) == broken.file->file->old_path;
      if (merged.users.empty() || defined_here) {
        merged.module = broken.module;
        merged.module_missing = broken.module_missing;
      }
      merged.name = broken.name;
      merged.file = broken.file;
      merged.line = broken.line;
      for (UseSite& use : broken.users) add_use(merged, std::move(use));
    }
    std::vector<BrokenReference> out = std::move(new_uses_);
    for (auto& [key, broken] : by_removal) out.push_back(with_users_ranked(std::move(broken)));
    for (auto& [key, broken] : broken_calls_) out.push_back(with_users_ranked(std::move(broken)));
    return out;
  }

 private:
  // Production code that fails at import time first, then other production code, then the rest.
  static BrokenReference with_users_ranked(BrokenReference broken) {
    std::sort(broken.users.begin(), broken.users.end(), [](const UseSite& a, const UseSite& b) {
      return std::make_tuple(!(a.production && a.import_time), !a.production, a.path, a.line) <
             std::make_tuple(!(b.production && b.import_time), !b.production, b.path, b.line);
    });
    return broken;
  }

  // Each side is the snapshot with the touched Python files replaced by that side's text.
  bool lay_out_sides() {
    for (const FileView& view : model_.files) {
      const FileDiff& diff = *view.file;
      if (!is_python_path(diff.old_path) && !is_python_path(diff.new_path)) continue;
      if (view.source != ReviewSource::Whole) return false;  // a side unknown: nothing can be verified
      Touched touched{&view, diff.status == FileStatus::Deleted ? "" : diff.new_path,
                      diff.status == FileStatus::Added ? "" : diff.old_path};
      if (!touched.head_path.empty() && is_python_path(touched.head_path)) head_.replace(touched.head_path, view.head_text);
      if (!touched.base_path.empty() && touched.base_path != touched.head_path && diff.status != FileStatus::Copied &&
          is_python_path(touched.base_path))
        head_.replace(touched.base_path, std::nullopt);
      if (!touched.base_path.empty() && is_python_path(touched.base_path)) base_.replace(touched.base_path, view.base_text);
      if (!touched.head_path.empty() && touched.head_path != touched.base_path && is_python_path(touched.head_path))
        base_.replace(touched.head_path, std::nullopt);
      if (!touched.head_path.empty()) by_head_path_[touched.head_path] = touched;
      if (!touched.base_path.empty()) by_base_path_[touched.base_path] = touched;
    }
    return !by_head_path_.empty() || !by_base_path_.empty();
  }

  // The names and modules the PR takes away, as the index knows their uses, plus every
  // reference of the touched files themselves.
  std::set<Site> sites_to_check() {
    std::set<std::string> names;
    for (const auto& [base_path, touched] : by_base_path_) {
      const std::string module = python_module_name(base_path);
      const PythonModuleScan* before = base_.scan_at(base_path);
      if (module.empty() || before == nullptr) continue;
      if (head_.resolve(module, "") != Resolution::Resolves) {
        names.insert(last_part(module));
        continue;
      }
      const PythonModuleScan* after = head_.scan_at(head_.module_path(module));
      if (after == nullptr) continue;
      for (const std::string& name : before->bound)
        if (!after->bound.contains(name)) names.insert(name);
      add_names_of_dropped_star_imports(base_path, *before, *after, names);
    }
    std::set<Site> sites;
    for (const std::string& name : names)
      for (const ReferenceSite& site : model_.repository->python_references_to(name))
        if (!by_head_path_.contains(site.path)) sites.insert({site.path, site.is_import, site.index});
    for (const auto& [head_path, touched] : by_head_path_) {
      const PythonModuleScan* scan = head_.scan_at(head_path);
      if (scan == nullptr) continue;
      for (size_t i = 0; i < scan->imports.size(); ++i) sites.insert({head_path, true, i});
      for (size_t i = 0; i < scan->attribute_uses.size(); ++i) sites.insert({head_path, false, i});
    }
    return sites;
  }

  void add_names_of_dropped_star_imports(const std::string& path, const PythonModuleScan& before,
                                         const PythonModuleScan& after, std::set<std::string>& names) const {
    std::set<std::string> kept;
    for (const PythonImport& entry : after.imports)
      if (entry.name == "*") kept.insert(head_.absolute_module(path, entry));
    for (const PythonImport& entry : before.imports) {
      if (entry.name != "*") continue;
      const std::string star = base_.absolute_module(path, entry);
      if (star.empty() || kept.contains(star)) continue;
      if (const PythonModuleScan* dropped = base_.scan_at(base_.module_path(star)))
        names.insert(dropped->bound.begin(), dropped->bound.end());
    }
  }

  Target resolve_site(const PythonSide& side, const std::string& path, const PythonModuleScan& scan, bool is_import,
                      size_t index) const {
    return is_import ? resolve_import(side, path, scan.imports[index])
                     : resolve_use(side, path, scan, scan.attribute_uses[index]);
  }

  void check(const Site& site) {
    const PythonModuleScan* scan = head_.scan_at(site.path);
    if (scan == nullptr) return;
    if (site.is_import && scan->imports[site.index].guarded) return;
    const Target at_head = resolve_site(head_, site.path, *scan, site.is_import, site.index);
    if (!at_head.broken()) return;
    const int line = site.is_import ? scan->imports[site.index].line : scan->attribute_uses[site.index].line;
    UseSite use{site.path, line, is_production_path(site.path),
                site.is_import && scan->imports[site.index].module_scope};

    const auto touched = by_head_path_.find(site.path);
    if (touched == by_head_path_.end()) {  // untouched: the same line stood at the base
      if (resolve_site(base_, site.path, *scan, site.is_import, site.index).resolution == Resolution::Resolves)
        add_existing(at_head, use);
      return;
    }
    const std::optional<Target> before = counterpart_at_base(touched->second, *scan, site);
    if (before) {
      if (before->resolution == Resolution::Resolves) add_existing(at_head, use);
      return;
    }
    // A use the PR wrote. A missing module counts only when the PR removed it: a compiled
    // extension is never in the snapshot.
    if (at_head.resolution == Resolution::ModuleMissing && base_.resolve(at_head.module, "") != Resolution::Resolves)
      return;
    const int written = new_code_line(*touched->second.view, line, at_head);
    if (written == 0) return;
    BrokenReference broken;
    broken.module = at_head.module;
    broken.name = at_head.name;
    broken.module_missing = at_head.resolution == Resolution::ModuleMissing;
    broken.new_use = true;
    broken.file = touched->second.view;
    broken.line = written;
    broken.users.push_back({site.path, written, use.production, use.import_time});
    new_uses_.push_back(std::move(broken));
  }

  // The same reference in the file's base version, resolved at the base; nullopt when the base has none.
  std::optional<Target> counterpart_at_base(const Touched& touched, const PythonModuleScan& head_scan,
                                            const Site& site) const {
    const PythonModuleScan* before = touched.base_path.empty() ? nullptr : base_.scan_at(touched.base_path);
    if (before == nullptr) return std::nullopt;
    if (site.is_import) {
      const PythonImport& now = head_scan.imports[site.index];
      const std::string module = head_.absolute_module(site.path, now);
      for (const PythonImport& then : before->imports)
        if (then.name == now.name && base_.absolute_module(touched.base_path, then) == module)
          return resolve_import(base_, touched.base_path, then);
      return std::nullopt;
    }
    const PythonAttributeUse& now = head_scan.attribute_uses[site.index];
    for (const PythonAttributeUse& then : before->attribute_uses)
      if (then.parts == now.parts) return resolve_use(base_, touched.base_path, *before, then);
    return std::nullopt;
  }

  // The new code line of `view` at or just below `line` (a statement's first line) that names the
  // target; 0 when the statement's lines are not new.
  static int new_code_line(const FileView& view, int line, const Target& target) {
    const std::string word = target.name.empty() ? last_part(target.module) : target.name;
    for (const HunkView& hunk : view.hunks)
      for (const CodeLine& code : hunk.lines)
        if (is_new_code(code) && code.new_line >= line && code.new_line <= line + 30 && has_identifier(code.code, word))
          return code.new_line;
    return 0;
  }

  void add_existing(const Target& target, const UseSite& use) {
    BrokenReference& broken = existing_[{target.module, target.name}];
    broken.module = target.module;
    broken.name = target.name;
    broken.module_missing = target.resolution == Resolution::ModuleMissing;
    add_use(broken, use);
  }

  static void add_use(BrokenReference& broken, UseSite use) {
    for (const UseSite& known : broken.users)
      if (known.path == use.path && known.line == use.line) return;
    broken.users.push_back(std::move(use));
  }

  // Where the PR took the name away: its definition's base line in the module's file, else the
  // touched file that bound it at the base and no longer does, else the deleted module's file.
  void place_removal(BrokenReference& broken) const {
    const std::string path = base_.module_path(broken.module);
    const auto in_module = by_base_path_.find(path);
    if (broken.module_missing || broken.name.empty()) {
      if (in_module != by_base_path_.end()) broken.file = in_module->second.view;
      return;
    }
    for (const auto& [base_path, touched] : by_base_path_) {
      if (in_module != by_base_path_.end() && base_path != path) continue;
      const PythonModuleScan* before = base_.scan_at(base_path);
      if (before == nullptr) continue;
      for (const auto& [name, line] : before->definitions) {
        if (name != broken.name) continue;
        broken.file = touched.view;
        broken.line = line;
        return;
      }
    }
    if (in_module != by_base_path_.end()) broken.file = in_module->second.view;
  }

  // Module functions whose parameters the PR changed, and the calls elsewhere that fitted the old
  // parameters and no longer fit; a new call that does not fit the head's.
  void check_calls() {
    std::set<std::string> changed;  // function names whose signature differs in a touched module
    for (const auto& [base_path, touched] : by_base_path_) {
      const PythonModuleScan* before = base_.scan_at(base_path);
      const PythonModuleScan* after = touched.head_path.empty() ? nullptr : head_.scan_at(touched.head_path);
      if (before == nullptr || after == nullptr) continue;
      for (const PythonFunction& old_function : before->functions)
        for (const PythonFunction& new_function : after->functions)
          if (old_function.name == new_function.name && old_function.parameters != new_function.parameters)
            changed.insert(old_function.name);
    }
    std::set<std::pair<std::string, size_t>> calls;
    for (const std::string& name : changed)
      for (const auto& site : model_.repository->python_calls_to(name))
        if (!by_head_path_.contains(site.first)) calls.insert(site);
    for (const auto& [head_path, touched] : by_head_path_)
      if (const PythonModuleScan* scan = head_.scan_at(head_path))
        for (size_t i = 0; i < scan->calls.size(); ++i) calls.insert({head_path, i});
    for (const auto& [path, index] : calls) check_call(path, index);
  }

  void check_call(const std::string& path, size_t index) {
    const PythonModuleScan* scan = head_.scan_at(path);
    if (scan == nullptr) return;
    const PythonCall& call = scan->calls[index];
    std::string module, defined_at_head;
    const PythonFunction* now = head_.function_called(path, *scan, call, module, defined_at_head);
    if (now == nullptr) return;
    const std::string mismatch = call_mismatch(*now, call);
    if (mismatch.empty()) return;
    UseSite use{path, call.line, is_production_path(path), false, mismatch};
    const auto touched = by_head_path_.find(path);
    const PythonModuleScan* before_scan = scan;
    std::string before_path = path;
    const PythonCall* before_call = &call;
    if (touched != by_head_path_.end()) {
      before_scan = touched->second.base_path.empty() ? nullptr : base_.scan_at(touched->second.base_path);
      before_path = touched->second.base_path;
      before_call = nullptr;
      if (before_scan != nullptr)
        for (const PythonCall& then : before_scan->calls)
          if (then.callee == call.callee && then.keywords == call.keywords && then.positional == call.positional)
            before_call = &then;
    }
    if (before_call == nullptr) {  // a call the PR wrote
      const int written = new_code_line(*touched->second.view, call.line, {module, now->name, Resolution::Resolves});
      if (written == 0) return;
      BrokenReference broken;
      broken.module = module;
      broken.name = now->name;
      broken.call = broken.new_use = true;
      broken.file = touched->second.view;
      broken.line = written;
      broken.users.push_back({path, written, use.production, false, mismatch});
      new_uses_.push_back(std::move(broken));
      return;
    }
    std::string before_module, defined_at_base;
    const PythonFunction* then = base_.function_called(before_path, *before_scan, *before_call, before_module, defined_at_base);
    if (then == nullptr || !call_mismatch(*then, *before_call).empty()) return;
    BrokenReference& broken = broken_calls_[{module, now->name}];
    if (broken.users.empty()) {
      broken.module = module;
      broken.name = now->name;
      broken.call = true;
      if (const auto in_file = by_head_path_.find(defined_at_head); in_file != by_head_path_.end()) {
        broken.file = in_file->second.view;
        broken.line = now->line;
      }
    }
    add_use(broken, use);
  }

  const ReviewModel& model_;
  PythonSide head_, base_;
  std::map<std::pair<std::string, std::string>, BrokenReference> broken_calls_;
  std::map<std::string, Touched> by_head_path_, by_base_path_;
  std::map<std::pair<std::string, std::string>, BrokenReference> existing_;
  std::vector<BrokenReference> new_uses_;
};

}  // namespace

std::vector<BrokenReference> broken_references(const ReviewModel& model) {
  if (model.repository == nullptr) return {};
  return Checker(model).run();
}

}  // namespace atom::b5r
