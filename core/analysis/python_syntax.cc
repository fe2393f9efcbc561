#include "core/analysis/python_syntax.h"

#include <algorithm>
#include <set>

#include "core/analysis/syntax_text.h"
#include "core/syntax/depth_guard.h"

namespace atom::ast {
namespace {

using syntax::Node;
using syntax::SyntaxTree;

enum class ScopeKind { Module, Class, Function };

struct Context {
  std::string prefix;     // qualified name of the enclosing def/class, "" at module level
  std::string function;   // qualified name of the enclosing function, "" outside any
  std::string class_name; // set only directly inside a class body
  ScopeKind scope_kind = ScopeKind::Module;
  LineRange scope;
  int if_depth = 0;
};

bool is_comprehension(std::string_view kind) {
  return kind == "list_comprehension" || kind == "set_comprehension" ||
         kind == "dictionary_comprehension" || kind == "generator_expression";
}

bool is_terminator(std::string_view kind) {
  return kind == "return_statement" || kind == "raise_statement" || kind == "continue_statement" ||
         kind == "break_statement";
}

class PythonWalker {
 public:
  explicit PythonWalker(const SyntaxTree& tree) : tree_(tree) {}

  PythonSyntax run() {
    Context module;
    module.scope = range_of(tree_.root());
    visit_children(tree_.root(), module);
    return std::move(out_);
  }

 private:
  LineRange range_of(Node node) const { return {tree_.start_line(node), tree_.end_line(node)}; }
  std::string text(Node node) const { return one_line(tree_.text(node)); }

  void visit_children(Node node, const Context& ctx) {
    for (Node child : node.named_children()) visit(child, ctx);
  }

  void visit(Node node, const Context& ctx) {
    const syntax::DepthGuard guard(depth_);
    if (guard.too_deep()) return;
    const std::string_view kind = node.kind();
    if (kind == "decorated_definition") return visit_decorated(node, ctx);
    if (kind == "function_definition") return visit_function(node, {}, node, ctx);
    if (kind == "class_definition") return visit_class(node, {}, node, ctx);
    if (kind == "if_statement") return visit_if(node, ctx);
    if (kind == "assignment") return visit_assignment(node, ctx);
    if (kind == "augmented_assignment") {
      PyBinding binding = base_binding(PyBindingForm::Augmented, node, ctx);
      binding.op = std::string(tree_.text(node.field("operator")));
      binding.value = text(node.field("right"));
      bind_target(node.field("left"), binding);
    } else if (kind == "for_statement") {
      bind_target(node.field("left"), base_binding(PyBindingForm::ForTarget, node, ctx));
    } else if (kind == "as_pattern") {
      const std::string_view parent = node.parent().kind();
      const PyBindingForm form = parent == "except_clause" ? PyBindingForm::ExceptAs : PyBindingForm::WithAs;
      if (parent == "with_item" || parent == "except_clause")
        bind_target(node.field("alias"), base_binding(form, node, ctx));
    } else if (kind == "named_expression") {
      PyBinding binding = base_binding(PyBindingForm::Walrus, node, ctx);
      binding.value = text(node.field("value"));
      bind_target(node.field("name"), binding);
    } else if (kind == "import_statement" || kind == "import_from_statement") {
      return visit_import(node, ctx);
    } else if (kind == "global_statement" || kind == "nonlocal_statement") {
      const PyBindingForm form = kind == "global_statement" ? PyBindingForm::Global : PyBindingForm::Nonlocal;
      for (Node name : node.named_children())
        if (name.kind() == "identifier") bind_target(name, base_binding(form, name, ctx));
    } else if (is_comprehension(kind)) {
      PyBinding binding = base_binding(PyBindingForm::Comprehension, node, ctx);
      binding.scope = range_of(node);
      for (Node clause : node.named_children())
        if (clause.kind() == "for_in_clause") bind_target(clause.field("left"), binding);
    } else if (kind == "case_clause") {
      for (Node pattern : node.named_children())
        if (pattern.kind() == "case_pattern") bind_captures(pattern, ctx);
    } else if (kind == "call") {
      out_.calls.push_back(call_of(node, ctx));
    }
    visit_children(node, ctx);
  }

  PyBinding base_binding(PyBindingForm form, Node node, const Context& ctx) const {
    PyBinding binding;
    binding.form = form;
    binding.function = ctx.function;
    binding.line = tree_.start_line(node);
    binding.scope = ctx.scope;
    return binding;
  }

  // Binds every name stored by the target expression `target` (unpacking recursively).
  void bind_target(Node target, PyBinding binding) {
    const syntax::DepthGuard guard(depth_);
    if (guard.too_deep()) return;
    if (target.null()) return;
    const std::string_view kind = target.kind();
    if (kind == "identifier") {
      binding.name = binding.root = std::string(tree_.text(target));
      binding.target = PyTarget::Name;
      binding.line = tree_.start_line(target);
      out_.bindings.push_back(std::move(binding));
    } else if (kind == "attribute" || kind == "subscript") {
      binding.name = without_spaces(tree_.text(target));
      binding.root = leftmost_identifier(target);
      binding.target = kind == "attribute" ? PyTarget::Attribute : PyTarget::Subscript;
      binding.line = tree_.start_line(target);
      out_.bindings.push_back(std::move(binding));
    } else if (kind == "pattern_list" || kind == "tuple_pattern" || kind == "list_pattern" ||
               kind == "tuple" || kind == "list" || kind == "expression_list") {
      binding.unpacked = true;
      binding.value.clear();
      for (Node element : target.named_children()) bind_target(element, binding);
    } else if (kind == "list_splat_pattern" || kind == "list_splat") {
      binding.starred = true;
      for (Node element : target.named_children()) bind_target(element, binding);
    } else if (kind == "parenthesized_expression" || kind == "as_pattern_target") {
      for (Node element : target.named_children()) bind_target(element, binding);
    }
  }

  std::string leftmost_identifier(Node node) const {
    while (!node.null() && node.kind() != "identifier") {
      if (node.kind() == "attribute") node = node.field("object");
      else if (node.kind() == "subscript") node = node.field("value");
      else if (node.kind() == "call") node = node.field("function");
      else return "";
    }
    return std::string(tree_.text(node));
  }

  // A chained assignment a = b = v is a tree of assignments: every left is a target, the last
  // right the value.
  void visit_assignment(Node node, const Context& ctx) {
    std::vector<Node> targets;
    Node value = node;
    Node type;
    while (value.kind() == "assignment") {
      targets.push_back(value.field("left"));
      if (type.null()) type = value.field("type");
      value = value.field("right");
    }
    const bool annotated = !type.null();
    for (Node target : targets) {
      PyBinding binding = base_binding(annotated ? PyBindingForm::Annotated : PyBindingForm::Assign, node, ctx);
      binding.chained = targets.size() > 1;
      binding.value = text(value);
      bind_target(target, binding);
    }
    for (Node target : targets) visit(target, ctx);
    if (!value.null()) visit(value, ctx);
  }

  void bind_captures(Node pattern, const Context& ctx) {
    syntax::walk(pattern, [&](Node node) {
      const std::string_view kind = node.kind();
      const std::string_view parent = node.parent().kind();
      // `case x:` and `case [x, …]` parse x as a one-part dotted_name; Color.RED is a value, and a
      // class pattern's own name is no capture.
      if (kind == "dotted_name" && node.named_child_count() == 1 &&
          (parent == "case_pattern" || parent == "keyword_pattern")) {
        add_capture(node.named_child(0), ctx);
        return false;
      }
      if (kind == "identifier" && (parent == "splat_pattern" || parent == "as_pattern")) add_capture(node, ctx);
      return kind != "dotted_name";
    });
  }

  void add_capture(Node identifier, const Context& ctx) {
    if (tree_.text(identifier) == "_") return;
    bind_target(identifier, base_binding(PyBindingForm::MatchCapture, identifier, ctx));
  }

  std::vector<PyArgument> arguments_of(Node arguments) const {
    std::vector<PyArgument> out;
    if (arguments.null()) return out;
    if (arguments.kind() == "generator_expression") {
      out.push_back({"", text(arguments), tree_.start_line(arguments)});
      return out;
    }
    for (Node argument : arguments.named_children()) {
      if (argument.kind() == "comment") continue;
      if (argument.kind() == "keyword_argument")
        out.push_back({std::string(tree_.text(argument.field("name"))), text(argument.field("value")),
                       tree_.start_line(argument)});
      else
        out.push_back({"", text(argument), tree_.start_line(argument)});
    }
    return out;
  }

  PyCall call_of(Node node, const Context& ctx) const {
    PyCall call;
    call.callee = without_spaces(tree_.text(node.field("function")));
    call.arguments = arguments_of(node.field("arguments"));
    call.function = ctx.function;
    call.line = tree_.start_line(node);
    call.range = range_of(node);
    return call;
  }

  std::vector<PyDecorator> decorators_of(Node decorated) const {
    std::vector<PyDecorator> out;
    for (Node decorator : decorated.named_children()) {
      if (decorator.kind() != "decorator" || decorator.named_child_count() == 0) continue;
      const Node expression = decorator.named_child(0);
      PyDecorator entry;
      entry.text = text(expression);
      entry.line = tree_.start_line(decorator);
      entry.is_call = expression.kind() == "call";
      entry.callee = without_spaces(tree_.text(entry.is_call ? expression.field("function") : expression));
      if (entry.is_call) entry.arguments = arguments_of(expression.field("arguments"));
      out.push_back(std::move(entry));
    }
    return out;
  }

  void visit_decorated(Node node, const Context& ctx) {
    std::vector<PyDecorator> decorators = decorators_of(node);
    for (Node decorator : node.named_children())
      if (decorator.kind() == "decorator") visit_children(decorator, ctx);  // calls in decorators
    const Node definition = node.field("definition");
    if (definition.kind() == "function_definition") visit_function(definition, std::move(decorators), node, ctx);
    else if (definition.kind() == "class_definition") visit_class(definition, std::move(decorators), node, ctx);
  }

  std::vector<PyParameter> parameters_of(Node parameters) const {
    std::vector<PyParameter> out;
    bool keyword_only = false;
    for (Node parameter : parameters.named_children()) {
      const std::string_view kind = parameter.kind();
      if (kind == "positional_separator") {
        for (PyParameter& earlier : out) earlier.kind = PyParamKind::PositionalOnly;
        continue;
      }
      if (kind == "keyword_separator") {
        keyword_only = true;
        continue;
      }
      if (kind == "comment") continue;
      PyParameter entry;
      entry.line = tree_.start_line(parameter);
      entry.kind = keyword_only ? PyParamKind::KeywordOnly : PyParamKind::Normal;
      Node name = parameter;
      if (kind == "typed_parameter") {
        entry.annotation = text(parameter.field("type"));
        name = parameter.named_child(0);
      } else if (kind == "default_parameter" || kind == "typed_default_parameter") {
        entry.annotation = text(parameter.field("type"));
        entry.default_text = text(parameter.field("value"));
        entry.has_default = true;
        name = parameter.field("name");
      }
      if (name.kind() == "list_splat_pattern") {
        entry.kind = PyParamKind::VarPositional;
        keyword_only = true;
        name = name.named_child(0);
      } else if (name.kind() == "dictionary_splat_pattern") {
        entry.kind = PyParamKind::VarKeyword;
        name = name.named_child(0);
      }
      entry.name = std::string(tree_.text(name));
      out.push_back(std::move(entry));
    }
    return out;
  }

  std::string qualify(const Context& ctx, std::string_view name) const {
    return ctx.prefix.empty() ? std::string(name) : ctx.prefix + "." + std::string(name);
  }

  void visit_function(Node node, std::vector<PyDecorator> decorators, Node outer, const Context& ctx) {
    PyFunction function;
    function.name = std::string(tree_.text(node.field("name")));
    function.qualified = qualify(ctx, function.name);
    function.nesting = ctx.scope_kind == ScopeKind::Class      ? PyNesting::Method
                       : ctx.scope_kind == ScopeKind::Function ? PyNesting::Nested
                                                               : PyNesting::ModuleLevel;
    function.class_name = ctx.class_name;
    function.is_async = !node.child(0).null() && node.child(0).kind() == "async";
    function.decorators = std::move(decorators);
    function.parameters = parameters_of(node.field("parameters"));
    function.return_annotation = text(node.field("return_type"));
    function.header_line = tree_.start_line(node);
    function.range = range_of(outer);
    function.body = range_of(node.field("body"));

    PyBinding name = base_binding(PyBindingForm::Def, node, ctx);
    bind_target(node.field("name"), name);
    // Defaults and annotations are evaluated where the def stands.
    visit_children(node.field("parameters"), ctx);

    Context inner;
    inner.prefix = function.qualified;
    inner.function = function.qualified;
    inner.scope_kind = ScopeKind::Function;
    inner.scope = function.range;
    out_.functions.push_back(std::move(function));
    visit_children(node.field("body"), inner);
  }

  void visit_class(Node node, std::vector<PyDecorator> decorators, Node outer, const Context& ctx) {
    PyClass entry;
    entry.name = std::string(tree_.text(node.field("name")));
    entry.qualified = qualify(ctx, entry.name);
    for (PyArgument& argument : arguments_of(node.field("superclasses"))) {
      if (argument.keyword.empty()) entry.bases.push_back(argument.text);
      else entry.keywords.push_back(std::move(argument));
    }
    entry.decorators = std::move(decorators);
    entry.header_line = tree_.start_line(node);
    entry.range = range_of(outer);

    bind_target(node.field("name"), base_binding(PyBindingForm::Class, node, ctx));
    visit_children(node.field("superclasses"), ctx);

    Context inner;
    inner.prefix = entry.qualified;
    inner.function = ctx.function;
    inner.class_name = entry.name;
    inner.scope_kind = ScopeKind::Class;
    inner.scope = entry.range;
    out_.classes.push_back(std::move(entry));
    visit_children(node.field("body"), inner);
  }

  // Visits one branch's body and returns what it binds in the chain's own scope.
  std::vector<std::string> visit_branch_body(Node body, const Context& ctx) {
    const size_t before = out_.bindings.size();
    visit_children(body, ctx);
    std::set<std::string> names;
    for (size_t i = before; i < out_.bindings.size(); ++i) {
      const PyBinding& binding = out_.bindings[i];
      if (binding.function != ctx.function || binding.form == PyBindingForm::Comprehension ||
          binding.form == PyBindingForm::Global || binding.form == PyBindingForm::Nonlocal)
        continue;
      names.insert(binding.name);
    }
    return {names.begin(), names.end()};
  }

  bool ends_in_terminator(Node body) const {
    const std::vector<Node> statements = body.named_children();
    for (auto it = statements.rbegin(); it != statements.rend(); ++it)
      if (it->kind() != "comment") return is_terminator(it->kind());
    return false;
  }

  void visit_if(Node node, const Context& ctx) {
    const size_t index = out_.if_chains.size();
    out_.if_chains.push_back({});
    out_.if_chains[index].depth = ctx.if_depth;
    out_.if_chains[index].function = ctx.function;
    out_.if_chains[index].range = range_of(node);
    Context inner = ctx;
    inner.if_depth = ctx.if_depth + 1;

    std::vector<PyBranch> branches;
    auto add_branch = [&](std::string keyword, Node clause, Node condition, Node body) {
      PyBranch branch;
      branch.keyword = std::move(keyword);
      branch.condition = text(condition);
      branch.header_line = tree_.start_line(clause);
      branch.range = {branch.header_line, body.null() ? branch.header_line : tree_.end_line(body)};
      branch.terminates = !body.null() && ends_in_terminator(body);
      if (!condition.null()) visit(condition, ctx);
      branch.binds = visit_branch_body(body, inner);
      branches.push_back(std::move(branch));
    };
    add_branch("if", node, node.field("condition"), node.field("consequence"));
    for (Node clause : node.named_children()) {
      if (clause.kind() == "elif_clause")
        add_branch("elif", clause, clause.field("condition"), clause.field("consequence"));
      else if (clause.kind() == "else_clause")
        add_branch("else", clause, Node(), clause.field("body"));
    }
    PyIfChain& chain = out_.if_chains[index];
    chain.has_else = !branches.empty() && branches.back().keyword == "else";
    chain.branches = std::move(branches);
  }

  void visit_import(Node node, const Context& ctx) {
    const bool is_from = node.kind() == "import_from_statement";
    const PyBindingForm form = is_from ? PyBindingForm::ImportFrom : PyBindingForm::Import;
    PyImport shared;
    shared.is_from = is_from;
    shared.line = tree_.start_line(node);
    if (is_from) {
      const Node module = node.field("module_name");
      if (module.kind() == "relative_import") {
        for (Node part : module.named_children()) {
          if (part.kind() == "import_prefix") shared.level = static_cast<int>(tree_.text(part).size());
          if (part.kind() == "dotted_name") shared.module = without_spaces(tree_.text(part));
        }
      } else {
        shared.module = without_spaces(tree_.text(module));
      }
    }
    auto bind = [&](std::string name, Node at) {
      PyBinding binding = base_binding(form, at, ctx);
      binding.name = binding.root = std::move(name);
      out_.bindings.push_back(std::move(binding));
    };
    for (uint32_t i = 0; i < node.child_count(); ++i) {
      const Node child = node.child(i);
      const std::string_view field = node.child_field_name(i);
      if (child.kind() == "wildcard_import") shared.wildcard = true;
      if (field != "name") continue;
      PyImportedName imported;
      if (child.kind() == "aliased_import") {
        imported.name = without_spaces(tree_.text(child.field("name")));
        imported.alias = std::string(tree_.text(child.field("alias")));
      } else {
        imported.name = without_spaces(tree_.text(child));
      }
      // import a.b binds a; from m import a binds a; an alias binds the alias.
      std::string bound = imported.alias.empty() ? imported.name : imported.alias;
      if (!is_from && imported.alias.empty()) bound = bound.substr(0, bound.find('.'));
      bind(bound, child);
      if (is_from) {
        shared.names.push_back(std::move(imported));
      } else {
        PyImport single = shared;
        single.module = imported.name;
        single.names.push_back(std::move(imported));
        out_.imports.push_back(std::move(single));
      }
    }
    if (is_from) out_.imports.push_back(std::move(shared));
  }

  const SyntaxTree& tree_;
  int depth_ = 0;  // visit / bind_target calls now open
  PythonSyntax out_;
};

}  // namespace

PythonSyntax python_syntax(const SyntaxTree& tree) { return PythonWalker(tree).run(); }

const PyFunction* function_at(const PythonSyntax& syntax, int line) {
  const PyFunction* best = nullptr;
  for (const PyFunction& function : syntax.functions)
    if (function.range.contains(line) && (best == nullptr || function.range.first >= best->range.first))
      best = &function;
  return best;
}

}  // namespace atom::ast
