#include "core/analysis/python_flow.h"

#include <algorithm>
#include <map>
#include <memory>
#include <set>

#include "core/analysis/syntax_text.h"

namespace atom::ast {
namespace {

using syntax::Node;
using syntax::SyntaxTree;

// Deeper nesting than this is no code a person wrote: the function is skipped, not followed.
constexpr int kMaxNesting = 200;

// The chain that left a name bound on some paths only.
struct Origin {
  PyUnboundRead where;              // filled but for name/read_line
  std::set<std::string> related;    // names in the chain's conditions and names its branches bind
  int guard_depth = 0;              // reads count only at this depth (straight after the chain)
  bool reportable = true;
};

struct Binding {
  std::shared_ptr<Origin> origin;   // null: bound on every path
};

struct State {
  bool live = true;                 // false once every path has returned/raised/broken out
  std::map<std::string, Binding> names;
};

bool is_comprehension(std::string_view kind) {
  return kind == "list_comprehension" || kind == "set_comprehension" ||
         kind == "dictionary_comprehension" || kind == "generator_expression";
}

class Flow {
 public:
  Flow(const SyntaxTree& tree, Node function) : tree_(tree), function_(function) {}

  std::vector<PyUnboundRead> run() {
    if (function_.has_error()) return {};
    collect_outer_scope_names(function_.field("body"));
    State state;
    bind_parameters(function_.field("parameters"), state);
    block(function_.field("body"), state);
    if (too_deep_) return {};
    return std::move(out_);
  }

 private:
  std::string text(Node node) const { return std::string(tree_.text(node)); }

  // `global x` / `nonlocal x` anywhere in the body (not in nested scopes) makes x no local.
  void collect_outer_scope_names(Node body) {
    syntax::walk(body, [&](Node node) {
      const std::string_view kind = node.kind();
      if (kind == "function_definition" || kind == "class_definition" || kind == "lambda") return false;
      if (kind == "global_statement" || kind == "nonlocal_statement")
        for (Node name : node.named_children())
          if (name.kind() == "identifier") outer_scope_.insert(text(name));
      return true;
    });
  }

  void bind_parameters(Node parameters, State& state) {
    for (Node parameter : parameters.named_children()) {
      Node name = parameter;
      const std::string_view kind = parameter.kind();
      if (kind == "typed_parameter") name = parameter.named_child(0);
      else if (kind == "default_parameter" || kind == "typed_default_parameter") name = parameter.field("name");
      if (name.kind() == "list_splat_pattern" || name.kind() == "dictionary_splat_pattern") name = name.named_child(0);
      if (name.kind() == "identifier") state.names[text(name)] = Binding{};
    }
  }

  struct Nesting {
    Flow& flow;
    explicit Nesting(Flow& f) : flow(f) {
      if (++flow.nesting_ > kMaxNesting) flow.too_deep_ = true;
    }
    ~Nesting() { --flow.nesting_; }
  };

  struct Guarded {
    Flow& flow;
    explicit Guarded(Flow& f) : flow(f) { ++flow.guard_depth_; }
    ~Guarded() { --flow.guard_depth_; }
  };

  void block(Node node, State& state) {
    if (node.null() || too_deep_) return;
    Nesting nesting(*this);
    for (Node statement_node : node.named_children()) {
      if (!state.live || too_deep_) return;
      statement(statement_node, state);
    }
  }

  void statement(Node node, State& state) {
    const std::string_view kind = node.kind();
    if (kind == "if_statement") return if_chain(node, state);
    if (kind == "for_statement" || kind == "while_statement") return loop(node, state);
    if (kind == "try_statement") return try_statement(node, state);
    if (kind == "with_statement") return with_statement(node, state);
    if (kind == "match_statement") return match_statement(node, state);
    if (kind == "decorated_definition") {
      for (Node child : node.named_children())
        if (child.kind() == "decorator") expression(child, state);
      return statement(node.field("definition"), state);
    }
    if (kind == "function_definition" || kind == "class_definition") return definition(node, state);
    if (kind == "import_statement" || kind == "import_from_statement") return import(node, state);
    if (kind == "global_statement" || kind == "nonlocal_statement" || kind == "comment") return;
    if (kind == "delete_statement") return delete_statement(node, state);
    for (Node child : node.named_children()) expression(child, state);
    if (kind == "assert_statement") remember_validated(node);
    if (kind == "return_statement" || kind == "raise_statement" || kind == "break_statement" ||
        kind == "continue_statement" || exits_process(node) || always_fails(node))
      state.live = false;
  }

  // `sys.exit(…)`, `pytest.fail(…)` and the like end the path as `raise` does.
  bool exits_process(Node statement) const {
    if (statement.kind() != "expression_statement" || statement.named_child_count() != 1) return false;
    const Node call = statement.named_child(0);
    if (call.kind() != "call") return false;
    static const std::set<std::string> kExits = {"sys.exit", "exit", "quit", "os._exit", "pytest.fail",
                                                 "pytest.skip", "pytest.exit", "self.fail", "self.skipTest"};
    return kExits.count(without_spaces(tree_.text(call.field("function")))) > 0;
  }

  // `assert False, "unsupported"` (or `assert 0`) raises as surely as `raise`.
  bool always_fails(Node statement) const {
    if (statement.kind() != "assert_statement" || statement.named_child_count() == 0) return false;
    const Node test = statement.named_child(0);
    return test.kind() == "false" || (test.kind() == "integer" && tree_.text(test) == "0");
  }

  void remember_validated(Node node) { collect_names(node, validated_); }

  void definition(Node node, State& state) {
    // Defaults, annotations and base classes are evaluated here; the body is another scope.
    for (const char* field : {"parameters", "superclasses", "return_type"}) {
      const Node part = node.field(field);
      if (part.null()) continue;
      syntax::walk(part, [&](Node child) {
        if (child.kind() == "default_parameter" || child.kind() == "typed_default_parameter") {
          expression(child.field("value"), state);
          return false;
        }
        if (child.kind() == "argument_list") {
          expression(child, state);
          return false;
        }
        return true;
      });
    }
    bind_name(node.field("name"), state);
  }

  void import(Node node, State& state) {
    for (Node child : node.named_children()) {
      if (node.kind() == "import_from_statement" && child == node.field("module_name")) continue;
      if (child.kind() == "aliased_import") bind_name(child.field("alias"), state);
      else if (child.kind() == "dotted_name" && child.named_child_count() > 0)
        bind_name(node.kind() == "import_statement" ? child.named_child(0)
                                                     : child.named_child(child.named_child_count() - 1),
                  state);
    }
  }

  void delete_statement(Node node, State& state) {
    for (Node child : node.named_children()) expression(child, state);
    syntax::walk(node, [&](Node child) {
      if (child.kind() == "identifier" && child.parent().kind() != "attribute" && child.parent().kind() != "subscript")
        state.names.erase(text(child));
      return child.kind() != "attribute" && child.kind() != "subscript";
    });
  }

  void with_statement(Node node, State& state) {
    for (Node child : node.named_children()) {
      if (child.kind() != "with_clause") continue;
      for (Node item : child.named_children()) {
        const Node value = item.field("value");
        if (value.kind() == "as_pattern") {
          expression(value.named_child(0), state);
          bind_target(value.field("alias"), state);
        } else {
          expression(value, state);
        }
      }
    }
    block(node.field("body"), state);
  }

  void loop(Node node, State& state) {
    const bool is_for = node.kind() == "for_statement";
    expression(node.field(is_for ? "right" : "condition"), state);
    State body = state;
    {
      Guarded guarded(*this);
      ++loop_depth_;
      if (is_for) bind_target(node.field("left"), body);
      block(node.field("body"), body);
      --loop_depth_;
    }
    const Node otherwise = node.field("alternative");
    State after_else = state;
    if (!otherwise.null()) {
      Guarded guarded(*this);
      block(otherwise.field("body"), after_else);
    }
    // Whether the body ran is the loop's business: what it or the `else` binds counts as bound.
    const State start = state;
    mark_bound(start, body, state);
    mark_bound(start, after_else, state);
  }

  void try_statement(Node node, State& state) {
    State body = state;
    block(node.field("body"), body);
    std::vector<State> handlers;
    for (Node child : node.named_children()) {
      const std::string_view kind = child.kind();
      if (kind == "except_clause" || kind == "except_group_clause") {
        State handler = state;
        Guarded guarded(*this);
        expression(child.field("value"), handler);
        bind_target(child.field("alias"), handler);
        for (Node part : child.named_children())
          if (part.kind() == "block") block(part, handler);
        handlers.push_back(std::move(handler));
      } else if (kind == "else_clause") {
        block(child.field("body"), body);
      }
    }
    bool live = body.live;
    for (const State& handler : handlers) {
      live |= handler.live;
      mark_bound(state, handler, body);
    }
    body.live = live;
    state = std::move(body);
    for (Node child : node.named_children())
      if (child.kind() == "finally_clause")
        for (Node part : child.named_children())
          if (part.kind() == "block") block(part, state);
  }

  void match_statement(Node node, State& state) {
    expression(node.field("subject"), state);
    State after = state;
    for (Node clause : node.field("body").named_children()) {
      if (clause.kind() != "case_clause") continue;
      State arm = state;
      Guarded guarded(*this);
      syntax::walk(clause, [&](Node child) {
        if (child.kind() == "block") return false;
        if (child.kind() == "identifier") arm.names[text(child)] = Binding{};
        return true;
      });
      block(clause.field("consequence"), arm);
      mark_bound(state, arm, after);
    }
    state = std::move(after);
  }

  // Every name a path not followed further (a loop body, a handler, a case) bound — `reached`
  // against the `start` it began from — becomes bound in `into`.
  static void mark_bound(const State& start, const State& reached, State& into) {
    for (const auto& [name, binding] : reached.names) {
      const auto before = start.names.find(name);
      if (before != start.names.end() && before->second.origin == binding.origin) continue;
      into.names[name] = Binding{};
    }
  }

  struct Branch {
    Node condition;  // null for else / the missing else
    Node body;
    Node header;
    std::string keyword;
  };

  void if_chain(Node node, State& state) {
    std::vector<Branch> branches{{node.field("condition"), node.field("consequence"), node, "if"}};
    bool has_else = false;
    for (uint32_t i = 0; i < node.child_count(); ++i) {
      if (node.child_field_name(i) != "alternative") continue;
      const Node clause = node.child(i);
      if (clause.kind() == "elif_clause")
        branches.push_back({clause.field("condition"), clause.field("consequence"), clause, "elif"});
      else if (clause.kind() == "else_clause") {
        branches.push_back({Node(), clause.field("body"), clause, "else"});
        has_else = true;
      }
    }

    // A chain whose conditions hold one and its negation leaves no case to its missing else.
    if (!has_else && has_complementary_conditions(branches)) has_else = true;

    std::set<std::string> condition_names;
    for (const Branch& branch : branches) collect_names(branch.condition, condition_names);
    const bool exits = quiet_origins_an_exit_guard_decides(branches, condition_names, state);

    expression(branches.front().condition, state);
    std::vector<State> outcomes;
    std::vector<const Branch*> outcome_branch;
    State before_branch = state;
    for (const Branch& branch : branches) {
      Guarded guarded(*this);
      if (!branch.condition.null() && &branch != &branches.front()) expression(branch.condition, before_branch);
      State arm = before_branch;
      block(branch.body, arm);
      outcomes.push_back(std::move(arm));
      outcome_branch.push_back(&branch);
    }
    if (!has_else) {
      outcomes.push_back(before_branch);
      outcome_branch.push_back(nullptr);
    }
    join(node, outcomes, outcome_branch, condition_names, before_branch, state);
    // An exit on a condition validates its names for the chains after it (`if mode not in …: raise`).
    if (exits) validated_.insert(condition_names.begin(), condition_names.end());
  }

  // A later `if` that returns or raises on a condition related to a chain decides which paths
  // reach the code after it: the chain's partial bindings are then no longer the code's fault.
  // Returns whether a branch of this `if` exits.
  bool quiet_origins_an_exit_guard_decides(const std::vector<Branch>& branches, const std::set<std::string>& condition_names,
                                     State& state) const {
    bool exits = false;
    for (const Branch& branch : branches) exits |= ends_path(branch.body);
    if (!exits) return false;
    for (auto& [name, binding] : state.names) {
      if (!binding.origin) continue;
      for (const std::string& condition_name : condition_names)
        if (binding.origin->related.count(condition_name) || condition_name == name) binding.origin->reportable = false;
    }
    return true;
  }

  bool ends_path(Node body) const {
    if (body.null() || body.named_child_count() == 0) return false;
    Node last = body.named_child(body.named_child_count() - 1);
    const std::string_view kind = last.kind();
    return kind == "return_statement" || kind == "raise_statement" || kind == "break_statement" ||
           kind == "continue_statement" || exits_process(last) || always_fails(last);
  }

  void join(Node node, const std::vector<State>& outcomes, const std::vector<const Branch*>& outcome_branch,
            const std::set<std::string>& condition_names, const State& before, State& state) {
    std::vector<size_t> live;
    for (size_t i = 0; i < outcomes.size(); ++i)
      if (outcomes[i].live) live.push_back(i);
    if (live.empty()) {
      state.live = false;
      return;
    }
    std::set<std::string> names;
    for (size_t i : live)
      for (const auto& entry : outcomes[i].names) names.insert(entry.first);

    std::map<size_t, std::shared_ptr<Origin>> origins;  // per skipping path, shared by the names it leaves unbound
    State joined;
    for (const std::string& name : names) {
      // The branch to name: the first path without the name at all, else the first that has it
      // only partly (from a chain inside it).
      size_t unbound = outcomes.size(), partial = outcomes.size();
      bool same_in_all = true;
      const Binding* reference = nullptr;
      for (size_t i : live) {
        const auto found = outcomes[i].names.find(name);
        const Binding* binding = found == outcomes[i].names.end() ? nullptr : &found->second;
        if (i == live.front()) reference = binding;
        if (binding == nullptr || reference == nullptr || binding->origin != reference->origin) same_in_all = false;
        if (binding == nullptr && unbound == outcomes.size()) unbound = i;
        if (binding != nullptr && binding->origin && partial == outcomes.size()) partial = i;
      }
      const size_t skipping = unbound != outcomes.size() ? unbound : partial;
      if (skipping == outcomes.size()) {
        joined.names[name] = Binding{};
        continue;
      }
      if (same_in_all) {  // partly bound before the chain, and no branch changed that
        joined.names[name] = *reference;
        continue;
      }
      if (unbound == outcomes.size()) {
        // Only partly bound on that path, by an earlier chain on a related condition (`if BLOCK_M == 2:`
        // binds it, this `if BLOCK_M == 1:`'s else does not): the two conditions decide together.
        const Origin& earlier = *outcomes[partial].names.at(name).origin;
        if (std::any_of(condition_names.begin(), condition_names.end(),
                        [&](const std::string& n) { return earlier.related.count(n) > 0; })) {
          joined.names[name] = Binding{};
          continue;
        }
        // Every path binds it, or leaves it as that earlier chain did: this chain unbinds nothing,
        // so whatever is wrong stays that chain's (or nothing, where an assert settled that one).
        // Its reads count from here as a new origin's would (at this level, not inside a loop).
        const auto keeps_earlier = [&](size_t i) {
          const auto found = outcomes[i].names.find(name);
          const Origin* origin = found->second.origin.get();
          return origin == nullptr || (origin->where.chain.first == earlier.where.chain.first &&
                                       origin->where.skipping_line == earlier.where.skipping_line);
        };
        if (std::all_of(live.begin(), live.end(), keeps_earlier)) {
          auto carried = std::make_shared<Origin>(earlier);
          carried->guard_depth = guard_depth_;
          carried->reportable = earlier.reportable && loop_depth_ == 0;
          joined.names[name] = Binding{std::move(carried)};
          continue;
        }
      }
      std::shared_ptr<Origin>& origin = origins[skipping];
      if (!origin) origin = make_origin(node, outcome_branch[skipping], condition_names, before, outcomes);
      joined.names[name] = Binding{origin};
    }
    state = std::move(joined);
  }

  std::shared_ptr<Origin> make_origin(Node node, const Branch* skipping, const std::set<std::string>& condition_names,
                                      const State& before, const std::vector<State>& outcomes) const {
    auto origin = std::make_shared<Origin>();
    PyUnboundRead& where = origin->where;
    where.chain_line = tree_.start_line(node);
    where.chain = {tree_.start_line(node), tree_.end_line(node)};
    where.missing_else = skipping == nullptr;
    where.skipping_line = skipping ? tree_.start_line(skipping->header) : where.chain_line;
    if (skipping) {
      where.skipping_keyword = skipping->keyword;
      where.skipping_condition = skipping->condition.null() ? "" : one_line(tree_.text(skipping->condition));
    }
    origin->related = condition_names;
    for (const State& outcome : outcomes)
      for (const auto& [name, binding] : outcome.names) {
        const auto was = before.names.find(name);
        if (was == before.names.end() || was->second.origin != binding.origin) origin->related.insert(name);
      }
    origin->guard_depth = guard_depth_;
    origin->reportable = loop_depth_ == 0;
    if (where.missing_else)
      for (const std::string& name : condition_names) origin->reportable &= !validated_.count(name);
    return origin;
  }

  void collect_names(Node node, std::set<std::string>& names) const {
    if (node.null()) return;
    syntax::walk(node, [&](Node child) {
      if (child.kind() == "identifier" && child.parent().kind() != "attribute") names.insert(text(child));
      else if (child.kind() == "attribute") names.insert(without_spaces(tree_.text(child)));
      return true;
    });
  }

  void bind_name(Node name, State& state) {
    if (name.kind() == "identifier") state.names[text(name)] = Binding{};
  }

  // Binds what the target stores; an attribute or subscript target reads its object instead.
  void bind_target(Node target, State& state) {
    if (target.null()) return;
    Nesting nesting(*this);
    if (too_deep_) return;
    const std::string_view kind = target.kind();
    if (kind == "identifier") return bind_name(target, state);
    if (kind == "attribute") return expression(target.field("object"), state);
    if (kind == "subscript") {
      expression(target.field("value"), state);
      for (uint32_t i = 0; i < target.child_count(); ++i)
        if (target.child_field_name(i) == "subscript") expression(target.child(i), state);
      return;
    }
    for (Node element : target.named_children()) bind_target(element, state);
  }

  void assignment(Node node, State& state) {
    std::vector<Node> targets;
    Node value = node;
    while (value.kind() == "assignment") {
      targets.push_back(value.field("left"));
      value = value.field("right");
    }
    if (value.null()) return;  // `x: T` alone binds nothing
    expression(value, state);
    for (Node target : targets) bind_target(target, state);
    // A name given only validated values is validated too (`BT = A.shape[-1]` after an assert on it).
    std::set<std::string> value_names;
    collect_names(value, value_names);
    const bool validated_value = !value_names.empty() &&
        std::all_of(value_names.begin(), value_names.end(), [&](const std::string& name) { return validated_.count(name) > 0; });
    if (validated_value)
      for (Node target : targets) collect_target_names(target, validated_);
  }

  // The plain names a target stores into (`a`, and each of `a, (b, c)`), not attributes or items.
  void collect_target_names(Node target, std::set<std::string>& names) const {
    if (target.null()) return;
    if (target.kind() == "identifier") {
      names.insert(text(target));
      return;
    }
    if (target.kind() == "attribute" || target.kind() == "subscript") return;
    for (Node element : target.named_children()) collect_target_names(element, names);
  }

  // Whether one branch's condition is another's negation: `x is None` / `x is not None`, `a == b` /
  // `a != b`, `k in d` / `k not in d`, `flag` / `not flag` (parentheses aside, spacing normalised).
  bool has_complementary_conditions(const std::vector<Branch>& branches) const {
    std::set<std::string> seen;
    for (const Branch& branch : branches) {
      if (branch.condition.null()) continue;
      const std::string condition = condition_text(branch.condition);
      if (seen.count(negation_of(condition))) return true;
      seen.insert(condition);
    }
    return false;
  }

  std::string condition_text(Node condition) const {
    while (condition.kind() == "parenthesized_expression" && condition.named_child_count() == 1)
      condition = condition.named_child(0);
    if (condition.kind() == "not_operator") return "not " + condition_text(condition.field("argument"));
    return one_line(tree_.text(condition));
  }

  // The text of `condition`'s negation, in condition_text's spelling: `not c` ⇄ `c`, and a single
  // comparison's operator swapped for its opposite.
  static std::string negation_of(const std::string& condition) {
    if (condition.rfind("not ", 0) == 0) return condition.substr(4);
    static const std::pair<const char*, const char*> kOpposites[] = {
        {" is not ", " is "}, {" not in ", " in "}, {" == ", " != "}, {" != ", " == "}, {" is ", " is not "}, {" in ", " not in "}};
    for (const auto& [op, opposite] : kOpposites) {
      const size_t at = condition.find(op);
      if (at == std::string::npos || condition.find(op, at + 1) != std::string::npos) continue;
      if (condition.find(" and ") != std::string::npos || condition.find(" or ") != std::string::npos) return "not " + condition;
      return condition.substr(0, at) + opposite + condition.substr(at + std::string(op).size());
    }
    return "not " + condition;
  }

  void expression(Node node, State& state) {
    if (node.null() || too_deep_) return;
    Nesting nesting(*this);
    if (too_deep_) return;
    const std::string_view kind = node.kind();
    if (kind == "identifier") return read(node, state);
    if (kind == "assignment") return assignment(node, state);
    if (kind == "augmented_assignment") {
      expression(node.field("right"), state);
      expression(node.field("left"), state);
      return bind_target(node.field("left"), state);
    }
    if (kind == "named_expression") {
      expression(node.field("value"), state);
      return bind_name(node.field("name"), state);
    }
    if (kind == "attribute") return expression(node.field("object"), state);
    if (kind == "keyword_argument") return expression(node.field("value"), state);
    if (kind == "lambda" || kind == "comment") return;
    if (kind == "conditional_expression") {
      const std::vector<Node> parts = node.named_children();
      if (parts.size() >= 2) expression(parts[1], state);
      Guarded guarded(*this);
      if (!parts.empty()) expression(parts[0], state);
      if (parts.size() >= 3) expression(parts[2], state);
      return;
    }
    if (kind == "boolean_operator") {
      expression(node.field("left"), state);
      Guarded guarded(*this);
      return expression(node.field("right"), state);
    }
    if (is_comprehension(kind)) return comprehension(node, state);
    for (Node child : node.named_children()) expression(child, state);
  }

  // The first iterable is evaluated at once; the rest runs per element, in its own scope.
  void comprehension(Node node, State& state) {
    State local = state;
    bool first_clause = true;
    Guarded guarded(*this);
    for (Node child : node.named_children()) {
      if (child.kind() == "for_in_clause") {
        if (first_clause) {
          --guard_depth_;
          expression(child.field("right"), state);
          ++guard_depth_;
        } else {
          expression(child.field("right"), local);
        }
        first_clause = false;
        bind_target(child.field("left"), local);
      }
    }
    for (Node child : node.named_children())
      if (child.kind() != "for_in_clause") expression(child, local);
  }

  void read(Node identifier, State& state) {
    if (!state.live) return;
    const std::string name = text(identifier);
    if (outer_scope_.count(name)) return;
    const auto found = state.names.find(name);
    if (found == state.names.end()) {
      // Read before anything here binds it (`k += 1`, `k = k[:n]`): the code takes it as given.
      read_while_unbound_.insert(name);
      return;
    }
    if (!found->second.origin || read_while_unbound_.count(name)) return;
    const Origin& origin = *found->second.origin;
    if (!origin.reportable || origin.guard_depth != guard_depth_) return;
    if (!reported_.insert({name, origin.where.chain_line}).second) return;
    PyUnboundRead hit = origin.where;
    hit.name = name;
    hit.read_line = tree_.start_line(identifier);
    out_.push_back(std::move(hit));
  }

  const SyntaxTree& tree_;
  Node function_;
  std::set<std::string> outer_scope_;
  std::set<std::string> validated_;
  std::set<std::string> read_while_unbound_;   // names an assert or an exiting guard checked
  std::set<std::pair<std::string, int>> reported_;
  std::vector<PyUnboundRead> out_;
  int guard_depth_ = 0;
  int loop_depth_ = 0;
  int nesting_ = 0;
  bool too_deep_ = false;
};

}  // namespace

std::vector<PyUnboundRead> unbound_reads_after_partial_binding(const SyntaxTree& tree, Node function) {
  if (function.null() || function.kind() != "function_definition") return {};
  return Flow(tree, function).run();
}

}  // namespace atom::ast
