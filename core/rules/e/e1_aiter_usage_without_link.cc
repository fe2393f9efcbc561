// E1: new aiter imports or new kwargs on aiter calls, and the description links no aiter PR.
#include <map>
#include <memory>
#include <set>
#include <string_view>
#include <re2/re2.h>

#include "core/analysis/before_parsing.h"
#include "core/analysis/changed_lines.h"
#include "core/analysis/file_trees.h"
#include "core/analysis/review_model.h"
#include "core/analysis/syntax_text.h"
#include "core/rules/rule.h"
#include "core/rules/finding_at.h"

namespace atom {
namespace {

const RuleMeta kMeta{
    .id = "E1",
    .slug = "aiter-usage-without-aiter-pr",
    .category = "E",
    .default_severity = Severity::Warn,
    .summary = "New aiter imports or new kwargs on aiter calls, and the PR links no aiter PR.",
    .what =
        "Finds new `from aiter… import X` lines (names not merely moved from a removed line; "
        "infrastructure modules `aiter.dist/jit/utility` and the basic enums and dtype tables are "
        "left out) and new keyword arguments on aiter calls (`aiter.f(…)`, or `f(…)` with `f` imported "
        "from an aiter module) that no call of that function in the base file passes: added to an "
        "existing call, or passed by a call the PR wrote (a function the base never calls is left out "
        "then: nothing says which of its keywords are new); in a repository "
        "other than aiter itself, when the PR description links no aiter pull request "
        "(`ROCm/aiter#N`, `github.com/ROCm/aiter/pull/N`, `aiter#N`, `aiter PR #N`).",
    .why =
        "ATOM pins an aiter version. A symbol or kwarg that exists only on an unmerged aiter branch "
        "makes ATOM fail at import or call time for everyone on the pinned version, and reviewers "
        "cannot check the kernel side of the change without the link (ATOM#1494).",
    .example =
        "```python\nfrom aiter import fused_qk_rmsnorm_group_quant   # new, description links nothing\n```\n"
        "Use instead: link the aiter PR (and the aiter commit ATOM needs) in the description.",
    .must_not_fire =
        "An aiter PR is linked in the description; the import only moved (the same name was "
        "removed elsewhere in the diff); the PR belongs to aiter itself. Without a description "
        "the rule does not run. Tests are left out. The finding is inferred: whether the pinned "
        "aiter already provides the symbol is not in the diff.",
    .source = "ATOM#1494",
    .messages = {{
        .id = "unlinked-aiter-usage",
        .problem = "new aiter usage ({symbols}) but the description links no aiter pull request",
        .impact = "an import or call failure at run time for anyone on the pinned aiter version if the "
                  "aiter side is not merged; the kernel change cannot be reviewed",
        .action_verified = "link the aiter PR that provides {symbols} and state the aiter commit or version "
                           "ATOM now requires",
        .action_inferred = "which aiter PR provides {symbols} and whether it is merged",
    }},
    .line_patterns = {},
};

bool links_aiter_pr(const std::string& text) {
  static const RE2 kLink(
      R"((?i)(rocm/aiter(/pull/|/commit/|#)\w+|\baiter\s*(pr\s*)?#\s*\d+|github\.com/rocm/aiter/(pull|commit|compare|tree)/))");
  return RE2::PartialMatch(text, kLink);
}

bool is_aiter_repository(const ReviewModel& model) {
  static const RE2 kAiterRepo(R"((?i)(^|/)aiter$)");
  return model.meta && RE2::PartialMatch(model.meta->repo, kAiterRepo);
}

// aiter's own tree (a diff of aiter given without its meta).
bool is_aiter_source(const std::string& path) {
  static const RE2 kAiterTree(R"(^(aiter|op_tests|csrc|aiter_meta)/)");
  return RE2::PartialMatch(path, kAiterTree);
}

// A name a `from aiter… import` statement brings in (its alias when it has one), and its line.
struct ImportedName {
  std::string name;
  int line = 0;
  int statement_line = 0;
};

// Names `from aiter… import` statements bring in that may be new kernel API. Infrastructure
// modules (process groups, JIT and build helpers, dtype tables) and the long-standing enums are
// plumbing every ATOM file imports, not kernel API that needs an aiter PR.
const RE2& plumbing() {
  static const RE2 kPlumbing(R"(dtypes|logger|QuantType|ActivationType|get_gfx|get_cu_num)");
  return kPlumbing;
}

bool kernel_api_module(const std::string& module) {
  static const RE2 kAiterModule(R"(aiter(\.[\w.]+)?)");
  static const RE2 kInfrastructure(R"(aiter\.(dist|jit|utility|test_common)\b.*)");
  return RE2::FullMatch(module, kAiterModule) && !RE2::FullMatch(module, kInfrastructure);
}

// A one-line `from aiter… import a, b as c` that a fragment's error recovery left unparsed (a hunk
// cut inside a def's parameter list swallows the body's first statements into an ERROR node).
void imports_the_parser_lost(const ast::FileSyntax& part, const std::map<int, std::string_view>& side_lines,
                             const std::set<int>& parsed, std::vector<ImportedName>& out) {
  static const RE2 kFromImport(R"(^\s*from\s+([\w.]+)\s+import\s+([\w, ]+?)\s*(?:#.*)?$)");
  static const RE2 kAlias(R"(\s*(\w+)(?:\s+as\s+(\w+))?\s*)");
  for (auto line = side_lines.lower_bound(part.first_line); line != side_lines.end() && line->first <= part.last_line; ++line) {
    std::string module, names;
    if (parsed.count(line->first) || !RE2::FullMatch(line->second, kFromImport, &module, &names) ||
        !kernel_api_module(module))
      continue;
    size_t start = 0;
    while (start <= names.size()) {
      const size_t comma = names.find(',', start);
      std::string name, alias;
      if (RE2::FullMatch(names.substr(start, comma == std::string::npos ? std::string::npos : comma - start), kAlias, &name, &alias)) {
        std::string bound = alias.empty() ? name : alias;
        if (!RE2::FullMatch(bound, plumbing())) out.push_back({std::move(bound), line->first, line->first});
      }
      if (comma == std::string::npos) break;
      start = comma + 1;
    }
  }
}

bool any_aiter_module(const std::string& module) { return module == "aiter" || module.rfind("aiter.", 0) == 0; }

// Names `from <module> import` statements bring in, for the modules `wanted` accepts.
// `side_lines`: the raw text of that side's lines the diff shows, by line number.
std::vector<ImportedName> aiter_imports(const SideTrees& side, const std::map<int, std::string_view>& side_lines,
                                        bool (*wanted)(const std::string& module) = kernel_api_module) {
  std::vector<ImportedName> out;
  for (const ast::FileSyntax& part : side.parts) {
    std::set<int> parsed;  // lines of import statements the tree holds
    syntax::walk(part.tree.root(), [&](syntax::Node node) {
      if (node.kind() != "import_from_statement") return node.kind() != "import_statement";
      for (int line = part.tree.start_line(node); line <= part.tree.end_line(node); ++line) parsed.insert(line);
      const std::string module = ast::without_spaces(part.tree.text(node.field("module_name")));
      if (!wanted(module)) return false;
      for (uint32_t i = 0; i < node.child_count(); ++i) {
        if (node.child_field_name(i) != "name") continue;
        const syntax::Node child = node.child(i);
        const syntax::Node bound = child.kind() == "aliased_import" ? child.field("alias") : child;
        std::string name = ast::without_spaces(part.tree.text(bound));
        if (!RE2::FullMatch(name, plumbing()))
          out.push_back({std::move(name), part.tree.start_line(child), part.tree.start_line(node)});
      }
      return false;
    });
    if (part.fragment && part.error_count() > 0) imports_the_parser_lost(part, side_lines, parsed, out);
  }
  return out;
}

// The diff's lines of one side (head: context and added; base: context and removed), raw.
std::map<int, std::string_view> shown_lines(const FileView& file, bool head) {
  std::map<int, std::string_view> out;
  for (const HunkView& hunk : file.hunks)
    for (const CodeLine& line : hunk.lines) {
      if (!line.diff || line.kind == (head ? LineKind::Removed : LineKind::Added)) continue;
      out[head ? line.new_line : line.old_line] = line.diff->text;
    }
  return out;
}

struct FileUsage {
  std::vector<std::string> symbols;
  int first_line = 0;
};

// Head lines the diff shows as added (moved or not): every other head line existed before.
std::set<int> added_lines(const FileView& file) {
  std::set<int> out;
  for (const HunkView& hunk : file.hunks)
    for (const CodeLine& line : hunk.lines)
      if (line.kind == LineKind::Added) out.insert(line.new_line);
  return out;
}

FileUsage new_usage(const FileView& file) {
  const std::set<int> written = changed_lines(file).written, added = added_lines(file);
  FileUsage usage;
  std::set<std::string> seen;
  auto add = [&](const std::string& symbol, int line) {
    if (!seen.insert(symbol).second) return;
    usage.symbols.push_back(symbol);
    if (usage.first_line == 0) usage.first_line = line;
  };
  if (written.empty() || !head_shows(file, "aiter")) return usage;
  std::vector<ImportedName> written_imports;
  for (ImportedName& imported : aiter_imports(head_trees(file), shown_lines(file, true)))
    if (written.count(imported.line) || written.count(imported.statement_line)) written_imports.push_back(std::move(imported));
  std::set<std::string> old_names;  // the base is read only for an import the PR wrote
  if (!written_imports.empty())
    for (const ImportedName& imported : aiter_imports(base_trees(file), shown_lines(file, false))) old_names.insert(imported.name);
  for (const ImportedName& imported : written_imports) {
    if (old_names.count(imported.name)) continue;
    add(imported.name, written.count(imported.line) ? imported.line : imported.statement_line);
  }
  // New keyword arguments on aiter calls (`aiter.f(…)`, or `f(…)` with `f` imported from any aiter
  // module): a keyword the PR wrote on a call that already existed (its first line is unchanged)
  // and its unchanged lines did not pass, or on a call the PR wrote when the base calls that
  // function at all (else nothing says which of its keywords are new). Either way, a keyword some
  // call of that function in the base file passes is not new (a changed value, a sibling call).
  std::set<std::string> aiter_functions;
  for (const ImportedName& imported : aiter_imports(head_trees(file), shown_lines(file, true), any_aiter_module))
    aiter_functions.insert(imported.name);
  auto calls_aiter = [&](const ast::PyCall& call) {
    return call.callee.rfind("aiter.", 0) == 0 || aiter_functions.count(call.callee) > 0;
  };
  struct Candidate {
    const ast::PyCall* call;
    const ast::PyArgument* argument;
    bool on_written_call;
  };
  std::vector<Candidate> candidates;
  for (const ast::FileSyntax& part : head_trees(file).parts)
    for (const ast::PyCall& call : part.python().calls) {
      if (!calls_aiter(call)) continue;
      const bool written_call = added.count(call.line) > 0;
      if (written_call && !written.count(call.line)) continue;  // a moved call
      std::set<std::string> old_keywords;
      if (!written_call)
        for (const ast::PyArgument& argument : call.arguments)
          if (!argument.keyword.empty() && !added.count(argument.line)) old_keywords.insert(argument.keyword);
      for (const ast::PyArgument& argument : call.arguments)
        if (!argument.keyword.empty() && written.count(argument.line) && !old_keywords.count(argument.keyword))
          candidates.push_back({&call, &argument, written_call});
    }
  if (candidates.empty()) return usage;
  std::map<std::string, std::set<std::string>> base_keywords;  // callee → the keywords its base calls pass
  for (const ast::FileSyntax& part : base_trees(file).parts)
    for (const ast::PyCall& call : part.python().calls) {
      if (!calls_aiter(call)) continue;
      std::set<std::string>& keywords = base_keywords[call.callee];
      for (const ast::PyArgument& argument : call.arguments)
        if (!argument.keyword.empty()) keywords.insert(argument.keyword);
    }
  for (const Candidate& candidate : candidates) {
    const auto known = base_keywords.find(candidate.call->callee);
    if (known == base_keywords.end() ? candidate.on_written_call : known->second.count(candidate.argument->keyword) > 0)
      continue;
    add(candidate.argument->keyword + "= on " + candidate.call->callee, candidate.argument->line);
  }
  return usage;
}

class E1Rule : public Rule {
 public:
  const RuleMeta& meta() const override { return kMeta; }

  void check(const ReviewModel& model, std::vector<Finding>& out) const override {
    if (!model.has_body || is_aiter_repository(model) || links_aiter_pr(model.pr_text)) return;
    for (const FileView& file : model.files) {
      if (file.language != Language::Python || file.is_test || is_aiter_source(file.path)) continue;
      FileUsage usage = new_usage(file);
      if (usage.symbols.empty()) continue;
      std::string symbols;
      for (const std::string& symbol : usage.symbols) symbols += (symbols.empty() ? "" : ", ") + symbol;
      // Inferred: whether the pinned aiter already has them is not in the diff.
      Finding finding = finding_at("E1", Severity::Warn, Tag::Inferred, file, usage.first_line, "unlinked-aiter-usage",
                                   {{"symbols", symbols}});
      finding.place = file.path + "::aiter-usage";
      out.push_back(std::move(finding));
    }
  }
};

}  // namespace

std::unique_ptr<Rule> make_e1_aiter_usage_without_link() { return std::make_unique<E1Rule>(); }

}  // namespace atom
