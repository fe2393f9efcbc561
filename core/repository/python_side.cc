#include "core/repository/python_side.h"

namespace atom {
namespace {

constexpr int kMaxStarDepth = 12;

std::string module_to_path(const std::string& module) {
  std::string path = module;
  for (char& c : path)
    if (c == '.') c = '/';
  return path;
}

std::string parent_of(const std::string& dotted) {
  const size_t dot = dotted.rfind('.');
  return dot == std::string::npos ? "" : dotted.substr(0, dot);
}

}  // namespace

const PythonImport* import_binding(const PythonModuleScan& scan, const std::string& alias, int line) {
  const PythonImport* found = nullptr;
  for (const PythonImport& entry : scan.imports) {
    if (entry.bound != alias) continue;
    if (found == nullptr || entry.line <= line) found = &entry;
  }
  return found;
}

void PythonSide::replace(const std::string& path, std::optional<std::string_view> text) {
  if (text) replaced_[path] = scan_python_module(*text);
  else replaced_[path] = std::nullopt;
  memo_.clear();
}

const PythonModuleScan* PythonSide::scan_at(const std::string& path) const {
  if (const auto it = replaced_.find(path); it != replaced_.end()) return it->second ? &*it->second : nullptr;
  return index_.python_scan(path);
}

bool PythonSide::directory_exists(const std::string& directory) const {
  if (index_.directories().contains(directory)) return true;
  const std::string prefix = directory + "/";
  for (auto it = replaced_.lower_bound(prefix); it != replaced_.end() && it->first.starts_with(prefix); ++it)
    if (it->second) return true;
  return false;
}

std::string PythonSide::module_path(const std::string& module) const {
  const std::string base = module_to_path(module);
  if (scan_at(base + ".py") != nullptr) return base + ".py";
  if (scan_at(base + "/__init__.py") != nullptr) return base + "/__init__.py";
  return "";
}

bool PythonSide::module_exists(const std::string& module) const {
  return !module_path(module).empty() || directory_exists(module_to_path(module));
}

// A module whose top package the repository holds as a package or a top-level module.
bool PythonSide::in_repository(const std::string& module) const {
  const std::string top = module.substr(0, module.find('.'));
  return !top.empty() && (scan_at(top + "/__init__.py") != nullptr || scan_at(top + ".py") != nullptr);
}

std::string PythonSide::absolute_module(const std::string& importer_path, const PythonImport& entry) const {
  if (entry.level == 0) return entry.module;
  std::string package = python_module_name(importer_path);
  if (package.empty()) return "";
  if (!importer_path.ends_with("/__init__.py")) package = parent_of(package);
  for (int up = 1; up < entry.level; ++up) {
    if (package.empty()) return "";
    package = parent_of(package);
  }
  if (package.empty()) return "";
  return entry.module.empty() ? package : package + "." + entry.module;
}

Resolution PythonSide::resolve(const std::string& module, const std::string& name) const {
  if (module.empty() || !in_repository(module)) return Resolution::Unknown;
  const auto key = std::make_pair(module, name);
  if (const auto it = memo_.find(key); it != memo_.end()) return it->second;
  const Resolution found = resolve_in(module, name, 0);
  memo_.emplace(key, found);
  return found;
}

Resolution PythonSide::resolve_in(const std::string& module, const std::string& name, int depth) const {
  if (depth > kMaxStarDepth) return Resolution::Unknown;
  if (!in_repository(module)) return Resolution::Unknown;
  if (!module_exists(module)) {
    // `import a.b` where `a/__init__.py` makes `b` by hand (open-ended) is past a scan.
    const std::string parent = parent_of(module);
    const PythonModuleScan* parent_scan = parent.empty() ? nullptr : scan_at(module_path(parent));
    return parent_scan != nullptr && parent_scan->open_ended ? Resolution::Unknown : Resolution::ModuleMissing;
  }
  if (name.empty()) return Resolution::Resolves;
  if (module_exists(module + "." + name)) return Resolution::Resolves;
  const std::string path = module_path(module);
  const PythonModuleScan* scan = path.empty() ? nullptr : scan_at(path);
  if (scan == nullptr) return Resolution::NameMissing;  // a namespace package holds only its submodules
  if (scan->open_ended || scan->bound.contains(name)) return Resolution::Resolves;
  bool unknown = false;
  for (const PythonImport& entry : scan->imports) {
    if (entry.name != "*" || !entry.module_scope) continue;
    const std::string star = absolute_module(path, entry);
    const Resolution through = star.empty() ? Resolution::Unknown : resolve_in(star, name, depth + 1);
    if (through == Resolution::Resolves) return Resolution::Resolves;
    // A star import of a module the snapshot lacks (a compiled extension) may bind anything.
    if (through == Resolution::Unknown || through == Resolution::ModuleMissing) unknown = true;
  }
  return unknown ? Resolution::Unknown : Resolution::NameMissing;
}

const PythonFunction* PythonSide::find_function(const std::string& module, const std::string& name,
                                                std::string& path) const {
  if (module.empty() || !in_repository(module)) return nullptr;
  return find_function_in(module, name, path, 0);
}

const PythonFunction* PythonSide::find_function_in(const std::string& module, const std::string& name,
                                                   std::string& path, int depth) const {
  if (depth > kMaxStarDepth) return nullptr;
  const std::string file = module_path(module);
  const PythonModuleScan* scan = file.empty() ? nullptr : scan_at(file);
  if (scan == nullptr || scan->open_ended || scan->rebound.contains(name)) return nullptr;
  for (const PythonFunction& function : scan->functions) {
    if (function.name != name) continue;
    if (function.decorated) return nullptr;
    path = file;
    return &function;
  }
  for (const PythonImport& entry : scan->imports) {
    if (!entry.module_scope || entry.guarded) continue;
    if (entry.name == "*") {
      if (const PythonFunction* found = find_function_in(absolute_module(file, entry), name, path, depth + 1)) return found;
    } else if (entry.bound == name && !entry.name.empty()) {
      return find_function_in(absolute_module(file, entry), entry.name, path, depth + 1);
    }
  }
  return nullptr;
}

const PythonFunction* PythonSide::function_called(const std::string& path, const PythonModuleScan& scan,
                                                  const PythonCall& call, std::string& module,
                                                  std::string& defined_in) const {
  const PythonImport* binding = import_binding(scan, call.callee.front(), call.line);
  if (binding == nullptr || binding->guarded || binding->name == "*") return nullptr;
  std::string current = absolute_module(path, *binding);
  if (current.empty()) return nullptr;
  if (call.callee.size() == 1) {
    if (binding->name.empty()) return nullptr;  // calling a module
    module = current;
    return find_function(current, binding->name, defined_in);
  }
  if (!binding->name.empty()) current += "." + binding->name;
  else if (binding->bound == current.substr(0, current.find('.'))) current = binding->bound;  // import a.b binds a
  if (resolve(current, "") != Resolution::Resolves) return nullptr;
  for (size_t i = 1; i + 1 < call.callee.size(); ++i) {
    current += "." + call.callee[i];
    if (resolve(current, "") != Resolution::Resolves) return nullptr;
  }
  module = current;
  return find_function(current, call.callee.back(), defined_in);
}

}  // namespace atom
