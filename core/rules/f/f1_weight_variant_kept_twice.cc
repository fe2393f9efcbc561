// F1: a preshuffled/quantized copy of a weight stored next to the original, which stays alive.
#include <algorithm>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <re2/re2.h>

#include "core/analysis/before_parsing.h"
#include "core/analysis/changed_lines.h"
#include "core/analysis/file_trees.h"
#include "core/analysis/python_nodes.h"
#include "core/analysis/review_model.h"
#include "core/rules/rule.h"
#include "core/rules/finding_at.h"

namespace atom {
namespace {

const RuleMeta kMeta{
    .id = "F1",
    .slug = "weight-variant-kept-twice",
    .category = "F",
    .default_severity = Severity::Warn,
    .summary = "A new weight variant (`*_preshuffled`, `*_quantized`) is stored next to the original "
               "without freeing it.",
    .what =
        "Finds a new attribute, parameter or buffer named like a transformed copy of a weight "
        "(`<name>_preshuffled`, `_shuffled`, `_quantized`, `_swizzled`, `_packed`, `_transposed`) "
        "stored on a module, where the same function neither deletes nor replaces the original "
        "`<name>` (`del m.<name>`, `m.<name> = …`, `.data = …`, `delattr`, `replace_parameter`, "
        "`resize_(0)`).",
    .why =
        "Both copies stay resident: the model's weight memory doubles for that layer type, which on "
        "large MoE checkpoints is the difference between fitting in HBM and an OOM at load or a "
        "smaller KV cache (ATOM#1469).",
    .example =
        "```python\nlayer.w13_weight_preshuffled = shuffle_weight(layer.w13_weight)   # w13_weight kept\n```\n"
        "Use instead: replace the original (`layer.w13_weight = Parameter(shuffled, requires_grad=False)`) "
        "or `del layer.w13_weight` once the variant exists.",
    .must_not_fire =
        "The original is freed or replaced in the same function. When the function is not fully "
        "shown the finding is inferred: the original may be freed in unseen lines.",
    .source = "ATOM#1469",
    .messages = {{
        .id = "variant-kept-with-original",
        .problem = "`{variant}` is stored next to `{original}`, which is never freed or replaced in `{function}`",
        .impact = "both copies stay in HBM: double weight memory for this layer, OOM or a smaller KV cache "
                  "on large checkpoints",
        .action_verified = "replace `{original}` with the transformed tensor, or delete it once `{variant}` "
                           "is built",
        .action_inferred = "whether `{original}` is freed after `{variant}` is built (outside the lines shown)",
    }},
    .line_patterns = {},
};

// A transformed copy of a weight the PR stores: `layer.w13_weight_preshuffled = …` (plain or
// annotated), `setattr(layer, "w_quantized", …)`, `register_parameter("w_packed", …)`.
struct VariantStore {
  std::string original, variant;
  syntax::Node node;
};

// "w13_weight_preshuffled" → "w13_weight"; "" when the name is no such variant, or a flag
// (`w.is_shuffled = True` marks a tensor; it does not store a second copy).
std::string original_of(const std::string& name) {
  static const RE2 kVariant(R"((\w+?)_(?:preshuffled|preshuffle|shuffled|quantized|swizzled|packed|transposed))");
  static const RE2 kFlagName(R"(is|has|use|was|need|needs|do)");
  std::string original;
  if (!RE2::FullMatch(name, kVariant, &original) || RE2::FullMatch(original, kFlagName)) return {};
  return original;
}

std::optional<VariantStore> variant_store(const syntax::SyntaxTree& tree, syntax::Node node) {
  std::string variant;
  if (node.kind() == "assignment") {
    const syntax::Node target = node.field("left"), value = node.field("right");
    if (target.kind() != "attribute" || value.null()) return std::nullopt;
    if (value.kind() == "true" || value.kind() == "false" || value.kind() == "none") return std::nullopt;
    variant = tree.text(target.field("attribute"));
  } else if (node.kind() == "call") {
    const std::string_view callee = ast::callee_name(tree, node);
    const std::vector<syntax::Node> arguments = node.field("arguments").named_children();
    const size_t at = callee == "setattr" ? 1 : 0;
    if ((callee != "setattr" && callee != "register_parameter" && callee != "register_buffer") || arguments.size() <= at)
      return std::nullopt;
    variant = ast::string_content(tree, arguments[at]);
  } else {
    return std::nullopt;
  }
  std::string original = original_of(variant);
  if (original.empty()) return std::nullopt;
  return VariantStore{std::move(original), std::move(variant), node};
}

// `node` names `original`: the identifier itself, or an attribute `….original`.
bool names(const syntax::SyntaxTree& tree, syntax::Node node, const std::string& original) {
  if (node.kind() == "identifier") return tree.text(node) == original;
  return node.kind() == "attribute" && tree.text(node.field("attribute")) == original;
}

// A statement of `scope` other than the store that frees or replaces `original`: `del w.x`,
// `w.x = …`, `w.x.data = …`, `delattr(w, "x")`, `replace_parameter(w, "x", …)`, `setattr(w, "x", …)`,
// `w.x.resize_(0)`.
// `counts(line)` says which lines belong to the function.
bool frees(const syntax::SyntaxTree& tree, syntax::Node scope, const VariantStore& store,
           const std::function<bool(int)>& counts) {
  static const RE2 kResizeToZero(R"(\(\s*0\s*\))");
  const std::string& original = store.original;
  bool found = false;
  syntax::walk(scope, [&](syntax::Node node) {
    if (found || node == store.node) return false;
    if (!counts(tree.start_line(node))) return true;
    if (node.kind() == "delete_statement") {
      syntax::walk(node, [&](syntax::Node deleted) { return !(found |= names(tree, deleted, original)); });
    } else if (node.kind() == "assignment") {
      syntax::Node target = node.field("left");
      if (target.kind() == "attribute" && tree.text(target.field("attribute")) == "data") target = target.field("object");
      found = target.kind() == "attribute" && names(tree, target, original);
    } else if (node.kind() == "call") {
      const std::string_view callee = ast::callee_name(tree, node);
      if (callee == "delattr" || callee == "replace_parameter" || callee == "setattr") {
        for (syntax::Node argument : node.field("arguments").named_children())
          found |= ast::string_content(tree, argument) == original;
      } else if (callee == "resize_" && RE2::FullMatch(tree.text(node.field("arguments")), kResizeToZero)) {
        syntax::walk(node.field("function"), [&](syntax::Node part) { return !(found |= names(tree, part, original)); });
      }
    }
    return !found;
  });
  return found;
}

// A store starts on a line the PR writes, and that line names the variant (an assignment's
// attribute) or the call (`setattr`, `register_parameter`, `register_buffer`) unless a backslash
// carries the statement over: a file without such a line stores none.
bool may_write_a_store(const FileView& file) {
  for (std::string_view needle : {"_preshuffle", "_shuffled", "_quantized", "_swizzled", "_packed", "_transposed",
                                  "setattr", "register_"})
    if (writes_line_containing(file, needle)) return true;
  return writes_continued_line(file);
}

class F1Rule : public Rule {
 public:
  const RuleMeta& meta() const override { return kMeta; }

  // Each variant store the PR wrote in the head's trees, checked against the rest of its function.
  void check(const ReviewModel& model, std::vector<Finding>& out) const override {
    for (const FileView& file : model.files) {
      if (file.language != Language::Python || file.is_test || !may_write_a_store(file)) continue;
      const std::set<int> written = changed_lines(file).written;
      const SideTrees& head = head_trees(file);
      const std::vector<VisibleFunction> complete = complete_python_functions(head);
      std::set<int> reported;
      for (const ast::FileSyntax& part : head.parts)
        syntax::walk(part.tree.root(), [&](syntax::Node node) {
          const std::optional<VariantStore> store = variant_store(part.tree, node);
          if (!store) return true;
          const int line = part.tree.start_line(node);
          if (!written.count(line) || !reported.insert(line).second) return true;
          const syntax::Node scope = ast::enclosing_function_or_root(node);
          const bool whole = std::any_of(complete.begin(), complete.end(),
                                         [&](const VisibleFunction& function) { return function.node == scope; });
          if (whole ? frees(part.tree, scope, *store, [](int) { return true; })
                    : freed_in_view(file, head, *store, line))
            return true;
          const ast::PyFunction* function = ast::function_at(part.python(), line);
          out.push_back(finding(file, *store, line, function ? function->qualified : "<module>", whole));
          return true;
        });
    }
  }

 private:
  // The function is not shown whole: the lines of any hunk that the line model puts in the same
  // function as the store (`CodeLine::function`) may free the original.
  static bool freed_in_view(const FileView& file, const SideTrees& head, const VariantStore& store, int line) {
    std::map<int, const std::string*> function_of;
    for (const HunkView& hunk : file.hunks)
      for (const CodeLine& code : hunk.lines)
        if (code.kind != LineKind::Removed) function_of[code.new_line] = &code.function;
    const auto own = function_of.find(line);
    if (own == function_of.end()) return false;
    const auto same_function = [&](int other) {
      const auto found = function_of.find(other);
      return found != function_of.end() && *found->second == *own->second;
    };
    for (const ast::FileSyntax& part : head.parts)
      if (frees(part.tree, part.tree.root(), store, same_function)) return true;
    return false;
  }

  static Finding finding(const FileView& file, const VariantStore& store, int line, const std::string& function,
                         bool whole_function) {
    return finding_at("F1", Severity::Warn, whole_function ? Tag::Verified : Tag::Inferred, file, line,
                      "variant-kept-with-original",
                      {{"variant", store.variant}, {"original", store.original}, {"function", function}});
  }
};

}  // namespace

std::unique_ptr<Rule> make_f1_weight_variant_kept_twice() { return std::make_unique<F1Rule>(); }

}  // namespace atom
