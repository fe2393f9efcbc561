// D9: token/sequence offsets multiplied by a stride in 32-bit arithmetic, with no widening.
#include <cstdint>
#include <memory>
#include <optional>
#include <re2/re2.h>

#include "core/analysis/changed_lines.h"
#include "core/analysis/file_trees.h"
#include "core/analysis/review_model.h"
#include "core/analysis/syntax_text.h"
#include "core/rules/rule.h"
#include "core/rules/finding_at.h"

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
        .impact = "the offset wraps past 2^31 ({min_index?at {index} >= {min_index}}"
                  "{!min_index?at {index} > 2^31 / ({factors})}): wrong rows read or written, or a memory "
                  "fault, only at production sizes",
        .action_verified = "widen `{index}` to int64 before the multiplication",
        .action_inferred = "whether `{index}` can exceed 2^31 / ({factors}), and whether it is 64-bit where "
                           "it is defined (outside the lines shown)",
        .trigger = "`{expression}` passes 2^31 {min_index?at {index} >= {min_index}}"
                   "{!min_index?at {index} > 2^31 / ({factors})} (factor {factor})",
    }},
    .line_patterns = {{"D9.index_product",
                       R"(\b\w*(token_id|token_idx|tok_id|total_tokens|seq_start|batch_offset)\w*\s*\*[^*=])"}},
};

enum class Width { Unknown, Narrow, Wide };

using syntax::Node;
using syntax::SyntaxTree;

const RE2& index_name() {
  static const RE2 kIndex(R"(\w*(?:token_id|token_idx|tok_id|total_tokens|seq_start|batch_offset)\w*)");
  return kIndex;
}

bool is_product(const SyntaxTree& tree, Node node) {
  return (node.kind() == "binary_expression" || node.kind() == "binary_operator") &&
         tree.text(node.field("operator")) == "*";
}

// The factors of a product chain `a * b * (c * d)`, in order.
void collect_factors(const SyntaxTree& tree, Node node, std::vector<Node>& factors) {
  if (node.kind() == "parenthesized_expression" && node.named_child_count() == 1 && is_product(tree, node.named_child(0)))
    node = node.named_child(0);
  if (is_product(tree, node)) {
    collect_factors(tree, node.field("left"), factors);
    collect_factors(tree, node.field("right"), factors);
  } else {
    factors.push_back(node);
  }
}

// A name like a token/sequence index, also as a member: `token_id`, `kargs.total_tokens`.
bool is_index(const SyntaxTree& tree, Node factor) {
  Node name = factor;
  if (factor.kind() == "field_expression") name = factor.field("field");
  else if (factor.kind() == "attribute") name = factor.field("attribute");
  return (name.kind() == "identifier" || name.kind() == "field_identifier") && RE2::FullMatch(tree.text(name), index_name());
}

struct Product {
  Node node;
  std::string index, expression;
  std::vector<std::string> factors;
};

// The outermost products with a factor named like a token/sequence index.
std::vector<Product> index_products(const SyntaxTree& tree) {
  std::vector<Product> products;
  syntax::walk(tree.root(), [&](Node node) {
    if (!is_product(tree, node)) return true;
    Node up = node.parent();
    if (up.kind() == "parenthesized_expression") up = up.parent();
    if (is_product(tree, up)) return true;  // inside a chain read from its top
    std::vector<Node> factors;
    collect_factors(tree, node, factors);
    Product product;
    product.node = node;
    product.expression = ast::one_line(tree.text(node));
    for (Node factor : factors) {
      const std::string text = ast::without_spaces(tree.text(factor));
      if (product.index.empty() && is_index(tree, factor)) product.index = text;
      else product.factors.push_back(text);
    }
    if (!product.index.empty() && !product.factors.empty()) products.push_back(std::move(product));
    return true;  // a factor may hold a product of its own: f(token_id * n)
  });
  return products;
}

// Where the index is declared: the innermost function around `node` (parameters too), or the
// parsed text's top.
Node enclosing_function(Node node) {
  for (Node up = node.parent(); !up.null(); up = up.parent())
    if (up.kind() == "function_definition") return up;
  Node top = node;
  while (!top.parent().null()) top = top.parent();
  return top;
}

// The identifier a C++ declarator declares (`x`, `x = v`), null for pointers, arrays ….
Node declared_identifier(Node declarator, Node* value) {
  if (declarator.kind() == "init_declarator") {
    if (value) *value = declarator.field("value");
    declarator = declarator.field("declarator");
  }
  return declarator.kind() == "identifier" ? declarator : Node();
}

// C++: the type of the name's first declaration (a parameter or a local) in the scope.
Width cpp_width(const SyntaxTree& tree, Node scope, const std::string& name) {
  static const RE2 kWide(R"(\b(int64_t|uint64_t|long|size_t|index_t|ptrdiff_t)\b)");
  static const RE2 kNarrow(R"((int|int32_t|uint32_t|unsigned|uint|unsigned int))");
  static const RE2 kThreadIndex(R"((blockIdx|threadIdx|blockDim|gridDim)\.)");
  Width width = Width::Unknown;
  bool found = false;
  syntax::walk(scope, [&](Node node) {
    if (found) return false;
    if (node.kind() != "declaration" && node.kind() != "parameter_declaration" &&
        node.kind() != "optional_parameter_declaration")
      return true;
    const std::string type = ast::one_line(tree.text(node.field("type")));
    for (uint32_t i = 0; i < node.child_count(); ++i) {
      if (node.child_field_name(i) != "declarator") continue;
      Node value;
      const Node identifier = declared_identifier(node.child(i), &value);
      if (identifier.null() || tree.text(identifier) != name) continue;
      found = true;
      if (RE2::PartialMatch(type, kWide)) width = Width::Wide;
      else if (RE2::FullMatch(type, kNarrow)) width = Width::Narrow;
      else if (type == "auto" && !value.null() && RE2::PartialMatch(tree.text(value), kThreadIndex)) width = Width::Narrow;
    }
    return false;
  });
  return width;
}

// Triton: a parameter annotated `name: tl.int64`, else the last assignment to the name:
// `.to(tl.int64)` widens, `tl.program_id(…)` is 32-bit.
Width triton_width(const SyntaxTree& tree, Node scope, const std::string& name) {
  static const RE2 kWide(R"(tl\.u?int64)");
  static const RE2 kProgramId(R"(^tl\.program_id\()");
  if (scope.kind() == "function_definition")
    for (Node parameter : scope.field("parameters").named_children())
      if ((parameter.kind() == "typed_parameter" || parameter.kind() == "typed_default_parameter") &&
          tree.text(parameter.named_child(0)) == name)
        return RE2::FullMatch(ast::without_spaces(tree.text(parameter.field("type"))), kWide) ? Width::Wide : Width::Unknown;
  Node last;
  const Node body = scope.kind() == "function_definition" ? scope.field("body") : scope;
  if (body.null()) return Width::Unknown;
  syntax::walk(body, [&](Node node) {
    const std::string_view kind = node.kind();
    if (kind == "function_definition" || kind == "class_definition" || kind == "lambda") return false;
    if (kind == "assignment" && node.field("left").kind() == "identifier" && tree.text(node.field("left")) == name)
      last = node;
    return true;
  });
  if (last.null() || last.field("right").null()) return Width::Unknown;
  const std::string value = ast::without_spaces(tree.text(last.field("right")));
  if (RE2::PartialMatch(value, kWide)) return Width::Wide;
  if (RE2::PartialMatch(value, kProgramId)) return Width::Narrow;
  return Width::Unknown;
}

Width declared_width(const SyntaxTree& tree, Node scope, const std::string& name) {
  return tree.grammar() == syntax::Grammar::Cpp ? cpp_width(tree, scope, name) : triton_width(tree, scope, name);
}

std::optional<std::int64_t> number(std::string_view text) {
  static const RE2 kNumber(R"(\(?(\d{1,11})\)?)");
  std::string digits;
  if (!RE2::FullMatch(ast::without_spaces(text), kNumber, &digits)) return std::nullopt;
  return std::stoll(digits);
}

// The number a name stands for in the file as the head trees show it: `#define NAME 128`,
// `constexpr int NAME = 128;`, `NAME = 128`, `NAME: tl.constexpr = 128` (a default too).
std::optional<std::int64_t> constant_value(const SideTrees& head, const std::string& factor) {
  if (std::optional<std::int64_t> literal = number(factor)) return literal;
  for (const ast::FileSyntax& part : head.parts) {
    if (part.grammar() == syntax::Grammar::Cpp) {
      for (const ast::CppMacro& macro : part.cpp().macros)
        if (!macro.function_like && macro.name == factor)
          if (std::optional<std::int64_t> value = number(macro.value)) return value;
      std::optional<std::int64_t> found;
      syntax::walk(part.tree.root(), [&](Node node) {
        if (found) return false;
        if (node.kind() == "init_declarator" && node.field("declarator").kind() == "identifier" &&
            part.tree.text(node.field("declarator")) == factor)
          found = number(part.tree.text(node.field("value")));
        return !found;
      });
      if (found) return found;
      continue;
    }
    const ast::PythonSyntax& python = part.python();
    for (const ast::PyBinding& binding : python.bindings)
      if (binding.name == factor && binding.target == ast::PyTarget::Name && !binding.unpacked)
        if (std::optional<std::int64_t> value = number(binding.value)) return value;
    for (const ast::PyFunction& function : python.functions)
      for (const ast::PyParameter& parameter : function.parameters)
        if (parameter.name == factor && parameter.has_default)
          if (std::optional<std::int64_t> value = number(parameter.default_text)) return value;
  }
  return std::nullopt;
}

// A Triton kernel (or a helper it calls) uses `tl.`; other Python code runs in int64 tensors.
bool is_triton_scope(const SyntaxTree& tree, Node scope) { return tree.text(scope).find("tl.") != std::string_view::npos; }

// The same product stands on a removed line of the file: moved (out of a make_block_ptr call,
// into a helper), not new — the base already computed it this way.
bool product_on_removed_line(const FileView& file, const Product& product) {
  const std::string wanted = ast::without_spaces(product.expression);
  for (const HunkView& hunk : file.hunks)
    for (const CodeLine& line : hunk.lines)
      if (line.kind == LineKind::Removed && ast::without_spaces(line.code).find(wanted) != std::string::npos) return true;
  return false;
}

// The lines the product spans mention a 64-bit type or cast.
bool widened(const SyntaxTree& tree, Node product) {
  static const RE2 kWiden(
      R"(int64_t|uint64_t|\blong\b|size_t|tl\.int64|tl\.uint64|\.to\(\s*torch\.int64|index_t)");
  const size_t begin = tree.line_start(tree.start_line(product));
  const size_t end = tree.text().find('\n', product.end_byte());
  const std::string_view lines = std::string_view(tree.text()).substr(begin, end == std::string::npos ? std::string::npos : end - begin);
  return RE2::PartialMatch(lines, kWiden);
}

class D9Rule : public Rule {
 public:
  const RuleMeta& meta() const override { return kMeta; }

  void check(const ReviewModel& model, std::vector<Finding>& out) const override {
    for (const FileView& file : model.files) {
      if (file.is_test || !is_code_file(file)) continue;
      // The line pattern says whether the PR wrote any candidate: most files need no walk.
      bool candidate = false;
      for (const auto& [hit_file, line] : model.hits("D9.index_product")) candidate |= hit_file == &file;
      if (!candidate) continue;
      const SideTrees& head = head_trees(file);
      const ChangedLines changed = changed_lines(file);
      for (const ast::FileSyntax& part : head.parts)
        for (const Product& product : index_products(part.tree)) {
          const SyntaxTree& tree = part.tree;
          const ast::LineRange lines{tree.start_line(product.node), tree.end_line(product.node)};
          if (!changed.writes_any(lines) || widened(tree, product.node) || product_on_removed_line(file, product)) continue;
          const Node scope = enclosing_function(product.node);
          if (file.language == Language::Python && !is_triton_scope(tree, scope)) continue;
          int line = lines.first;
          while (!changed.writes(line)) ++line;
          report(file, head, tree, scope, line, product, out);
        }
    }
  }

 private:
  void report(const FileView& file, const SideTrees& head, const SyntaxTree& tree, Node scope, int line,
              const Product& product, std::vector<Finding>& out) const {
    Width width = declared_width(tree, scope, product.index);
    if (width == Width::Wide) return;
    std::int64_t total = 1;
    bool resolved = true;
    std::string factors;
    for (const std::string& factor : product.factors) {
      if (declared_width(tree, scope, factor) == Width::Wide) return;  // promotes to 64-bit
      factors += (factors.empty() ? "" : " * ") + factor;
      std::optional<std::int64_t> value = constant_value(head, factor);
      if (!value) {
        resolved = false;
      } else if (*value > 0 && total < (std::int64_t{1} << 40)) {
        total *= *value;
      }
    }
    if (resolved && total < 64) return;  // provably small factor: the index alone would have to pass 2^25
    Finding finding = finding_at("D9", Severity::Warn, Tag::Verified, file, line, "int32-product",
                                 {{"expression", product.expression}, {"index", product.index}, {"factors", factors}});
    // The first index value that passes 2^31, when every factor is a known constant.
    if (resolved) finding.fields["min_index"] = std::to_string(((std::int64_t{1} << 31) + total - 1) / total);
    if (width == Width::Unknown) {
      finding.tag = Tag::Inferred;
    } else if (resolved) {
      finding.severity = Severity::Red;
      finding.trigger = Finding::TriggerValues{{"factor", std::to_string(total)}};
    }
    for (Finding& existing : out)
      if (existing.line == line && existing.path == file.path) {
        if (finding.severity > existing.severity) existing = std::move(finding);
        return;
      }
    out.push_back(std::move(finding));
  }
};

}  // namespace

std::unique_ptr<Rule> make_d9_int32_offset_overflow() { return std::make_unique<D9Rule>(); }

}  // namespace atom
