// D9: token/sequence offsets multiplied by a stride in 32-bit arithmetic, with no widening.
#include <cstdint>
#include <memory>
#include <re2/re2.h>

#include "core/analysis/review_model.h"
#include "core/rules/d/dg_support.h"
#include "core/rules/d/python_chain.h"
#include "core/rules/rule.h"

namespace atom {
namespace {

const RuleMeta kMeta{
    .id = "D9",
    .slug = "int32-offset-overflow",
    .category = "D",
    .default_severity = Severity::Red,
    .summary = "Offset arithmetic on a token/sequence index multiplied by a stride in int32, with no "
               "widening to int64.",
    .what =
        "In C++/HIP files and Triton kernels, finds a new product of an index named like "
        "`token_id`, `token_idx`, `total_tokens`, `seq_start` or `batch_offset` with strides or "
        "dimensions, where neither the index nor any factor is 64-bit (declared `int64_t`/`long`/"
        "`size_t`, cast with `static_cast<int64_t>`, or `.to(tl.int64)` in Triton — at its definition, "
        "also one wrapped over lines, or a kernel parameter annotated `name: tl.int64`).",
    .why =
        "The product is computed in 32 bits and wraps past 2^31: with H=32 heads of D=128 the "
        "offset `token_id * 4096` overflows at token_id = 524288, so long-context prefill or large "
        "KV caches read and write the wrong rows (or fault) only at production sizes.",
    .example =
        "```python\npid = tl.program_id(0)\ntoken_id = pid\nx = tl.load(x_ptr + token_id * stride_t + offs)  # int32 product\n```\n"
        "Use instead: `token_id = pid.to(tl.int64)` (Triton) or `static_cast<int64_t>(token_id) * stride` (C++).",
    .must_not_fire =
        "The index or a factor is 64-bit or cast to it (a `stride: tl.int64` parameter counts); the "
        "same product on a removed line of the file (moved, not new); a capped/small-batch path where the product "
        "provably fits. Red only when every factor resolves to a number in the diff, so the size at "
        "which the product passes 2^31 can be named; otherwise warn, and inferred when the index's "
        "type is not visible.",
    .source = "checklist v2 (no single source PR)",
    .messages = {{
        .id = "int32-product",
        .problem = "`{expression}` multiplies `{index}` by `{factors}` in 32-bit arithmetic with no widening to int64",
        .impact = "the offset wraps past 2^31 ({threshold}): wrong rows read or written, or a memory fault, "
                  "only at production sizes",
        .action_verified = "widen `{index}` to int64 before the multiplication",
        .action_inferred = "whether `{index}` can exceed 2^31 / ({factors}), and whether it is 64-bit where "
                           "it is defined (outside the lines shown)",
    }},
    .line_patterns = {{"D9.index_product",
                       R"(\b\w*(token_id|token_idx|tok_id|total_tokens|seq_start|batch_offset)\w*\s*\*[^*=])"}},
};

enum class Width { Unknown, Narrow, Wide };

bool is_triton_function(const dg::FunctionSlice& slice) {
  for (const CodeLine* line : slice.lines)
    if (line->code.find("tl.") != std::string::npos) return true;
  return false;
}

// The index's width from its declaration or binding in the visible lines.
Width declared_width(const std::vector<const CodeLine*>& lines, const std::string& name, Language language) {
  std::string quoted = RE2::QuoteMeta(name);
  if (language == Language::Cpp) {
    RE2 wide("\\b(int64_t|uint64_t|long|size_t|index_t|ptrdiff_t)\\s+(const\\s+)?" + quoted + "\\b");
    RE2 narrow("\\b(int|int32_t|uint32_t|unsigned|uint|auto)\\s+(const\\s+)?" + quoted + "\\b");
    for (const CodeLine* line : lines) {
      if (RE2::PartialMatch(line->code, wide)) return Width::Wide;
      if (RE2::PartialMatch(line->code, narrow)) {
        if (line->code.find("auto") == std::string::npos) return Width::Narrow;
        if (RE2::PartialMatch(line->code, R"((blockIdx|threadIdx|blockDim|gridDim)\.)")) return Width::Narrow;
      }
    }
    return Width::Unknown;
  }
  RE2 binding("^\\s*" + quoted + "\\s*(:[^=]*)?=[^=](.*)$");
  // `ti_stride0: tl.int64` among a kernel's parameters (the def's continuation lines).
  RE2 wide_annotation("(^|[(,])\\s*" + quoted + "\\s*:\\s*tl\\.u?int64\\b");
  std::string rhs;
  Width width = Width::Unknown;
  for (size_t i = 0; i < lines.size(); ++i) {
    const CodeLine* line = lines[i];
    if (RE2::PartialMatch(line->code, wide_annotation)) return Width::Wide;
    std::string ignored;
    if (!RE2::PartialMatch(line->code, binding, &ignored, &rhs)) continue;
    size_t end = i;  // a definition wrapped over lines: `x = tl.load(\n  p + i\n).to(tl.int64)`
    if (dg::is_statement_start(*line)) RE2::PartialMatch(dg::statement_text(lines, i, &end), binding, &ignored, &rhs);
    if (RE2::PartialMatch(rhs, R"(tl\.int64|tl\.uint64)")) width = Width::Wide;
    else if (RE2::PartialMatch(rhs, R"(^\s*tl\.program_id\()")) width = Width::Narrow;
    else width = Width::Unknown;
  }
  return width;
}

// A number a name stands for in the visible code (constexpr / #define / NAME = 128 / NAME: tl.constexpr = 128).
std::optional<std::int64_t> constant_value(const std::vector<const CodeLine*>& lines, const std::string& factor) {
  static const RE2 kNumber(R"(^\d+$)");
  if (RE2::FullMatch(factor, kNumber)) return std::stoll(factor.substr(0, 12));
  std::string quoted = RE2::QuoteMeta(factor);
  RE2 definition("(#define\\s+" + quoted + "\\s+\\(?(\\d+)\\)?\\s*$|\\b" + quoted +
                 "\\s*(:[^=]*)?=\\s*(\\d+)\\s*[;,)]?\\s*$)");
  for (const CodeLine* line : lines) {
    std::string whole, define_value, annotation, assign_value;
    if (RE2::PartialMatch(line->code, definition, &whole, &define_value, &annotation, &assign_value)) {
      const std::string& value = define_value.empty() ? assign_value : define_value;
      if (!value.empty() && value.size() < 12) return std::stoll(value);
    }
  }
  return std::nullopt;
}

struct Product {
  std::string index, expression;
  std::vector<std::string> factors;
};

// Products `index * a * b` (or `a * index`) on a line; factors are identifiers or numbers.
std::vector<Product> index_products(const std::string& code) {
  static const RE2 kRight(
      R"(\b(\w*(?:token_id|token_idx|tok_id|total_tokens|seq_start|batch_offset)\w*)((?:\s*\*\s*(?:[A-Za-z_][\w.]*|\d+))+))");
  static const RE2 kLeft(
      R"(((?:(?:[A-Za-z_][\w.]*|\d+)\s*\*\s*)+)\b(\w*(?:token_id|token_idx|tok_id|total_tokens|seq_start|batch_offset)\w*)\b)");
  static const RE2 kFactor(R"(([A-Za-z_][\w.]*|\d+))");
  std::vector<Product> products;
  auto split = [](const std::string& chain) {
    std::vector<std::string> factors;
    re2::StringPiece input(chain);
    std::string factor;
    while (RE2::FindAndConsume(&input, kFactor, &factor)) factors.push_back(factor);
    return factors;
  };
  re2::StringPiece input(code);
  std::string index, chain;
  while (RE2::FindAndConsume(&input, kRight, &index, &chain))
    products.push_back({index, index + chain, split(chain)});
  input = re2::StringPiece(code);
  while (RE2::FindAndConsume(&input, kLeft, &chain, &index)) {
    bool seen = false;
    for (const Product& p : products) seen |= p.index == index;
    if (!seen) products.push_back({index, chain + index, split(chain)});
  }
  return products;
}

// The same product stands on a removed line of the file: moved (out of a make_block_ptr call,
// into a helper), not new — the base already computed it this way.
bool product_on_removed_line(const FileView& file, const Product& product) {
  const auto squeeze = [](const std::string& text) {
    std::string out;
    for (char c : text)
      if (c != ' ' && c != '\t') out.push_back(c);
    return out;
  };
  const std::string wanted = squeeze(product.expression);
  for (const HunkView& hunk : file.hunks)
    for (const CodeLine& line : hunk.lines)
      if (line.kind == LineKind::Removed && squeeze(line.code).find(wanted) != std::string::npos) return true;
  return false;
}

bool widened(const std::string& code) {
  static const RE2 kWiden(
      R"(int64_t|uint64_t|\blong\b|size_t|tl\.int64|tl\.uint64|\.to\(\s*torch\.int64|index_t)");
  return RE2::PartialMatch(code, kWiden);
}

class D9Rule : public Rule {
 public:
  const RuleMeta& meta() const override { return kMeta; }

  void check(const ReviewModel& model, std::vector<Finding>& out) const override {
    for (const auto& [file, line] : model.hits("D9.index_product")) {
      if (file->is_test || file->language == Language::Other || widened(line->code)) continue;
      for (const dg::FunctionSlice& slice : dg::new_side_functions(*file)) {
        if (slice.function != line->function) continue;
        if (file->language == Language::Python && !is_triton_function(slice)) continue;
        std::vector<const CodeLine*> file_lines = dg::new_side_lines(*file);
        for (const Product& product : index_products(line->code))
          if (!product_on_removed_line(*file, product)) report(*file, *line, slice, file_lines, product, out);
      }
    }
  }

 private:
  void report(const FileView& file, const CodeLine& line, const dg::FunctionSlice& slice,
              const std::vector<const CodeLine*>& file_lines, const Product& product,
              std::vector<Finding>& out) const {
    Width width = declared_width(slice.lines, product.index, file.language);
    if (width == Width::Wide) return;
    std::int64_t total = 1;
    bool resolved = true;
    std::string factors;
    for (const std::string& factor : product.factors) {
      if (declared_width(slice.lines, factor, file.language) == Width::Wide) return;  // promotes to 64-bit
      factors += (factors.empty() ? "" : " * ") + factor;
      std::optional<std::int64_t> value = constant_value(file_lines, factor);
      if (!value) {
        resolved = false;
      } else if (*value > 0 && total < (std::int64_t{1} << 40)) {
        total *= *value;
      }
    }
    if (resolved && total < 64) return;  // provably small factor: the index alone would have to pass 2^25
    std::string threshold = "at " + product.index + " > 2^31 / (" + factors + ")";
    if (resolved) threshold = "at " + product.index + " >= " + std::to_string(((std::int64_t{1} << 31) + total - 1) / total);
    Finding finding = dg::finding_at("D9", file, line, "int32-product",
                                     {{"expression", product.expression},
                                      {"index", product.index},
                                      {"factors", factors},
                                      {"threshold", threshold}});
    if (width == Width::Unknown) {
      finding.tag = Tag::Inferred;
    } else if (resolved) {
      finding.severity = Severity::Red;
      finding.trigger = "`" + product.expression + "` passes 2^31 " + threshold + " (factor " +
                        std::to_string(total) + ")";
    }
    dg::add_unique(out, std::move(finding));
  }
};

}  // namespace

std::unique_ptr<Rule> make_d9_int32_offset_overflow() { return std::make_unique<D9Rule>(); }

}  // namespace atom
