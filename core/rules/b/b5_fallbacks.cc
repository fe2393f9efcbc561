// B5 sub-checks on silent fallbacks: attr-missing (nested getattr defaults) and dispatch-silent
// (a backend fallback with no log).
#include <cctype>
#include <set>
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

// Whether a check within six statement lines after `index` raises or logs on one of `bound`.
bool checked_after(const SideLines& lines, size_t index, const std::vector<std::string>& bound) {
  bool checked = false;
  for (size_t next = index + 1; next < lines.size() && next <= index + 6 && !checked; ++next)
    for (const std::string& name : bound)
      checked = checked || (has_identifier(lines[next]->code, name) && loud(lines[next]->code)) ||
                (next + 1 < lines.size() && has_identifier(lines[next]->code, name) && loud(lines[next + 1]->code));
  return checked;
}

// Whether one of the six lines after `index` tests `name` in a condition (`if boundary is None:
// return chunk`): the missing attribute is then handled on purpose, not silently.
bool tested_after(const SideLines& lines, size_t index, const std::string& name) {
  static const RE2 condition(R"(^\s*(?:if|elif|while|assert)\b)");
  for (size_t next = index + 1; next < lines.size() && next <= index + 6; ++next)
    if (RE2::PartialMatch(lines[next]->code, condition) && has_identifier(lines[next]->code, name)) return true;
  return false;
}

// The distinctive lower-case words of identifiers and strings in `text` ("_fuse_shared_into_routed"
// → fuse, shared, routed): four letters or more, generic ones left out.
std::set<std::string> feature_words(std::string_view text) {
  static const std::set<std::string> generic = {
      "self", "args", "config", "none", "false", "true", "getattr", "hasattr", "isinstance", "class", "name",
      "with", "from", "into", "return", "enable", "enabled", "layer", "model", "module", "modules", "value", "type",
      "experts"};
  std::set<std::string> words;
  std::string word;
  for (size_t i = 0; i <= text.size(); ++i) {
    const char c = i < text.size() ? text[i] : ' ';
    if (std::isalnum(static_cast<unsigned char>(c))) {
      word += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      continue;
    }
    if (word.size() >= 4 && !generic.count(word)) words.insert(word);
    word.clear();
  }
  return words;
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
    if (checked_after(lines, index, bound_names(line->code))) continue;
    const std::string expression = abc::source_text(line->diff->text, Language::Python);
    std::string default_value = "the default";
    RE2::PartialMatch(expression, default_arg, &default_value);
    Finding finding = abc::line_finding("B5", Severity::Warn, *file, *line, "attr_missing",
                                        {{"expression", abc::clip(expression)}, {"default", default_value}});
    finding.tag = Tag::Inferred;
    out.push_back(std::move(finding));
  }
}

void default_defeats_guard(const ReviewModel& model, std::vector<Finding>& out) {
  static const RE2 plain_getattr(
      R"(^\s*([\w.]+)\s*=\s*(getattr\s*\(\s*[\w.]+\s*,\s*["'](\w+)["']\s*,\s*(0|0\.0|None|False)\s*\))\s*$)");
  // A guard that tests for the feature being off (`if n == 0:`) is not one the default defeats.
  static const RE2 tests_off(R"(\bnot\b|==\s*(?:0|None|False)\b|\bis\s+None\b|<=?\s*0\b)");
  for (const auto& [file, line] : model.hits("B5.getattr_falsy_default")) {
    if (file->language != Language::Python || file->is_test || !line->diff) continue;
    const HunkView* hunk = hunk_of(*file, line);
    if (!hunk) continue;
    const SideLines lines = side_lines(*hunk, Side::New);
    const size_t index = index_of(lines, line);
    std::string target, expression, attribute, default_value;
    const std::string code = abc::source_text(line->diff->text, Language::Python);
    if (index >= lines.size() || !RE2::FullMatch(code, plain_getattr, &target, &expression, &attribute, &default_value))
      continue;
    const std::set<std::string> attribute_words = feature_words(attribute);
    const std::vector<PyBlock> blocks = python_blocks(lines);
    const std::vector<const PyBlock*> around = enclosing_blocks(blocks, index);
    for (auto it = around.rbegin(); it != around.rend(); ++it) {  // the nearest guard first
      const PyBlock* block = *it;
      if (block->kind != PyBlockKind::If && block->kind != PyBlockKind::Elif) continue;
      std::string guard;
      for (size_t k = block->header; k <= block->header_end && k < lines.size(); ++k)
        if (lines[k]->diff) guard += abc::source_text(lines[k]->diff->text, Language::Python) + " ";
      std::string shared;
      for (const std::string& word : feature_words(guard))
        if (attribute_words.count(word)) shared = word;
      if (shared.empty() || has_identifier(guard, attribute) || RE2::PartialMatch(guard, tests_off)) continue;
      if (checked_after(lines, index, {target}) || tested_after(lines, index, target)) break;
      Finding finding = abc::line_finding("B5", Severity::Warn, *file, *line, "attr_default_defeats_guard",
                                          {{"expression", abc::clip(expression)},
                                           {"default", default_value},
                                           {"guard", abc::clip(trimmed(guard))},
                                           {"feature", shared}});
      finding.tag = Tag::Inferred;
      out.push_back(std::move(finding));
      break;
    }
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
