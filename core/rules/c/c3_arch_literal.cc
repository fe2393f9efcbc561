// C3 — a new arch string literal in a dispatch condition, or a model magic constant (the pack's
// model_magic_numbers: 576 = kv_lora_rank + qk_rope_head_dim) instead of config or a named constant.
#include <memory>
#include <set>
#include <re2/re2.h>
#include "core/rules/a/abc_support.h"
#include "core/rules/rule.h"

namespace atom {
namespace {

constexpr const char* kArchKey = "C3.arch_literal";
constexpr const char* kMagicKey = "C3.magic_constant";
// A comparison or membership test: where an arch literal makes a dispatch decision.
constexpr const char* kDecisionPattern = R"((?:==|!=|\bin\b|\bnot\s+in\b|startswith|endswith|^\s*(?:if|elif|while)\b))";
// A whole number between code operators ("576-wide" in prose the lexer took for code does not
// count); which numbers are model dimensions is the pack's knowledge (model_magic_numbers).
constexpr const char* kNumberPattern =
    R"((?:[=(,\[*+/<>]\s*|\b)([1-9][0-9]+)(?:\.0)?\s*(?:[),\]*+/<>=:]|$))";

const RuleMeta& c3_meta() {
  static const RuleMeta meta = [] {
    RuleMeta m;
    m.id = "C3";
    m.slug = "arch-literal-magic-constant";
    m.category = "C";
    m.default_severity = Severity::Warn;
    m.summary = "A new arch string literal in a dispatch condition, or a model magic constant instead of config.";
    m.what =
        "Flags an added line whose condition compares with an arch string literal (`get_gfx() == \"gfx950\"`, "
        "`arch in (\"gfx942\", …)`, `.startswith(\"gfx94\")`), and an added line that uses a model-shape magic "
        "number (the pack's `model_magic_numbers`: 576 = kv_lora_rank + qk_rope_head_dim, 7168, 1536, 18432, "
        "129280, 163840, 2880 in the built-in packs) instead of the "
        "config value or a named constant.";
    m.why =
        "An arch literal in a dispatch silently excludes (or includes) every other arch — the next one "
        "(gfx1250) takes the fallback path without anyone deciding it. A magic 576 is right for DeepSeek MLA "
        "and wrong for any model with another kv_lora_rank (ATOM#860).";
    m.example =
        "```python\nif get_gfx() == \"gfx950\" and num_heads <= 16:   # flagged: arch literal in a dispatch\n"
        "if kv_dim == 576:                               # flagged: magic constant\n"
        "if kv_dim == self.kv_lora_rank + self.qk_rope_head_dim:   # fine\n```";
    m.must_not_fire =
        "The same literal or constant already stands on an unchanged (context) line of the same file the diff "
        "shows, or on a line the PR removed (the base had it: an edited or reflowed condition); comments and docstrings; paths (`\"hsa/gfx950/…\"`); a named constant's definition "
        "(`MLA_LATENT_DIM = 576`); a named capability flag (`self._is_gfx950 = get_gfx() == \"gfx950\"`); "
        "`assert`/`raise` guards, an `if` whose body starts by raising, and C++ check macros (`TORCH_CHECK`, "
        "`AITER_CHECK`, `assert`, `static_assert`): they fail loudly; capability guards inside a detection helper (`_detect_gfx1201()`, "
        "`is_gfx950()`); the central arch registry files (`chip_info`, `platform`, `arch` modules); test files and aiter's "
        "test and benchmark tree `op_tests/` (ATOM#749 must not fire).";
    m.source = "ATOM#860 (fires), ATOM#749 (must not)";
    m.messages = {
        {"arch_literal", "The dispatch condition hardcodes the arch `\"{literal}\"`",
         "Every other arch (and the next one, e.g. gfx1250) silently takes the other branch: a slower or wrong "
         "kernel path nobody chose for it.",
         "take the arch decision from a capability helper or a central arch table instead of the literal "
         "`\"{literal}\"`, and say what the other archs should do.",
         "what the other archs should do on this path, and whether `\"{literal}\"` belongs in a capability helper."},
        {"magic_constant", "The magic constant `{value}` stands in for a model dimension: {stands_for}",
         "Correct for one model family only: a model with another kv_lora_rank / hidden size takes the wrong "
         "path or gets a wrong shape.",
         "compute `{value}` from the config (e.g. kv_lora_rank + qk_rope_head_dim) or use a named constant that "
         "says what it is.",
         "which model dimension `{value}` stands for and whether other models share it."},
    };
    m.line_patterns = {{kArchKey, kDecisionPattern}, {kMagicKey, kNumberPattern}};
    return m;
  }();
  return meta;
}

bool exempt_file(const FileView& file) {
  static const RE2 registry(R"((?i)(?:^|/)(?:chip_info|platform|arch\w*|envs)\.py$)");
  static const RE2 test_tree(R"(^op_tests/)");
  return file.is_test || !is_code_file(file) || RE2::PartialMatch(file.path, registry) ||
         RE2::PartialMatch(file.path, test_tree);
}

// The line fails loudly on other archs rather than choosing a path for them: a C++ check macro,
// or a Python `if` whose body starts with `raise` (the next code line of the hunk's new side).
bool loud_guard(const FileView& file, const CodeLine& line) {
  static const RE2 cpp_check(R"((?:\b[A-Z][A-Z0-9_]*CHECK\w*|\bassert|\bstatic_assert)\s*\()");
  static const RE2 python_if(R"(^\s*(?:el)?if\b.*:\s*$)");
  static const RE2 raises(R"(^\s*raise\b)");
  if (file.language == Language::Cpp) return RE2::PartialMatch(line.code, cpp_check);
  if (!RE2::PartialMatch(line.code, python_if)) return false;
  for (const HunkView& hunk : file.hunks)
    for (size_t i = 0; i < hunk.lines.size(); ++i) {
      if (&hunk.lines[i] != &line) continue;
      for (size_t k = i + 1; k < hunk.lines.size(); ++k) {
        const CodeLine& next = hunk.lines[k];
        if (next.kind == LineKind::Removed || next.blank_or_comment) continue;
        return RE2::PartialMatch(next.code, raises);
      }
    }
  return false;
}

bool in_detection_helper(const CodeLine& line) {
  // A predicate that answers a capability question is where an arch literal belongs:
  // `_detect_gfx1201()`, `is_gfx950()`, `supports_fp4()`, `dcp_persistent_supported()`.
  static const RE2 helper(
      R"((?i)(?:^|[.:_])(?:detect\w*|is_gfx\w*|get_gfx\w*|\w*_arch|gfx\d+\w*|\w*capab\w*|supports?_\w*|\w*_supported|\w*_available)$)");
  return RE2::PartialMatch(line.function, helper);
}

// Literals the base already had in the file (context and removed lines), and the context code.
struct UnchangedText {
  std::set<std::string> literals;
  std::string code;  // every context line's stripped code, newline-separated
};

UnchangedText unchanged_text(const FileView& file) {
  UnchangedText text;
  for (const HunkView& hunk : file.hunks)
    for (const CodeLine& line : hunk.lines) {
      if (line.kind == LineKind::Added || !line.diff) continue;
      for (std::string& literal : abc::string_literals(line.diff->text, file.language))
        text.literals.insert(std::move(literal));
      if (line.kind == LineKind::Removed) continue;  // removed literals count; removed numbers were not asked for
      text.code += line.code;
      text.code += '\n';
    }
  return text;
}

// The first number of `code` that the pack lists as a model dimension.
const ModelMagicNumber* first_magic_number(const std::string& code, const RE2& number,
                                           const std::vector<ModelMagicNumber>& magic_numbers) {
  re2::StringPiece input(code);
  std::string value;
  while (RE2::FindAndConsume(&input, number, &value))
    for (const ModelMagicNumber& magic : magic_numbers)
      if (magic.value == value) return &magic;
  return nullptr;
}

class C3ArchLiteral final : public Rule {
 public:
  const RuleMeta& meta() const override { return c3_meta(); }

  void check(const ReviewModel& model, std::vector<Finding>& out) const override {
    static const RE2 arch_literal(R"(^(?:gfx\d+[a-z]?|MI\d{3}[A-Z]?)$)");
    static const RE2 named_constant(R"(^\s*[A-Z][A-Z0-9_]*\s*(?::\s*\w+\s*)?=[^=])");
    // `self._is_gfx950 = get_gfx() == "gfx950"`: naming a capability is the fix, not the problem.
    static const RE2 explicit_guard(R"(^\s*(?:assert|raise)\b)");  // fails loudly: not a silent dispatch
    static const RE2 capability_flag(R"(^\s*(?:self\.)?_?(?:is|has|use|supports?)_?gfx\w*\s*=[^=])");
    std::map<const FileView*, UnchangedText> unchanged;
    auto unchanged_of = [&](const FileView* file) -> const UnchangedText& {
      auto it = unchanged.find(file);
      if (it == unchanged.end()) it = unchanged.emplace(file, unchanged_text(*file)).first;
      return it->second;
    };
    for (const auto& [file, line] : model.hits(kArchKey)) {
      if (exempt_file(*file) || line->in_docstring || in_detection_helper(*line) || !line->diff ||
          RE2::PartialMatch(line->code, capability_flag) || RE2::PartialMatch(line->code, explicit_guard) ||
          loud_guard(*file, *line))
        continue;
      for (const std::string& literal : abc::string_literals(line->diff->text, file->language)) {
        if (!RE2::FullMatch(literal, arch_literal) || unchanged_of(file).literals.count(literal)) continue;
        out.push_back(abc::line_finding("C3", Severity::Warn, *file, *line, "arch_literal", {{"literal", literal}}));
        break;
      }
    }
    const std::vector<ModelMagicNumber>& magic_numbers = model.pack->knowledge.model_magic_numbers;
    if (magic_numbers.empty()) return;
    static const RE2 number(kNumberPattern);
    for (const auto& [file, line] : model.hits(kMagicKey)) {
      if (exempt_file(*file) || line->in_docstring || RE2::PartialMatch(line->code, named_constant)) continue;
      const ModelMagicNumber* magic = first_magic_number(line->code, number, magic_numbers);
      if (magic == nullptr) continue;
      const RE2 same_value("\\b" + magic->value + "\\b");
      if (RE2::PartialMatch(unchanged_of(file).code, same_value)) continue;
      out.push_back(abc::line_finding("C3", Severity::Warn, *file, *line, "magic_constant",
                                      {{"value", magic->value}, {"stands_for", magic->stands_for}}));
    }
  }
};

}  // namespace

std::unique_ptr<Rule> make_c3_arch_literal() { return std::make_unique<C3ArchLiteral>(); }

}  // namespace atom
