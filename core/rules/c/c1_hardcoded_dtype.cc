// C1 — a dtype newly hardcoded (`dtype=torch.bfloat16`, `.to(fp8_e8m0)`) in an attention, norm,
// scale or quant path that serves several configurations.
#include <memory>
#include <re2/re2.h>
#include "core/rules/a/abc_support.h"
#include "core/rules/rule.h"

namespace atom {
namespace {

constexpr const char* kKey = "C1.hardcoded_dtype";
// The dtype token after `dtype=` or `.to(`; group 1 is the token.
constexpr const char* kPattern =
    R"((?:(?:^|[^.\w])dtype\s*=\s*|\.to\(\s*)((?:torch\.)?(?:bfloat16|float16|half|float8_e4m3fnuz|float8_e4m3fn|float8_e5m2fnuz|float8_e5m2|float8_e8m0fnu)\b|(?:aiter\.)?dtypes\.(?:bf16|fp16|fp8_e8m0|fp4x2|i8)\b|\bfp8_e8m0\b))";

const RuleMeta& c1_meta() {
  static const RuleMeta meta = [] {
    RuleMeta m;
    m.id = "C1";
    m.slug = "hardcoded-dtype";
    m.category = "C";
    m.default_severity = Severity::Warn;
    m.summary = "A dtype newly hardcoded in an attention/norm/scale path that serves several configs.";
    m.what =
        "Flags an added line that fixes a dtype with `dtype=<dtype>` or `.to(<dtype>)` — `torch.bfloat16`, "
        "`torch.float16`, an fp8 dtype, `fp8_e8m0`, `dtypes.bf16` … — in a file or function on the attention, "
        "MLA/MHA, norm, rope, scale, quant or KV-cache path.";
    m.why =
        "These paths serve BF16, FP16 and several FP8 checkpoints and both gfx942 (fnuz) and gfx950 (OCP fp8). "
        "A fixed dtype is right for the configuration the author tested and silently wrong (precision loss, "
        "wrong scale format, dtype mismatch in the next kernel) for the others (ATOM#1423, ATOM#1458).";
    m.example =
        "```python\nout = torch.empty(x.shape, dtype=torch.bfloat16, device=x.device)  # flagged\n"
        "out = torch.empty(x.shape, dtype=x.dtype, device=x.device)         # fine: follows the input\n```";
    m.must_not_fire =
        "The same dtype already stands on an unchanged (context) line of the file the diff shows, or on a "
        "removed line of the same hunk (the hardcode is not new, only moved); dtype comparisons "
        "(`x.dtype == torch.bfloat16`); a dtype chosen by a ternary (`dtype=fp8 if use_fp8 else x.dtype`); "
        "aiter's `dtypes.fp8` (it resolves to the arch's fp8 format); parameter defaults in a def (`dtype: torch.dtype = torch.bfloat16`: the "
        "caller can pass another); fake/meta implementations (they mirror the real op, D6); comments and "
        "docstrings; test files; files off these paths, and files named after one model family "
        "(`deepseek_v4*`, `kimi*`, `qwen*` …: they serve that model only); benchmark and tuning scripts "
        "(`op_benchmarks/`, `bench_*.py`, `*_tune.py`: synthetic inputs); a dtype the function enforces "
        "(an `assert` on it, or an `if` testing it that raises: a bf16-only kernel's output is its contract); a "
        "line under an `if` that tests a dtype (`if x.dtype not in (fp16, bf16): x = x.to(torch.bfloat16)`); "
        "`float8_e4m3fn` / `float8_e5m2` in an MX (microscaling) function, whose format defines them.";
    m.source = "ATOM#1423, ATOM#1458";
    m.messages = {
        {"hardcoded", "`{dtype}` is hardcoded in `{function}`, a path that serves several configurations",
         "Checkpoints or archs with another dtype (FP16, other FP8 formats, gfx942 fnuz vs gfx950 OCP) get a "
         "silent precision loss, a wrong scale format or a dtype mismatch in the next kernel.",
         "derive the dtype from the input tensor or the config instead of hardcoding `{dtype}`, or assert the "
         "configurations this path supports.",
         "whether every configuration reaching this path really uses `{dtype}`."},
    };
    m.line_patterns = {{kKey, kPattern}};
    return m;
  }();
  return meta;
}

// The dtype tokens (as written) that a line hardcodes.
std::vector<std::string> hardcoded_dtypes(std::string_view code) {
  static const RE2 pattern(kPattern);
  std::vector<std::string> out;
  re2::StringPiece rest(code.data(), code.size());
  std::string token;
  while (RE2::FindAndConsume(&rest, pattern, &token)) out.push_back(token);
  return out;
}

// Shared attention/norm/scale/quant code: named so by its file or function, and not named after
// one model family (a model's own file serves that model's configs only).
bool on_dtype_sensitive_path(const FileView& file, const CodeLine& line) {
  static const RE2 path_words(R"((?i)attention|attn|mla|mha|norm|rope|rotary|quant|scale|fp8|kv_cache)");
  static const RE2 one_model(
      R"((?i)deepseek_v[34]|/v4_|kimi|minimax|qwen|llama|gpt_oss|glm|dspark|mimo|mixtral|gemma|phi)");
  if (RE2::PartialMatch(file.path, one_model)) return false;
  return RE2::PartialMatch(file.path, path_words) || RE2::PartialMatch(line.function, path_words);
}

// A def header or signature line (a parameter default is not a hardcode), or a fake/meta
// implementation that mirrors the real op's dtype (D6 checks those).
bool exempt_line(const HunkView& hunk, const CodeLine& line) {
  static const RE2 fake(R"((?i)fake|meta_impl|abstract)");
  if (RE2::PartialMatch(line.function, fake)) return true;
  const SideLines lines = side_lines(hunk, Side::New);
  const size_t index = index_of(lines, &line);
  if (index >= lines.size()) return true;
  const std::string& start = lines[abc::statement_start(lines, index)]->code;
  return start.find("def ") != std::string::npos && trimmed(start).rfind("def ", 0) == 0;
}

// True when `dtype` also stands on a context line of the file or a removed line of `hunk`.
bool already_in_file(const FileView& file, const HunkView& hunk, const std::string& dtype) {
  for (const HunkView& other : file.hunks)
    for (const CodeLine& line : other.lines) {
      const bool unchanged = line.kind == LineKind::Context;
      const bool moved = line.kind == LineKind::Removed && &other == &hunk;
      if ((unchanged || moved) && line.code.find(dtype) != std::string::npos) return true;
    }
  return false;
}

// Benchmark and tuning scripts make synthetic inputs of a chosen dtype; they serve no config.
bool is_benchmark_or_tuning(const std::string& path) {
  static const RE2 kFolder(R"((?i)(^|/)(op_benchmarks|benchmarks?|bench|tuning|tuners?)/)");
  static const RE2 kName(R"((?i)(^|/)(bench|tune|tuning)[^/]*\.py$|_(bench|benchmark|tune|tuner|tuning)\.py$)");
  return RE2::PartialMatch(path, kFolder) || RE2::PartialMatch(path, kName);
}

// Every new-side line of the file, in order, for statements that span hunks' lines.
SideLines new_side_of(const FileView& file) {
  SideLines lines;
  for (const HunkView& hunk : file.hunks)
    for (const CodeLine* line : side_lines(hunk, Side::New)) lines.push_back(line);
  return lines;
}

bool names_dtype(const std::string& code, const std::string& dtype) {
  const std::string bare = dtype.substr(dtype.rfind('.') + 1);
  return code.find("dtype") != std::string::npos && RE2::PartialMatch(code, "\\b" + RE2::QuoteMeta(bare) + "\\b");
}

// The function asserts or raises on the dtype it hardcodes (`if q.dtype != torch.bfloat16: raise
// ValueError`): a bf16-only kernel's output is its enforced contract, not a silent hardcode.
bool function_enforces(const SideLines& lines, const std::string& function, const std::string& dtype) {
  for (size_t i = 0; i < lines.size(); ++i) {
    if (lines[i]->continuation || lines[i]->function != function) continue;
    const std::string statement = abc::joined_statement(lines, i);
    const std::string code = trimmed(statement);
    if (!names_dtype(statement, dtype)) continue;
    if (code.rfind("assert ", 0) == 0) return true;
    if (code.rfind("if ", 0) != 0 && code.rfind("elif ", 0) != 0) continue;
    size_t body = i + 1;
    while (body < lines.size() && (lines[body]->continuation || lines[body]->blank_or_comment)) ++body;
    if (body < lines.size() && lines[body]->indent > lines[i]->indent && trimmed(lines[body]->code).rfind("raise", 0) == 0)
      return true;
  }
  return false;
}

// The line sits in a branch of an if/elif that tests a dtype (`if x.dtype not in (fp16, bf16):
// x = x.to(torch.bfloat16)`): the dtype is chosen from the input's, like a ternary.
bool under_dtype_test(const SideLines& lines, size_t index) {
  int indent = lines[index]->indent;
  for (size_t i = index; i-- > 0;) {
    const CodeLine& line = *lines[i];
    if (line.continuation || line.blank_or_comment || line.indent >= indent) continue;
    const std::string code = trimmed(line.code);
    if (code.rfind("else", 0) == 0) {  // its if/elif stands above at the same indent
      indent = line.indent + 1;
      continue;
    }
    if (code.rfind("if ", 0) != 0 && code.rfind("elif ", 0) != 0) return false;
    return abc::joined_statement(lines, i).find("dtype") != std::string::npos;
  }
  return false;
}

// MX formats (OCP microscaling) define their fp8 elements as the OCP E4M3/E5M2 types: in an MX
// quant function `float8_e4m3fn` is the format itself, with no fnuz variant to choose.
bool ocp_fp8_of_mx_format(const std::string& function, const std::string& dtype) {
  static const RE2 kMxFunction(R"((?i)(^|[_.])mx(fp\d+)?(_|$)|mxfp\d|microscal)");
  static const RE2 kOcpFp8(R"(float8_e4m3fn$|float8_e5m2$)");
  return RE2::PartialMatch(dtype, kOcpFp8) && RE2::PartialMatch(function, kMxFunction);
}

class C1HardcodedDtype final : public Rule {
 public:
  const RuleMeta& meta() const override { return c1_meta(); }

  void check(const ReviewModel& model, std::vector<Finding>& out) const override {
    // `dtype=fp8_dtype if use_fp8 else x.dtype`: chosen per config, not hardcoded.
    static const RE2 conditional(R"(\bif\b.*\belse\b)");
    for (const auto& [file, line] : model.hits(kKey)) {
      if (file->is_test || line->in_docstring || !is_code_file(*file)) continue;
      if (!on_dtype_sensitive_path(*file, *line) || is_benchmark_or_tuning(file->path)) continue;
      const HunkView* hunk = hunk_of(*file, line);
      if (!hunk || exempt_line(*hunk, *line) || RE2::PartialMatch(line->code, conditional)) continue;
      const SideLines file_lines = new_side_of(*file);
      const size_t index = index_of(file_lines, line);
      if (file->language == Language::Python && index < file_lines.size() && under_dtype_test(file_lines, index)) continue;
      for (const std::string& dtype : hardcoded_dtypes(line->code)) {
        if (already_in_file(*file, *hunk, dtype) || ocp_fp8_of_mx_format(line->function, dtype)) continue;
        if (file->language == Language::Python && function_enforces(file_lines, line->function, dtype)) continue;
        out.push_back(abc::line_finding(
            "C1", Severity::Warn, *file, *line, "hardcoded",
            {{"dtype", dtype}, {"function", line->function.empty() ? "module level" : line->function}}));
        break;
      }
    }
  }
};

}  // namespace

std::unique_ptr<Rule> make_c1_hardcoded_dtype() { return std::make_unique<C1HardcodedDtype>(); }

}  // namespace atom
