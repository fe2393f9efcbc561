// HK7 — a new third-party dependency: a requirement line, or a module-level import of a package
// that is neither standard library, the stack's own, nor imported anywhere else in the diff.
#include <algorithm>
#include <cctype>
#include <memory>
#include <set>
#include <re2/re2.h>
#include "core/analysis/review_model.h"
#include "core/analysis/structure.h"
#include "core/rules/hk/hk7_known_modules.h"
#include "core/rules/rule.h"
#include "core/rules/finding_at.h"

namespace atom {
namespace {

const RuleMeta& hk7_meta() {
  static const RuleMeta meta = [] {
    RuleMeta m;
    m.id = "HK7";
    m.slug = "new-dependency";
    m.category = "HK";
    m.default_severity = Severity::Note;
    m.summary = "A new third-party dependency: a requirements/pyproject/setup.py line or a new module-level import.";
    m.what =
        "Flags an added requirement (a line of `requirements*.txt`, or a quoted requirement in `pyproject.toml` / "
        "`setup.py` / `setup.cfg` under a dependencies list the hunk shows), and an added module-level "
        "`import x` / `from x import …` whose top-level package is not in the standard library, not the "
        "repository's own (`atom`, `aiter`, the diff's top-level folders), not one of the stack's known "
        "dependencies (torch, triton, numpy, transformers …), and not imported on any unchanged or removed line "
        "of the diff, nor the name of a folder the importing file sits in (`ops/flydsl/…` importing `flydsl`). A "
        "requirement whose package the same file already names on an unchanged or removed line is a version change, "
        "not a new dependency. Package code only: tests, docs, CI, scripts, tools, examples, benchmarks and csrc are "
        "left out. Always a note, always inferred.";
    m.why =
        "Every dependency is installed on every user's machine and container; an unpinned or heavy one breaks "
        "installs and images that the PR's author never sees.";
    m.example = "```python\nimport flashinfer            # new, at module level\n```\n```\n+orjson>=3.9     (requirements.txt)\n```";
    m.must_not_fire =
        "Imports inside functions or `try: … except ImportError` blocks (ROCm system packages such as `amdsmi` "
        "are guarded that way); relative imports; standard-library modules; packages already imported "
        "elsewhere in the diff; an import inside a folder named after the package (the repository's existing "
        "integration with it); a version bump of a requirement the file already declares (`flydsl==0.3.0` → "
        "`flydsl==0.3.1`); removed requirement lines or comments.";
    m.source = "—";
    m.messages = {
        {"new_requirement", "New dependency {package} declared in {path}",
         "Every install and container now needs {package}; a missing or mismatched version breaks them.",
         "say in the description why {package} is needed and pin a tested version range.",
         "whether {package} is really needed and which versions were tested."},
        {"new_import", "New third-party import {package} at module level",
         "Importing this module now fails on any machine without {package}.",
         "declare {package} in the requirements (or guard the import) and say why it is needed.",
         "whether {package} is a declared dependency, or should be guarded or avoided."},
    };
    m.line_patterns = {{"HK7.module_import", R"(^(?:import\s+\w|from\s+\w[\w.]*\s+import\b))"}};
    return m;
  }();
  return meta;
}

// The standard library, or a package the repository's stack already has (the pack's knowledge).
bool is_known(std::string_view package, const PackKnowledge& knowledge) {
  const auto in = [&](const auto& list) { return std::find(std::begin(list), std::end(list), package) != std::end(list); };
  return in(kPythonStdlibModules) || in(knowledge.stack_modules);
}

std::string imported_package(std::string_view code) {
  static const RE2 import_re(R"(^\s*(?:import|from)\s+([A-Za-z_]\w*))");
  std::string package;
  const size_t first = code.find_first_not_of(" \t\n\f\r");  // what RE2's \s skips
  if (first == std::string_view::npos || (code[first] != 'i' && code[first] != 'f')) return package;
  RE2::PartialMatch(re2::StringPiece(code.data(), code.size()), import_re, &package);
  return package;
}

std::string file_name(const std::string& path) {
  const size_t slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

// Docs, CI and developer scripts: their requirements are not the product's, and their imports are
// mostly sibling scripts run from their own folder.
bool is_tooling(const std::string& path) {
  static const RE2 tooling(R"(^(docs|\.github|scripts|tools|examples|benchmarks?|csrc|recipes)/)");
  return RE2::PartialMatch(path, tooling);
}

Finding make_finding(const FileView& file, const CodeLine& line, const char* message, const std::string& package) {
  Finding finding = finding_at("HK7", Severity::Note, Tag::Inferred, file, line.new_line, message,
                               {{"package", package}, {"path", file.path}});
  finding.place = "file";
  return finding;
}

// PEP 503 normalisation: `Foo_Bar`, `foo-bar` and `foo.bar` name one distribution.
std::string normalized_package(std::string name) {
  for (char& c : name) c = c == '_' || c == '.' ? '-' : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return name;
}

// The requirement a line of a requirements file names, "" for comments, options and blanks.
std::string requirement_package(const CodeLine& line) {
  static const RE2 requirement(R"(^\s*([A-Za-z0-9][A-Za-z0-9_.\-]*)\s*(?:\[[^\]]*\])?\s*(?:[<>=!~;@].*)?$)");
  std::string text = line.diff->text.substr(0, line.diff->text.find('#'));
  std::string package;
  RE2::FullMatch(text, requirement, &package);
  return package;
}

// An added line whose package the file already names on an unchanged or removed line is a
// version change (`flydsl==0.3.0` → `flydsl==0.3.1`), not a new dependency.
void check_requirements_file(const FileView& file, std::vector<Finding>& out) {
  std::set<std::string> already_declared;
  for (const HunkView& hunk : file.hunks)
    for (const CodeLine& line : hunk.lines)
      if (line.kind != LineKind::Added)
        if (std::string package = requirement_package(line); !package.empty())
          already_declared.insert(normalized_package(package));
  for (const HunkView& hunk : file.hunks)
    for (const CodeLine& line : hunk.lines) {
      if (!is_new_code(line)) continue;
      const std::string package = requirement_package(line);
      if (!package.empty() && !already_declared.count(normalized_package(package)))
        out.push_back(make_finding(file, line, "new_requirement", package));
    }
}

// `aiter/ops/flydsl/kernels/x.py` importing `flydsl`: a folder named after the package holds the
// repository's existing integration with it, so the dependency is not new.
bool inside_folder_named(const std::string& path, const std::string& package) {
  size_t start = 0;
  for (size_t slash = path.find('/'); slash != std::string::npos; slash = path.find('/', start)) {
    if (path.compare(start, slash - start, package) == 0 && slash - start == package.size()) return true;
    start = slash + 1;
  }
  return false;
}

void check_build_config(const FileView& file, std::vector<Finding>& out) {
  static const RE2 quoted_requirement(R"(^\s*["']([A-Za-z0-9][A-Za-z0-9_.\-]*)\s*(?:\[[^\]]*\])?\s*(?:[<>=!~;][^"']*)?["']\s*,?\s*$)");
  static const RE2 dependency_list(R"(\b(dependencies|install_requires|requires|extras_require)\b)");
  std::set<std::string> already_declared;  // a version change of one of these is no new dependency
  for (const HunkView& hunk : file.hunks)
    for (const CodeLine& line : hunk.lines) {
      std::string package;
      const std::string text = line.diff->text.substr(0, line.diff->text.find('#'));
      if (line.kind != LineKind::Added && RE2::FullMatch(text, quoted_requirement, &package))
        already_declared.insert(normalized_package(package));
    }
  for (const HunkView& hunk : file.hunks) {
    bool in_dependency_list = RE2::PartialMatch(hunk.hunk->section, dependency_list);
    for (const CodeLine& line : hunk.lines) {
      if (line.kind == LineKind::Removed) continue;
      if (RE2::PartialMatch(line.diff->text, dependency_list)) in_dependency_list = true;
      std::string package;
      const std::string text = line.diff->text.substr(0, line.diff->text.find('#'));
      if (is_new_code(line) && in_dependency_list && RE2::FullMatch(text, quoted_requirement, &package) &&
          !already_declared.count(normalized_package(package)))
        out.push_back(make_finding(file, line, "new_requirement", package));
    }
  }
}

class Hk7NewDependency final : public Rule {
 public:
  const RuleMeta& meta() const override { return hk7_meta(); }

  void check(const ReviewModel& model, std::vector<Finding>& out) const override {
    static const RE2 requirements_name(R"(^requirements[^/]*\.(txt|in)$)");
    for (const FileView& file : model.files) {
      if (is_tooling(file.path)) continue;
      const std::string name = file_name(file.path);
      if (RE2::FullMatch(name, requirements_name)) check_requirements_file(file, out);
      else if (name == "pyproject.toml" || name == "setup.py" || name == "setup.cfg") check_build_config(file, out);
    }

    std::set<std::string> already_imported;  // on unchanged or removed lines anywhere in the diff
    std::set<std::string> own_packages = {"atom", "aiter"};
    for (const FileView& file : model.files) {
      const size_t slash = file.path.find('/');
      if (slash != std::string::npos) own_packages.insert(file.path.substr(0, slash));
      if (file.language != Language::Python) continue;
      for (const HunkView& hunk : file.hunks)
        for (const CodeLine& line : hunk.lines)
          if (!is_new_code(line)) {
            const std::string package = imported_package(line.code);
            if (!package.empty()) already_imported.insert(package);
          }
    }
    std::set<std::string> reported;  // one finding per package per PR, at its first import
    for (const auto& [file, line] : model.hits("HK7.module_import")) {
      if (file->language != Language::Python || file->is_test || is_tooling(file->path)) continue;
      if (line->indent != 0 || line->continuation || line->in_docstring) continue;
      const std::string package = imported_package(line->code);
      if (package.empty() || is_known(package, model.pack->knowledge) || own_packages.count(package) || already_imported.count(package) ||
          inside_folder_named(file->path, package))
        continue;
      if (!reported.insert(package).second) continue;
      out.push_back(make_finding(*file, *line, "new_import", package));
    }
  }
};

}  // namespace

std::unique_ptr<Rule> make_hk7_new_dependency() { return std::make_unique<Hk7NewDependency>(); }

}  // namespace atom
