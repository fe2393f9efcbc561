// The panel's "To verify" evidence from the whole repository (core/repository): who overrides a
// changed method, who calls a changed function. What only a reader can judge, so never a finding.
#include <algorithm>
#include <deque>
#include <map>
#include <optional>
#include <set>

#include "core/repository/python_side.h"
#include "core/summary/summary_parts.h"

namespace atom {
namespace {

constexpr size_t kSitesShown = 5;
constexpr size_t kMaxSubclasses = 200;

struct HeadFile {
  const FileView* view = nullptr;
  PythonModuleScan scan;
};

class EvidenceFinder {
 public:
  explicit EvidenceFinder(const ReviewModel& model) : model_(model), head_(*model.repository) {
    for (const FileView& view : model.files) {
      if (!view.path.ends_with(".py") || view.source != ReviewSource::Whole) continue;
      if (view.file->status == FileStatus::Deleted) {
        head_.replace(view.path, std::nullopt);
        continue;
      }
      head_.replace(view.path, view.head_text);
      if (!view.file->old_path.empty() && view.file->old_path != view.path && view.file->status == FileStatus::Renamed)
        head_.replace(view.file->old_path, std::nullopt);
      touched_[view.path] = &view;
    }
  }

  std::vector<ToVerify> find() {
    std::vector<ToVerify> out;
    for (const auto& [path, view] : touched_) {
      if (view->tier.tier > 2) continue;
      const PythonModuleScan* scan = head_.scan_at(path);
      if (scan == nullptr) continue;
      for (const std::string& function : view->changed_functions) {
        const size_t dot = function.find('.');
        ToVerify evidence = dot == std::string::npos ? callers_of(path, *scan, function)
                                                     : overrides_of(path, *scan, function.substr(0, dot), function.substr(dot + 1));
        if (evidence.total > 0) out.push_back(std::move(evidence));
      }
    }
    return out;
  }

 private:
  // Each class of the head whose base names `name` (last part), as (path, class).
  std::vector<std::pair<std::string, const PythonClass*>> classes_based_on(const std::string& name) const {
    std::vector<std::pair<std::string, const PythonClass*>> found;
    for (const auto& [path, index] : model_.repository->python_classes_based_on(name))
      if (!touched_.contains(path))
        if (const PythonModuleScan* scan = head_.scan_at(path)) found.emplace_back(path, &scan->classes[index]);
    for (const auto& [path, view] : touched_)
      if (const PythonModuleScan* scan = head_.scan_at(path))
        for (const PythonClass& candidate : scan->classes)
          for (const std::string& base : candidate.bases)
            if (base.substr(base.rfind('.') + 1) == name) found.emplace_back(path, &candidate);
    return found;
  }

  // `class D(C)` in `path` means our C when it is C's own file or the file imports the name its
  // base starts with (`C`, or the `m` of `m.C`).
  bool base_names_ours(const std::string& path, const PythonClass& candidate, const std::string& name,
                       const std::string& defining_path) const {
    if (path == defining_path) return true;
    const PythonModuleScan* scan = head_.scan_at(path);
    if (scan == nullptr) return false;
    for (const std::string& base : candidate.bases) {
      if (base.substr(base.rfind('.') + 1) != name) continue;
      const std::string first = base.substr(0, base.find('.'));
      for (const PythonImport& entry : scan->imports)
        if (entry.bound == first) return true;
    }
    return false;
  }

  ToVerify overrides_of(const std::string& path, const PythonModuleScan& scan, const std::string& class_name,
                        const std::string& method) const {
    ToVerify evidence{"overrides", class_name + "." + method, path, {}, 0};
    const bool ours = std::any_of(scan.classes.begin(), scan.classes.end(), [&](const PythonClass& c) {
      return c.name == class_name &&
             std::any_of(c.methods.begin(), c.methods.end(), [&](const auto& m) { return m.first == method; });
    });
    if (!ours) return evidence;
    std::set<std::pair<std::string, std::string>> seen{{path, class_name}};
    std::deque<std::pair<std::string, std::string>> queue{{path, class_name}};  // (defining path, class)
    while (!queue.empty() && seen.size() < kMaxSubclasses) {
      const auto [defining_path, name] = queue.front();
      queue.pop_front();
      for (const auto& [sub_path, sub] : classes_based_on(name)) {
        if (!base_names_ours(sub_path, *sub, name, defining_path) || !seen.insert({sub_path, sub->name}).second) continue;
        queue.emplace_back(sub_path, sub->name);
        for (const auto& [sub_method, line] : sub->methods)
          if (sub_method == method) add_site(evidence, {sub_path, line, sub->name + "." + method});
      }
    }
    return evidence;
  }

  ToVerify callers_of(const std::string& path, const PythonModuleScan& scan, const std::string& function) const {
    ToVerify evidence{"callers", function, path, {}, 0};
    if (std::none_of(scan.functions.begin(), scan.functions.end(), [&](const PythonFunction& f) { return f.name == function; }))
      return evidence;
    std::vector<std::pair<std::string, const PythonCall*>> calls;
    for (const auto& [call_path, index] : model_.repository->python_calls_to(function))
      if (!touched_.contains(call_path))
        if (const PythonModuleScan* caller = head_.scan_at(call_path)) calls.emplace_back(call_path, &caller->calls[index]);
    for (const auto& [call_path, view] : touched_)
      if (const PythonModuleScan* caller = head_.scan_at(call_path); caller != nullptr && call_path != path)
        for (const PythonCall& call : caller->calls)
          if (call.callee.back() == function) calls.emplace_back(call_path, &call);
    for (const auto& [call_path, call] : calls) {
      std::string module, defined_in;
      if (head_.function_called(call_path, *head_.scan_at(call_path), *call, module, defined_in) == nullptr ||
          defined_in != path)
        continue;
      add_site(evidence, {call_path, call->line, function});
    }
    return evidence;
  }

  // Production code before tests, then by path and line; the first few kept, all counted.
  static void add_site(ToVerify& evidence, ToVerifySite site) {
    ++evidence.total;
    evidence.sites.push_back(std::move(site));
    std::sort(evidence.sites.begin(), evidence.sites.end(), [](const ToVerifySite& a, const ToVerifySite& b) {
      return std::make_tuple(is_test_path(a.path), a.path, a.line) < std::make_tuple(is_test_path(b.path), b.path, b.line);
    });
    if (evidence.sites.size() > kSitesShown) evidence.sites.pop_back();
  }

  const ReviewModel& model_;
  PythonSide head_;
  std::map<std::string, const FileView*> touched_;
};

}  // namespace

std::vector<ToVerify> evidence_to_verify(const ReviewModel& model) {
  if (model.repository == nullptr) return {};
  return EvidenceFinder(model).find();
}

}  // namespace atom
