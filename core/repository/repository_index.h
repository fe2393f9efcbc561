// The whole repository at the review: every source file of a snapshot, indexed once and kept
// across reviews (a dismissal or a second PR of the same snapshot reuses it). Rules never walk
// files; they ask narrow questions here and of a side view (python_side.h): which files mention a
// name, which imports and module-attribute uses name it, what a module binds.
//
// Hosts hand the snapshot in as bytes by path: the CLI reads `--repo DIR`, the extension unpacks
// GitHub's archive. For a review the snapshot stands for every file the PR does not touch; the
// touched files' two sides come from the review itself (head and base texts), so a snapshot of
// the base branch serves as well as one of the PR's head.
#pragma once
#include <cstddef>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/repository/python_module_scan.h"

namespace atom {

struct SnapshotFile {
  std::string path;   // relative, '/'-separated
  std::string bytes;
};

// Where a reference sits: a file and the index of its import or attribute use in that file's scan.
struct ReferenceSite {
  std::string path;
  bool is_import = true;  // imports[index] or attribute_uses[index]
  size_t index = 0;
};

class RepositoryIndex {
 public:
  // Files the index reads: Python and C/C++/HIP sources, at most kMaxIndexedFileBytes each.
  static bool indexes_path(std::string_view path);
  static constexpr size_t kMaxIndexedFileBytes = 2u << 20;

  explicit RepositoryIndex(std::vector<SnapshotFile> files);

  size_t file_count() const { return files_.size(); }
  size_t total_bytes() const { return total_bytes_; }
  size_t python_file_count() const { return python_.size(); }
  bool has_file(const std::string& path) const { return files_.contains(path); }

  // The scan of a Python file of the snapshot; nullptr for a path it does not hold.
  const PythonModuleScan* python_scan(const std::string& path) const;
  // Every directory that holds an indexed file ("a/b" for "a/b/c.py").
  const std::set<std::string>& directories() const { return directories_; }
  // Python imports and attribute uses that name `name`: an imported name, any part of an
  // imported module's dotted path, any part of an attribute chain after its head.
  std::vector<ReferenceSite> python_references_to(const std::string& name) const;
  // Calls whose callee's last part is `name` (`f(` after `from m import f`, `mod.f(`): path and
  // index into that file's scan.calls.
  std::vector<std::pair<std::string, size_t>> python_calls_to(const std::string& name) const;
  // Module-scope classes with a base whose last part is `name` (`class D(C)`, `class D(m.C)`):
  // path and index into that file's scan.classes.
  std::vector<std::pair<std::string, size_t>> python_classes_based_on(const std::string& name) const;
  // Indexed files whose text holds `name` as a whole word (what `grep -lw NAME` lists), sorted.
  std::vector<std::string> files_mentioning(std::string_view name) const;

 private:
  std::map<std::string, std::string> files_;  // path → bytes
  std::map<std::string, PythonModuleScan> python_;
  std::set<std::string> directories_;
  std::map<std::string, std::vector<ReferenceSite>> references_by_name_;
  std::map<std::string, std::vector<std::pair<std::string, size_t>>> calls_by_name_;
  std::map<std::string, std::vector<std::pair<std::string, size_t>>> classes_by_base_;
  size_t total_bytes_ = 0;
};

// A Python file's dotted module name ("atom/utils/envs.py" → "atom.utils.envs",
// "aiter/__init__.py" → "aiter"); "" when the path cannot be imported (not .py, a part that is
// no identifier).
std::string python_module_name(std::string_view path);

}  // namespace atom
