// One side of a review (the PR's head or its base) as Python sees the repository: the snapshot's
// files, with the files the PR touches replaced by that side's texts. Answers whether an import
// or a module attribute resolves: followed through packages, submodules and star re-exports
// (aiter's `from .ops.x import *` chains); a module that binds names a scan cannot list (a module
// `__getattr__`, `globals()`) defines every name; a module outside the repository is unknown.
#pragma once
#include <map>
#include <optional>
#include <string>
#include <utility>

#include "core/repository/repository_index.h"

namespace atom {

// The import in `scan` that binds `alias` for a use on `line`: the last one above it, else the first.
const PythonImport* import_binding(const PythonModuleScan& scan, const std::string& alias, int line);

enum class Resolution {
  Resolves,       // the module exists and binds the name (or may: open-ended)
  NameMissing,    // the module exists and binds no such name
  ModuleMissing,  // the repository's package holds no such module
  Unknown,        // outside the repository, or past what a scan can follow
};

class PythonSide {
 public:
  explicit PythonSide(const RepositoryIndex& index) : index_(index) {}
  PythonSide(const PythonSide&) = delete;
  PythonSide& operator=(const PythonSide&) = delete;

  // This side's text of `path` (scanned here), or nullopt: the file is absent on this side.
  void replace(const std::string& path, std::optional<std::string_view> text);

  // The scan of `path` on this side; nullptr when absent.
  const PythonModuleScan* scan_at(const std::string& path) const;

  // The absolute dotted module an import in `importer_path` names (relative dots applied); "" when
  // the dots climb past the top.
  std::string absolute_module(const std::string& importer_path, const PythonImport& entry) const;

  // Whether `module` (dotted, absolute) exists and binds `name`; `name` empty: whether the module exists.
  Resolution resolve(const std::string& module, const std::string& name) const;

  // The module-scope, undecorated def that `module.name` is, followed through re-exports
  // (`from .x import f`, star imports); nullptr when it is something else (a class, a wrapped
  // function `f = guard(f)`) or unknown. `path` gets the defining file.
  const PythonFunction* find_function(const std::string& module, const std::string& name, std::string& path) const;

  // The module function a call names: `f(` through the import binding `f`, `mod.f(` through the
  // module chain. nullptr when it is no undecorated module function of the repository; `module`
  // gets the module it was reached through, `defined_in` the defining file.
  const PythonFunction* function_called(const std::string& path, const PythonModuleScan& scan, const PythonCall& call,
                                        std::string& module, std::string& defined_in) const;

  // The path of `module`'s file ("a/b.py" or "a/b/__init__.py"); "" when none (absent, or a
  // namespace package with no __init__).
  std::string module_path(const std::string& module) const;

 private:
  bool module_exists(const std::string& module) const;
  bool directory_exists(const std::string& directory) const;
  bool in_repository(const std::string& module) const;
  Resolution resolve_in(const std::string& module, const std::string& name, int depth) const;
  const PythonFunction* find_function_in(const std::string& module, const std::string& name, std::string& path,
                                         int depth) const;

  const RepositoryIndex& index_;
  std::map<std::string, std::optional<PythonModuleScan>> replaced_;  // nullopt: absent on this side
  mutable std::map<std::pair<std::string, std::string>, Resolution> memo_;
};

}  // namespace atom
