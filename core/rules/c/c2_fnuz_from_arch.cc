// C2 — fp8 fnuz chosen from the arch name (`"gfx942" in arch`) instead of the tensor dtype.
#include <memory>
#include <set>
#include <string_view>
#include <re2/re2.h>
#include "core/analysis/file_trees.h"
#include "core/analysis/diff_lines_by_side.h"
#include "core/rules/a/abc_support.h"
#include "core/rules/rule.h"

namespace atom {
namespace {

constexpr const char* kKey = "C2.fnuz";
// An fnuz dtype used as a value (not a helper such as normalize_e4m3fn_to_e4m3fnuz(), not a
// flag variable such as `fp8_fnuz`).
constexpr const char* kFnuzPattern = R"(\b(?:float8_e4m3fnuz|float8_e5m2fnuz)\b)";

const RuleMeta& c2_meta() {
  static const RuleMeta meta = [] {
    RuleMeta m;
    m.id = "C2";
    m.slug = "fnuz-from-arch";
    m.category = "C";
    m.default_severity = Severity::Warn;
    m.summary = "fp8 fnuz decided from the arch name instead of the tensor dtype.";
    m.what =
        "Flags an added line that picks an fnuz fp8 dtype (`torch.float8_e4m3fnuz` …) under a condition on the "
        "GPU arch — a ternary on the same line (`fnuz if \"gfx942\" in arch else fn`) or an `if`/`elif` on "
        "`get_gfx()`, `arch`, `is_gfx942` … whose branch selects it.";
    m.why =
        "Whether data is fnuz is a property of the tensor (the checkpoint and the quantiser that produced "
        "it), not of the GPU: an OCP-fp8 checkpoint loaded on gfx942, or a new arch name the string test does "
        "not know (gfx1250), gets the wrong fp8 interpretation — values off by a factor of 2 (aiter#4073).";
    m.example =
        "```python\nreturn torch.float8_e4m3fnuz if \"gfx942\" in get_gfx() else torch.float8_e4m3fn  # flagged\n"
        "is_fnuz = t.dtype == torch.float8_e4m3fnuz                                   # fine: from the dtype\n```";
    m.must_not_fire =
        "The arch test only gates a conversion (`normalize_e4m3fn_to_e4m3fnuz(...)`, `.to(torch.float8_e4m3fnuz)`); "
        "fnuz decided from a tensor's `.dtype`; comments, docstrings and test files.";
    m.source = "aiter#4073";
    m.messages = {
        {"fnuz_from_arch", "fp8 fnuz is chosen from the arch (`{arch_test}`) instead of the tensor dtype",
         "A checkpoint whose fp8 format differs from what the arch string implies, or an arch the test does not "
         "name, is read with the wrong fp8 format: values off by 2x, wrong output.",
         "decide fnuz from the tensor's dtype (or the checkpoint's quant config), and keep the arch test only for "
         "converting between formats.",
         "whether the fp8 format can differ from what `{arch_test}` implies."},
    };
    m.line_patterns = {{kKey, kFnuzPattern}};
    return m;
  }();
  return meta;
}

// Whether a line tests the GPU arch: arch helpers/names in code, or a gfx literal.
bool tests_arch(const CodeLine& line, Language language) {
  static const RE2 arch_code(R"(\bget_gfx\s*\(|\bis_gfx\w*|\b_?gfx\d+\w*|\barch\w*\b|gcnArchName|\bget_arch\s*\(|__gfx\d+__)");
  static const RE2 arch_literal(R"(^gfx\d)");
  if (RE2::PartialMatch(line.code, arch_code)) return true;
  if (!line.diff) return false;
  for (const std::string& literal : abc::string_literals(line.diff->text, language))
    if (RE2::PartialMatch(literal, arch_literal)) return true;
  return false;
}

// The fnuz token is selected (assigned, returned, a ternary arm), not compared or converted to.
bool selects_fnuz(std::string_view code) {
  static const RE2 compared(R"(\bin\s*[(\[{][^)\]}]*\b(?:float8_e4m3fnuz|float8_e5m2fnuz)\b|(?:==|!=|\bis\b|\bin\b)\s*(?:torch\.)?(?:float8_e4m3fnuz|float8_e5m2fnuz)\b|\b(?:float8_e4m3fnuz|float8_e5m2fnuz)\s*(?:==|!=))");
  static const RE2 converted(R"(\.(?:to|view)\(\s*(?:dtype\s*=\s*)?(?:torch\.)?(?:float8_e4m3fnuz|float8_e5m2fnuz)\b)");
  return !RE2::PartialMatch(code, compared) && !RE2::PartialMatch(code, converted);
}

// The fnuz token on head line `line` of `part`, or a null node.
syntax::Node fnuz_token(const ast::FileSyntax& part, const CodeLine& line) {
  static const RE2 fnuz("(" + std::string(kFnuzPattern) + ")");
  re2::StringPiece match;
  if (!RE2::PartialMatch(line.diff->text, fnuz, &match)) return {};
  const size_t at = part.tree.line_start(line.new_line) + static_cast<size_t>(match.data() - line.diff->text.data());
  return part.tree.root().descendant_for_bytes(static_cast<uint32_t>(at), static_cast<uint32_t>(at + match.size()));
}

// The statement holding `node`: the innermost node directly in a block (or the module), or the
// condition of an if/elif/while whose header holds it. Null when the parse lost it.
syntax::Node statement_of(syntax::Node node) {
  static const std::set<std::string_view> kBlocks = {"block", "module", "compound_statement", "translation_unit",
                                                     "field_declaration_list", "declaration_list"};
  static const std::set<std::string_view> kHeaders = {"if_statement", "elif_clause", "while_statement", "condition_clause"};
  for (; !node.null() && !node.parent().null(); node = node.parent()) {
    if (node.is_error()) return {};
    const std::string_view parent = node.parent().kind();
    if (kBlocks.count(parent) > 0) return node;
    if (kHeaders.count(parent) > 0 && node.kind() != "block") return node;
  }
  return {};
}

class C2FnuzFromArch final : public Rule {
 public:
  const RuleMeta& meta() const override { return c2_meta(); }

  void check(const ReviewModel& model, std::vector<Finding>& out) const override {
    for (const auto& [file, line] : model.hits(kKey)) {
      if (file->is_test || line->in_docstring || !is_code_file(*file)) continue;
      for (const ast::FileSyntax& part : head_trees(*file).parts) {
        if (line->new_line < part.first_line || line->new_line > part.last_line) continue;
        const syntax::Node token = fnuz_token(part, *line);
        const syntax::Node statement = statement_of(token);
        // The whole statement: `dtype in (fn,\n fnuz,\n ...)` compares on its first line.
        if (statement.null() || !selects_fnuz(part.tree.text(statement))) continue;
        if (tests_arch(*line, file->language)) {
          out.push_back(abc::line_finding("C2", Severity::Warn, *file, *line, "fnuz_from_arch",
                                          {{"arch_test", abc::clip(abc::source_text(line->diff->text, file->language))}}));
          continue;
        }
        if (file->language != Language::Python) continue;
        const CodeLine* branch = arch_branch_selecting(HeadLines(*file), part.tree, token);
        if (branch)
          out.push_back(abc::line_finding("C2", Severity::Warn, *file, *branch, "fnuz_from_arch",
                                          {{"arch_test", abc::clip(abc::source_text(branch->diff->text, file->language))}}));
      }
    }
  }

 private:
  // The header of the innermost if/elif branch around `node` whose condition tests the arch, or
  // nullptr. An `else` is no arch test of its own.
  static const CodeLine* arch_branch_selecting(const HeadLines& lines, const syntax::SyntaxTree& tree, syntax::Node node) {
    for (; !node.null(); node = node.parent()) {
      const syntax::Node owner = node.parent();
      if (node.kind() != "block" || (owner.kind() != "if_statement" && owner.kind() != "elif_clause")) continue;
      if (!(owner.field("consequence") == node)) continue;
      const syntax::Node condition = owner.field("condition");
      if (condition.null()) continue;
      for (int header = tree.start_line(condition); header <= tree.end_line(condition); ++header) {
        const CodeLine* code = lines.at(header);
        if (code && tests_arch(*code, Language::Python)) return lines.at(tree.start_line(owner));
      }
    }
    return nullptr;
  }
};

}  // namespace

std::unique_ptr<Rule> make_c2_fnuz_from_arch() { return std::make_unique<C2FnuzFromArch>(); }

}  // namespace atom
