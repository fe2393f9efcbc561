// B5 sub-checks on silent fallbacks: attr-missing (nested getattr defaults) and dispatch-silent
// (a backend fallback with no log).
#include <re2/re2.h>
#include "core/analysis/python_structure.h"
#include "core/rules/a/abc_support.h"
#include "core/rules/b/b5_subchecks.h"

namespace atom::b5 {
namespace {

bool loud(std::string_view code) {
  static const RE2 says(R"(\blog\w*\.|\blogging\.|\bwarn\w*\(|\bprint\(|^\s*raise\b|^\s*assert\b)");
  return RE2::PartialMatch(code, says);
}

}  // namespace

void attr_missing(const ReviewModel& model, std::vector<Finding>& out) {
  static const RE2 default_arg(R"(,\s*([^,()]+?)\s*\)\s*$)");
  for (const auto& [file, line] : model.hits("B5.nested_getattr")) {
    if (file->language != Language::Python || file->is_test || !line->diff) continue;
    const HunkView* hunk = hunk_of(*file, line);
    if (!hunk) continue;
    const SideLines lines = side_lines(*hunk, Side::New);
    const size_t index = index_of(lines, line);
    if (index >= lines.size()) continue;
    // A check right after it that raises or logs on the missing value makes the fallback loud.
    const std::vector<std::string> bound = bound_names(line->code);
    bool checked = false;
    for (size_t next = index + 1; next < lines.size() && next <= index + 6 && !checked; ++next)
      for (const std::string& name : bound)
        checked = checked || (has_identifier(lines[next]->code, name) && loud(lines[next]->code)) ||
                  (next + 1 < lines.size() && has_identifier(lines[next]->code, name) && loud(lines[next + 1]->code));
    if (checked) continue;
    const std::string expression = abc::source_text(line->diff->text, Language::Python);
    std::string default_value = "the default";
    RE2::PartialMatch(expression, default_arg, &default_value);
    Finding finding = abc::line_finding("B5", Severity::Warn, *file, *line, "attr_missing",
                                        {{"expression", abc::clip(expression)}, {"default", default_value}});
    finding.tag = Tag::Inferred;
    out.push_back(std::move(finding));
  }
}

void dispatch_silent(const ReviewModel& model, std::vector<Finding>& out) {
  static const RE2 missing_backend(R"(\b(?:ImportError|ModuleNotFoundError|AttributeError)\b)");
  static const RE2 broad(R"(^\s*except\s*(?:\(?\s*(?:Exception|RuntimeError|BaseException)\b|:))");
  // Kernel backends; optional host frameworks (vllm, sglang) are integration points, not backends.
  static const RE2 backend(R"(\b(?:aiter|triton|ck_\w*|asm_\w*|flash_attn\w*|hip\w*|_C|flydsl|mori|deep_gemm|tilelang)\b)");
  for (const auto& [file, line] : model.hits("B5.except")) {
    if (file->language != Language::Python || file->is_test) continue;
    const HunkView* hunk = hunk_of(*file, line);
    if (!hunk) continue;
    const SideLines lines = side_lines(*hunk, Side::New);
    const size_t index = index_of(lines, line);
    const std::vector<PyBlock> blocks = python_blocks(lines);
    const PyBlock* handler = nullptr;
    const PyBlock* attempt = nullptr;
    for (const PyBlock& block : blocks) {
      if (block.kind == PyBlockKind::Except && block.header == index) handler = &block;
      if (block.kind == PyBlockKind::Try && block.end <= index && block.indent == line->indent &&
          (!attempt || block.header > attempt->header))
        attempt = &block;
    }
    if (!handler || !handler->complete || handler->body.empty()) continue;
    if (!attempt || !(RE2::PartialMatch(handler->header_code, missing_backend) ||
                      RE2::PartialMatch(handler->header_code, broad)))
      continue;
    bool candidate = false;
    for (size_t body : attempt->body) candidate = candidate || RE2::PartialMatch(lines[body]->code, backend);
    if (!candidate) continue;
    bool logs = false;
    for (size_t body : handler->body) logs = logs || loud(lines[body]->code);
    if (logs) continue;
    out.push_back(abc::line_finding("B5", Severity::Warn, *file, *line, "dispatch_silent",
                                    {{"handler", abc::clip(handler->header_code)}}));
  }
}

}  // namespace atom::b5
