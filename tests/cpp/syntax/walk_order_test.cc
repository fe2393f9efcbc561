#include "core/syntax/walk_order.h"

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "core/syntax/syntax_tree.h"

namespace atom::syntax {
namespace {

// What a walk visits, as "kind@start-end", using the tree cursor directly (the reference).
std::vector<std::string> cursor_visits(Node start, const std::function<bool(Node)>& descend) {
  std::vector<std::string> out;
  TreeCursor cursor(start);
  auto record = [&](Node node) {
    out.push_back(std::string(ts_node_type(node.raw())) + "@" + std::to_string(node.start_byte()) + "-" +
                  std::to_string(node.end_byte()));
    return descend(node);
  };
  bool down = record(cursor.node());
  for (;;) {
    if (down && cursor.goto_first_child()) {
      down = record(cursor.node());
      continue;
    }
    for (;;) {
      if (cursor.node() == start) return out;
      if (cursor.goto_next_sibling()) break;
      if (!cursor.goto_parent()) return out;
    }
    down = record(cursor.node());
  }
}

std::vector<std::string> walk_visits(Node start, const std::function<bool(Node)>& descend) {
  std::vector<std::string> out;
  walk(start, [&](Node node) {
    out.push_back(std::string(node.kind()) + "@" + std::to_string(node.start_byte()) + "-" +
                  std::to_string(node.end_byte()));
    return descend(node);
  });
  return out;
}

const char* const kPython =
    "import os\n"
    "class A:\n"
    "    def f(self, x=(1, 2)):\n"
    "        if x:\n"
    "            return g(x)[0]\n"
    "        return None\n"
    "def h():\n"
    "    pass\n";

TEST(WalkOrder, AWholeWalkVisitsWhatTheCursorVisitsWithTheSameKinds) {
  const SyntaxTree tree = parse_python(kPython);
  const auto always = [](Node) { return true; };
  ASSERT_NE(walk_order_of(tree.root().raw().tree), nullptr);
  EXPECT_EQ(walk_visits(tree.root(), always), cursor_visits(tree.root(), always));
  const SyntaxTree cpp = parse_cpp("__global__ void k(int* p) { if (p) { p[0] = 1; } }\nint x = f(1, 2);\n");
  EXPECT_EQ(walk_visits(cpp.root(), always), cursor_visits(cpp.root(), always));
}

// Comments (extras), error and missing nodes and aliased nodes are flattened as the cursor lists them.
TEST(WalkOrder, CommentsErrorsAndAliasesAreListedAsTheCursorListsThem) {
  const auto always = [](Node) { return true; };
  const SyntaxTree python = parse_python(
      "x = [1,  # one\n     2]  # two\n"
      "def f(:\n    return (1 +\n"
      "print >> sys.stderr, 'x'\n"
      "class C: pass  # three\n");
  EXPECT_FALSE(python.clean());
  EXPECT_EQ(walk_visits(python.root(), always), cursor_visits(python.root(), always));
  const SyntaxTree cpp = parse_cpp(
      "#define M(x) x  // one\n"
      "template <typename T> struct S { T v; /* two */ };\n"
      "void k() { k<<<1, 2>>>(); int a = ; M(a) }\n");
  EXPECT_FALSE(cpp.clean());
  EXPECT_EQ(walk_visits(cpp.root(), always), cursor_visits(cpp.root(), always));
}

TEST(WalkOrder, SkippedChildrenAndSubtreeWalksMatchTheCursor) {
  const SyntaxTree tree = parse_python(kPython);
  const auto not_into_defs = [](Node node) { return node.kind() != "function_definition"; };
  EXPECT_EQ(walk_visits(tree.root(), not_into_defs), cursor_visits(tree.root(), not_into_defs));
  // A walk from inside: the class, and a node that shares its start byte with its parents.
  const Node klass = tree.root().named_child(1);
  ASSERT_EQ(klass.kind(), "class_definition");
  const auto always = [](Node) { return true; };
  EXPECT_EQ(walk_visits(klass, always), cursor_visits(klass, always));
  Node deepest = tree.root();
  while (deepest.named_child_count() > 0) deepest = deepest.named_child(0);
  EXPECT_EQ(walk_visits(deepest, always), cursor_visits(deepest, always));
}

TEST(WalkOrder, FollowsItsTreeThroughAMoveAndLeavesWithIt) {
  SyntaxTree first = parse_python(kPython);
  const TSTree* raw = first.root().raw().tree;
  SyntaxTree moved = std::move(first);
  EXPECT_EQ(walk_order_of(raw), walk_order_of(moved.root().raw().tree));
  ASSERT_NE(walk_order_of(raw), nullptr);
  const auto always = [](Node) { return true; };
  EXPECT_EQ(walk_visits(moved.root(), always), cursor_visits(moved.root(), always));
  {
    SyntaxTree gone = std::move(moved);
  }
  EXPECT_EQ(walk_order_of(raw), nullptr);
}

TEST(WalkOrder, AnIncrementalReparseGetsItsOwnOrder) {
  const SyntaxTree head = parse_python("a = 1\nb = 2\nc = 3\n");
  const SyntaxTree base(head, "a = 1\nb = f(2)\nc = 3\n", {LineChange{2, 1, 2, 1}});
  const auto always = [](Node) { return true; };
  EXPECT_EQ(walk_visits(base.root(), always), cursor_visits(base.root(), always));
  EXPECT_EQ(walk_visits(head.root(), always), cursor_visits(head.root(), always));
}

TEST(SyntaxTree, FieldLookupsAndChildListsAgreeWithTheRuntime) {
  const SyntaxTree tree = parse_python("def f(a, b, *c, d=1, **e):\n    return a\n");
  const Node def = tree.root().named_child(0);
  EXPECT_EQ(tree.text(def.field("name")), "f");
  EXPECT_TRUE(def.field("no_such_field").null());
  const Node params = def.field("parameters");
  const std::vector<Node> named = params.named_children(), all = params.children();
  ASSERT_EQ(named.size(), params.named_child_count());
  for (uint32_t i = 0; i < params.named_child_count(); ++i) EXPECT_TRUE(named[i] == params.named_child(i));
  ASSERT_EQ(all.size(), params.child_count());
  for (uint32_t i = 0; i < params.child_count(); ++i) EXPECT_TRUE(all[i] == params.child(i));
  EXPECT_TRUE(Node().named_children().empty());
  // A node no walk order covers (a tree-sitter node of another tree) is listed with a cursor.
  TSParser* parser = ts_parser_new();
  ts_parser_set_language(parser, language(Grammar::Python));
  const std::string text = "g(1, 2, 3)\n";
  TSTree* bare = ts_parser_parse_string(parser, nullptr, text.data(), static_cast<uint32_t>(text.size()));
  const Node call = Node(ts_node_named_child(ts_node_named_child(ts_tree_root_node(bare), 0), 0));
  const std::vector<Node> arguments = call.field("arguments").named_children();
  EXPECT_EQ(arguments.size(), 3u);
  int seen = 0;
  for (Node argument : call.field("arguments").named_children()) seen += argument.kind() == "integer";
  EXPECT_EQ(seen, 3);
  ts_tree_delete(bare);
  ts_parser_delete(parser);
}

// Every field of every node, read off the walk order, is the child tree-sitter's own lookup gives,
// fields a hidden rule passes up included (C++ declarators, Python's decorated definitions).
void expect_fields_match_tree_sitter(const SyntaxTree& tree) {
  const TSLanguage* grammar = ts_tree_language(tree.root().raw().tree);
  int compared = 0;
  walk(tree.root(), [&](Node node) {
    for (TSFieldId id = 1; id <= ts_language_field_count(grammar); ++id) {
      const Node ours = node.field(ts_language_field_name_for_id(grammar, id));
      const TSNode theirs = ts_node_child_by_field_id(node.raw(), id);
      EXPECT_TRUE(ours.null() ? ts_node_is_null(theirs) : ts_node_eq(ours.raw(), theirs))
          << node.kind() << "." << ts_language_field_name_for_id(grammar, id) << " at byte " << node.start_byte();
      compared += !ours.null();
      if (!ours.null()) EXPECT_NE(ours.order(), nullptr);  // an entry: its children need no search
    }
    return true;
  });
  EXPECT_GT(compared, 10);
}

TEST(WalkOrder, FieldsAreTheChildrenTreeSitterNames) {
  expect_fields_match_tree_sitter(parse_python(kPython));
  expect_fields_match_tree_sitter(parse_python(
      "@torch.compile(dynamic=True)\ndef f(a: int = 1, *b, **c) -> T:\n    x, *y = z = g(k=1)\n"
      "    with open(p) as fh:\n        return [i for i in fh if i]\n"));
  expect_fields_match_tree_sitter(parse_cpp(
      "template <typename T> static inline const T* f(T* const p, int n = 2) { return p + n; }\n"
      "int (*table[4])(int);\nstruct S { int a : 3; unsigned b[2]; } s = {1, {2, 3}};\n"
      "void k() { for (int i = 0; i < 4; ++i) launch<<<1, 2>>>(i); }\n"));
}

}  // namespace
}  // namespace atom::syntax
