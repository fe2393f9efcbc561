// E1: new aiter imports or new kwargs on aiter calls, and the description links no aiter PR.
#include <memory>
#include <set>
#include <re2/re2.h>

#include "core/analysis/review_model.h"
#include "core/rules/d/dg_support.h"
#include "core/rules/d/python_chain.h"
#include "core/rules/rule.h"

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
        "left out) and new keyword arguments added to existing aiter calls, in a repository "
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

// Names a `from aiter… import` statement brings in that may be new kernel API.
// Infrastructure modules (process groups, JIT and build helpers, dtype tables) and the
// long-standing enums are plumbing every ATOM file imports, not kernel API that needs an aiter PR.
std::vector<std::string> aiter_imports(const std::string& statement) {
  static const RE2 kFrom(R"(^\s*from\s+aiter(\.[\w.]+)?\s+import\s)");
  static const RE2 kInfrastructure(R"(^\s*from\s+aiter\.(dist|jit|utility|test_common)\b)");
  static const RE2 kPlumbing(R"(^(dtypes|logger|QuantType|ActivationType|get_gfx|get_cu_num)$)");
  if (!RE2::PartialMatch(statement, kFrom) || RE2::PartialMatch(statement, kInfrastructure)) return {};
  std::vector<std::string> names;
  for (std::string& name : dg::python_bound_names(statement))
    if (!RE2::FullMatch(name, kPlumbing)) names.push_back(std::move(name));
  return names;
}

struct FileUsage {
  std::vector<std::string> symbols;
  const CodeLine* first = nullptr;
};

FileUsage new_usage(const FileView& file) {
  std::set<std::string> old_names;
  std::vector<const CodeLine*> old_lines = dg::old_side_lines(file);
  for (size_t i = 0; i < old_lines.size(); ++i) {
    if (!dg::is_statement_start(*old_lines[i])) continue;
    size_t end = i;
    for (const std::string& name : aiter_imports(dg::statement_text(old_lines, i, &end))) old_names.insert(name);
    i = end;
  }
  FileUsage usage;
  std::set<std::string> seen;
  auto add = [&](const std::string& symbol, const CodeLine* line) {
    if (!seen.insert(symbol).second) return;
    usage.symbols.push_back(symbol);
    if (!usage.first) usage.first = line;
  };
  std::vector<const CodeLine*> lines = dg::new_side_lines(file);
  for (size_t i = 0; i < lines.size(); ++i) {
    if (!dg::is_statement_start(*lines[i])) continue;
    size_t end = i;
    std::string statement = dg::statement_text(lines, i, &end);
    for (const std::string& name : aiter_imports(statement)) {
      if (old_names.count(name)) continue;
      for (size_t k = i; k <= end; ++k)
        if (is_new_code(*lines[k]) && (dg::has_name(lines[k]->code, name) || k == i)) {
          add(name, lines[k]);
          break;
        }
    }
    i = end;
  }
  // New keyword arguments on calls that already existed (their first line is unchanged).
  static const RE2 kAiterCall(R"(\b(aiter\.[\w.]+)\()");
  static const RE2 kKwarg(R"((?:^|[(,])\s*(\w+)\s*=[^=])");
  for (size_t i = 0; i < lines.size(); ++i) {
    if (!dg::is_statement_start(*lines[i]) || lines[i]->kind != LineKind::Context) continue;
    size_t end = i;
    std::string statement = dg::statement_text(lines, i, &end);
    std::string callee;
    if (!RE2::PartialMatch(statement, kAiterCall, &callee)) continue;
    std::set<std::string> old_kwargs;
    for (size_t k = i; k <= end; ++k) {
      if (lines[k]->kind != LineKind::Context) continue;
      re2::StringPiece input(lines[k]->code);
      std::string kw;
      while (RE2::FindAndConsume(&input, kKwarg, &kw)) old_kwargs.insert(kw);
    }
    for (size_t k = i + 1; k <= end; ++k) {
      if (!is_new_code(*lines[k])) continue;
      re2::StringPiece input(lines[k]->code);
      std::string kw;
      while (RE2::FindAndConsume(&input, kKwarg, &kw))
        if (!old_kwargs.count(kw)) add(kw + "= on " + callee, lines[k]);
    }
    i = end;
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
      Finding finding = dg::finding_at("E1", file, *usage.first, "unlinked-aiter-usage", {{"symbols", symbols}});
      finding.place = file.path + "::aiter-usage";
      finding.tag = Tag::Inferred;  // whether the pinned aiter already has them is not in the diff
      dg::add_unique(out, std::move(finding));
    }
  }
};

}  // namespace

std::unique_ptr<Rule> make_e1_aiter_usage_without_link() { return std::make_unique<E1Rule>(); }

}  // namespace atom
