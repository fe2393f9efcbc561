#include "core/repository/repository_index.h"

#include <algorithm>

#include "core/model/identifier_chars.h"

namespace atom {
namespace {

bool ends_with(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

bool is_identifier(std::string_view s) {
  if (s.empty() || is_ascii_digit(s.front())) return false;
  return std::all_of(s.begin(), s.end(), [](char c) { return is_identifier_char(c); });
}

std::vector<std::string_view> split_dots(std::string_view dotted) {
  std::vector<std::string_view> parts;
  size_t start = 0;
  while (start <= dotted.size()) {
    const size_t dot = dotted.find('.', start);
    const size_t end = dot == std::string_view::npos ? dotted.size() : dot;
    parts.push_back(dotted.substr(start, end - start));
    if (dot == std::string_view::npos) break;
    start = dot + 1;
  }
  return parts;
}

}  // namespace

bool RepositoryIndex::indexes_path(std::string_view path) {
  static constexpr std::string_view kSuffixes[] = {".py", ".c", ".cc", ".cpp", ".cxx", ".h", ".hh", ".hpp",
                                                   ".cu", ".cuh", ".hip", ".inl"};
  for (std::string_view suffix : kSuffixes)
    if (ends_with(path, suffix)) return true;
  return false;
}

std::string python_module_name(std::string_view path) {
  if (!ends_with(path, ".py")) return "";
  path.remove_suffix(3);
  if (path == "__init__") return "";
  if (ends_with(path, "/__init__")) path.remove_suffix(9);
  std::string dotted;
  size_t start = 0;
  while (start <= path.size()) {
    const size_t slash = path.find('/', start);
    const size_t end = slash == std::string_view::npos ? path.size() : slash;
    const std::string_view part = path.substr(start, end - start);
    if (!is_identifier(part)) return "";
    if (!dotted.empty()) dotted += '.';
    dotted += part;
    if (slash == std::string_view::npos) break;
    start = slash + 1;
  }
  return dotted;
}

RepositoryIndex::RepositoryIndex(std::vector<SnapshotFile> files) {
  for (SnapshotFile& file : files) {
    if (!indexes_path(file.path) || file.bytes.size() > kMaxIndexedFileBytes) continue;
    total_bytes_ += file.bytes.size();
    for (size_t slash = file.path.find('/'); slash != std::string::npos; slash = file.path.find('/', slash + 1))
      directories_.insert(file.path.substr(0, slash));
    if (ends_with(file.path, ".py")) python_.emplace(file.path, scan_python_module(file.bytes));
    files_[file.path] = std::move(file.bytes);
  }
  for (const auto& [path, scan] : python_) {
    for (size_t i = 0; i < scan.imports.size(); ++i) {
      const PythonImport& entry = scan.imports[i];
      std::set<std::string> names;
      for (std::string_view part : split_dots(entry.module)) names.emplace(part);
      if (!entry.name.empty() && entry.name != "*") names.insert(entry.name);
      for (const std::string& name : names) references_by_name_[name].push_back({path, true, i});
    }
    for (size_t i = 0; i < scan.calls.size(); ++i) calls_by_name_[scan.calls[i].callee.back()].emplace_back(path, i);
    for (size_t i = 0; i < scan.classes.size(); ++i)
      for (const std::string& base : scan.classes[i].bases)
        classes_by_base_[base.substr(base.rfind('.') + 1)].emplace_back(path, i);
    for (size_t i = 0; i < scan.attribute_uses.size(); ++i) {
      const std::vector<std::string>& parts = scan.attribute_uses[i].parts;
      const std::set<std::string> names(parts.begin() + 1, parts.end());
      for (const std::string& name : names) references_by_name_[name].push_back({path, false, i});
    }
  }
}

const PythonModuleScan* RepositoryIndex::python_scan(const std::string& path) const {
  const auto it = python_.find(path);
  return it == python_.end() ? nullptr : &it->second;
}

std::vector<ReferenceSite> RepositoryIndex::python_references_to(const std::string& name) const {
  const auto it = references_by_name_.find(name);
  return it == references_by_name_.end() ? std::vector<ReferenceSite>{} : it->second;
}

std::vector<std::pair<std::string, size_t>> RepositoryIndex::python_calls_to(const std::string& name) const {
  const auto it = calls_by_name_.find(name);
  return it == calls_by_name_.end() ? std::vector<std::pair<std::string, size_t>>{} : it->second;
}

std::vector<std::pair<std::string, size_t>> RepositoryIndex::python_classes_based_on(const std::string& name) const {
  const auto it = classes_by_base_.find(name);
  return it == classes_by_base_.end() ? std::vector<std::pair<std::string, size_t>>{} : it->second;
}

std::vector<std::string> RepositoryIndex::files_mentioning(std::string_view name) const {
  std::vector<std::string> paths;
  if (name.empty()) return paths;
  for (const auto& [path, bytes] : files_) {
    const std::string_view text = bytes;
    for (size_t at = text.find(name); at != std::string_view::npos; at = text.find(name, at + 1)) {
      const bool starts_word = at == 0 || !is_identifier_char(text[at - 1]);
      const size_t end = at + name.size();
      const bool ends_word = end >= text.size() || !is_identifier_char(text[end]);
      if (starts_word && ends_word) {
        paths.push_back(path);
        break;
      }
    }
  }
  return paths;
}

}  // namespace atom
