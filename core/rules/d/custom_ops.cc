#include "core/rules/d/custom_ops.h"

#include <algorithm>

#include <re2/re2.h>

#include "core/analysis/before_parsing.h"
#include "core/analysis/changed_lines.h"
#include "core/analysis/file_trees.h"
#include "core/analysis/syntax_text.h"

namespace atom::ops {
namespace {

const CustomOpDecorator* known_decorator(const PackKnowledge& knowledge, const ast::PyDecorator& decorator) {
  for (const CustomOpDecorator& known : knowledge.custom_op_decorators) {
    if (known.name != decorator.callee) continue;
    if (known.only_with.empty()) return &known;
    const size_t equals = known.only_with.find('=');
    const std::string keyword = known.only_with.substr(0, equals), value = known.only_with.substr(equals + 1);
    for (const ast::PyArgument& argument : decorator.arguments)
      if (argument.keyword == keyword && argument.text == value) return &known;
  }
  return nullptr;
}

// The value node of keyword argument `keyword` of the call decorating `definition` from `line`.
syntax::Node decorator_keyword_value(const syntax::SyntaxTree& tree, syntax::Node definition, int line,
                                     std::string_view keyword) {
  const syntax::Node decorated = definition.parent();
  if (decorated.kind() != "decorated_definition") return {};
  for (syntax::Node decorator : decorated.named_children()) {
    if (decorator.kind() != "decorator" || tree.start_line(decorator) != line) continue;
    const syntax::Node call = decorator.named_child(0);
    if (call.kind() != "call") return {};
    for (syntax::Node argument : call.field("arguments").named_children())
      if (argument.kind() == "keyword_argument" && tree.text(argument.field("name")) == keyword)
        return argument.field("value");
  }
  return {};
}

}  // namespace

bool shown_whole(const FileView& file, syntax::Node definition) {
  if (definition.null() || definition.has_error()) return false;
  if (file.file->status == FileStatus::Added) return true;
  for (const VisibleFunction& function : complete_python_functions(head_trees(file)))
    if (function.node == definition) return true;
  return false;
}

syntax::Node definition_of(const ast::FileSyntax& syntax, const ast::PyFunction& function) {
  syntax::Node found;
  syntax::walk(syntax.tree.root(), [&](syntax::Node node) {
    if (!found.null()) return false;
    if (node.kind() == "function_definition" && syntax.tree.start_line(node) == function.header_line &&
        syntax.tree.text(node.field("name")) == function.name) {
      found = node;
      return false;
    }
    return true;
  });
  return found;
}

std::vector<syntax::Node> own_returns(syntax::Node definition) {
  std::vector<syntax::Node> returns;
  if (definition.field("body").null()) return returns;
  syntax::walk(definition.field("body"), [&](syntax::Node node) {
    const std::string_view kind = node.kind();
    if (kind == "function_definition" || kind == "class_definition" || kind == "lambda") return false;
    if (kind == "return_statement") returns.push_back(node);
    return kind != "return_statement";
  });
  return returns;
}

namespace {

bool is_direct_registration(std::string_view callee) {
  return callee == "direct_register_custom_op" || callee.ends_with(".direct_register_custom_op");
}

// The value of a call's argument given by keyword, or at `position` when passed positionally.
syntax::Node call_argument(const syntax::SyntaxTree& tree, syntax::Node call, std::string_view keyword, int position) {
  int index = 0;
  for (syntax::Node argument : call.field("arguments").named_children()) {
    if (argument.kind() == "comment") continue;
    if (argument.kind() == "keyword_argument") {
      if (tree.text(argument.field("name")) == keyword) return argument.field("value");
    } else if (index++ == position) {
      return argument;
    }
  }
  return {};
}

// `direct_register_custom_op(op_name, op_func, mutates_args, fake_impl=…)` calls of `part`
// whose op_func is a def the same tree shows.
void direct_registrations(const FileView& file, const ast::FileSyntax& part, const ChangedLines& changed,
                          std::vector<OpDecl>& ops) {
  const syntax::SyntaxTree& tree = part.tree;
  syntax::walk(tree.root(), [&](syntax::Node node) {
    if (node.kind() != "call" || !is_direct_registration(ast::without_spaces(tree.text(node.field("function"))))) return true;
    const syntax::Node op_func = call_argument(tree, node, "op_func", 1);
    if (op_func.kind() != "identifier") return false;
    for (const ast::PyFunction& function : part.python().functions) {
      if (function.qualified != tree.text(op_func)) continue;
      OpDecl op;
      op.file = &file;
      op.syntax = &part;
      op.function = &function;
      op.definition = definition_of(part, function);
      if (op.definition.null()) break;
      op.complete = shown_whole(file, op.definition);
      op.decorator = "direct_register_custom_op";
      op.line = tree.start_line(node);
      op.def_added = changed.writes_any({op.line, tree.end_line(node)});
      op.gen_fake_value = call_argument(tree, node, "fake_impl", 3);
      if (op.gen_fake_value.kind() == "none") op.gen_fake_value = syntax::Node();
      if (!op.gen_fake_value.null()) op.gen_fake = ast::one_line(tree.text(op.gen_fake_value));
      ops.push_back(std::move(op));
      break;
    }
    return false;
  });
}

// A decorator's callee, or a direct registration's, ends with the last name of the one it is:
// a file that shows none of those names declares no op.
bool may_declare_ops(const PackKnowledge& knowledge, const FileView& file) {
  for (const CustomOpDecorator& known : knowledge.custom_op_decorators)
    if (head_shows(file, last_name(known.name))) return true;
  return head_shows(file, "direct_register_custom_op");
}

}  // namespace

std::vector<OpDecl> custom_ops(const ReviewModel& model) {
  const PackKnowledge& knowledge = model.pack->knowledge;
  std::vector<OpDecl> ops;
  for (const FileView& file : model.files) {
    if (file.language != Language::Python || !may_declare_ops(knowledge, file)) continue;
    const SideTrees& head = head_trees(file);
    std::optional<ChangedLines> changed;
    for (const ast::FileSyntax& part : head.parts) {
      for (const ast::PyFunction& function : part.python().functions) {
        for (const ast::PyDecorator& decorator : function.decorators) {
          const CustomOpDecorator* known = known_decorator(knowledge, decorator);
          if (known == nullptr) continue;
          if (!changed) changed = changed_lines(file);
          OpDecl op;
          op.file = &file;
          op.syntax = &part;
          op.function = &function;
          op.definition = definition_of(part, function);
          if (op.definition.null()) break;
          op.complete = shown_whole(file, op.definition);
          op.decorator = decorator.callee;
          op.body_is_fake = known->body_is_fake;
          op.unregistered_lists = &known->unregistered_lists;
          op.line = function.header_line;
          op.def_added = changed->writes(function.header_line);
          op.gen_fake_value = decorator_keyword_value(part.tree, op.definition, decorator.line, "gen_fake");
          if (!op.gen_fake_value.null()) op.gen_fake = ast::one_line(part.tree.text(op.gen_fake_value));
          ops.push_back(std::move(op));
          break;
        }
      }
      const std::vector<ast::PyCall>& calls = part.python().calls;
      if (std::none_of(calls.begin(), calls.end(), [](const ast::PyCall& call) { return is_direct_registration(call.callee); }))
        continue;
      if (!changed) changed = changed_lines(file);
      direct_registrations(file, part, *changed, ops);
    }
  }
  return ops;
}

bool listed_in(const ReviewModel& model, const std::vector<std::string>& lists, const std::string& op) {
  if (lists.empty()) return false;
  std::string names;
  for (const std::string& list : lists) names += (names.empty() ? "" : "|") + RE2::QuoteMeta(list);
  const RE2 opens("^(?:" + names + R"()\s*(?::[^=]*)?=\s*[\[({])");
  static const RE2 kCloses(R"(^[\])}])");
  const RE2 entry(R"((?:^\s*|[,\[({]\s*)[rRuU]?["'])" + RE2::QuoteMeta(op) + R"(["'])");  // not in a comment
  // One line of the list's file at the head; `inside` carries whether the list is open.
  const auto listed_on = [&](bool& inside, std::string_view line) {
    if (RE2::PartialMatch(line, opens)) inside = true;
    else if (inside && RE2::PartialMatch(line, kCloses)) inside = false;
    return inside && RE2::PartialMatch(line, entry);
  };
  for (const FileView& file : model.files) {
    if (file.language != Language::Python) continue;
    bool inside = false;
    if (file.source == ReviewSource::Whole) {
      std::string_view text = file.head_text;
      while (!text.empty()) {
        const size_t end = text.find('\n');
        if (listed_on(inside, text.substr(0, end))) return true;
        text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
      }
      continue;
    }
    for (const HunkView& hunk : file.hunks) {
      inside = hunk.hunk != nullptr && RE2::PartialMatch(hunk.hunk->section, opens);
      for (const CodeLine& line : hunk.lines)
        if (line.kind != LineKind::Removed && line.diff != nullptr && listed_on(inside, line.diff->text)) return true;
    }
  }
  return false;
}

bool fake_registered(const ReviewModel& model, const std::string& op) {
  const std::string quoted = RE2::QuoteMeta(op);
  const RE2 on_the_op(quoted + "\\.(?:register_fake|register_abstract|impl_abstract)");
  const RE2 by_name(R"(^[rRuU]?["'][\w.]*::)" + quoted + R"(["']$)");
  static const RE2 kRegistration(R"((?:^|\.)(?:register_fake|impl_abstract)$)");
  for (const FileView& file : model.files) {
    if (file.language != Language::Python) continue;
    for (const ast::FileSyntax& part : head_trees(file).parts) {
      const ast::PythonSyntax& python = part.python();
      for (const ast::PyFunction& function : python.functions)
        for (const ast::PyDecorator& decorator : function.decorators)
          if (RE2::FullMatch(decorator.callee, on_the_op)) return true;
      for (const ast::PyCall& call : python.calls) {
        if (RE2::FullMatch(call.callee, on_the_op)) return true;
        if (RE2::PartialMatch(call.callee, kRegistration) && !call.arguments.empty() &&
            call.arguments.front().keyword.empty() && RE2::FullMatch(call.arguments.front().text, by_name))
          return true;
      }
    }
  }
  return false;
}

}  // namespace atom::ops
