#include "core/syntax/syntax_tree.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace atom::syntax {
namespace {

TEST(TreeSitterGrammars, TheRuntimeAcceptsBothGrammarsAbiVersions) {
  for (Grammar grammar : {Grammar::Python, Grammar::Cpp}) {
    const uint32_t abi = grammar_abi_version(grammar);
    EXPECT_GE(abi, static_cast<uint32_t>(TREE_SITTER_MIN_COMPATIBLE_LANGUAGE_VERSION));
    EXPECT_LE(abi, static_cast<uint32_t>(TREE_SITTER_LANGUAGE_VERSION));
    TSParser* parser = ts_parser_new();
    EXPECT_TRUE(ts_parser_set_language(parser, language(grammar))) << "ABI " << abi;
    ts_parser_delete(parser);
  }
  RecordProperty("python_abi", static_cast<int>(grammar_abi_version(Grammar::Python)));
  RecordProperty("cpp_abi", static_cast<int>(grammar_abi_version(Grammar::Cpp)));
}

TEST(SyntaxTree, PythonNodesCarryTextAndOneBasedLines) {
  const SyntaxTree tree = parse_python("import os\n\ndef f(x):\n    return x + 1\n");
  EXPECT_TRUE(tree.clean());
  EXPECT_EQ(tree.root().kind(), "module");
  EXPECT_EQ(tree.line_count(), 4);
  const Node def = tree.root().named_child(1);
  ASSERT_EQ(def.kind(), "function_definition");
  EXPECT_EQ(tree.text(def.field("name")), "f");
  EXPECT_EQ(tree.start_line(def), 3);
  EXPECT_EQ(tree.end_line(def), 4);
  EXPECT_EQ(tree.text(def.field("body")), "return x + 1");
  EXPECT_EQ(def.field("no_such_field").null(), true);
}

TEST(SyntaxTree, ByteAndLineMappingAgree) {
  const std::string text = "a = 1\nbb = 2\n\nccc = 3";
  const SyntaxTree tree = parse_python(text);
  EXPECT_EQ(tree.line_count(), 4);
  EXPECT_EQ(tree.line_of(0), 1);
  EXPECT_EQ(tree.line_of(5), 1);   // the '\n' ends line 1
  EXPECT_EQ(tree.line_of(6), 2);
  EXPECT_EQ(tree.line_of(13), 3);  // the empty line
  EXPECT_EQ(tree.line_of(14), 4);
  EXPECT_EQ(tree.line_start(4), 14u);
  EXPECT_EQ(tree.line_of(static_cast<uint32_t>(text.size())), 4);
}

TEST(SyntaxTree, AFirstLineShiftsEveryLine) {
  const SyntaxTree tree = parse_python("x = 1\ny = 2\n", 41);
  EXPECT_EQ(tree.start_line(tree.root().named_child(1)), 42);
  EXPECT_EQ(tree.line_start(42), 6u);
}

TEST(SyntaxTree, CountsErrorAndMissingNodes) {
  const SyntaxTree clean = parse_cpp("int f(int a) { return a; }\n");
  EXPECT_EQ(clean.error_count(), 0u);
  EXPECT_EQ(clean.missing_count(), 0u);
  const SyntaxTree broken = parse_python("def f(:\n    return )\n");
  EXPECT_GT(broken.error_count() + broken.missing_count(), 0u);
  EXPECT_FALSE(broken.clean());
  const SyntaxTree missing = parse_cpp("int f() { return 1 }\n");
  EXPECT_GT(missing.missing_count() + missing.error_count(), 0u);
}

TEST(SyntaxTree, WalkVisitsInDocumentOrderAndCanSkipChildren) {
  const SyntaxTree tree = parse_python("def f():\n    g(1)\nh(2)\n");
  std::vector<std::string> calls;
  walk(tree.root(), [&](Node node) {
    if (node.kind() == "call") calls.emplace_back(tree.text(node.field("function")));
    return true;
  });
  EXPECT_EQ(calls, (std::vector<std::string>{"g", "h"}));
  std::vector<std::string> outside;
  walk(tree.root(), [&](Node node) {
    if (node.kind() == "call") outside.emplace_back(tree.text(node.field("function")));
    return node.kind() != "function_definition";
  });
  EXPECT_EQ(outside, (std::vector<std::string>{"h"}));
}

TEST(SyntaxTree, CursorReportsFields) {
  const SyntaxTree tree = parse_python("x = 1\n");
  TreeCursor cursor(tree.root().named_child(0).named_child(0));  // the assignment
  ASSERT_TRUE(cursor.goto_first_child());
  EXPECT_EQ(cursor.field_name(), "left");
  EXPECT_EQ(tree.text(cursor.node()), "x");
  ASSERT_TRUE(cursor.goto_next_sibling());
  ASSERT_TRUE(cursor.goto_next_sibling());
  EXPECT_EQ(cursor.field_name(), "right");
  EXPECT_TRUE(cursor.goto_parent());
  EXPECT_EQ(cursor.node().kind(), "assignment");
}

TEST(SyntaxTree, SurvivesAMove) {
  SyntaxTree first = parse_python("value = compute()\n");
  SyntaxTree moved = std::move(first);
  const Node call = moved.root().named_child(0).named_child(0).field("right");
  EXPECT_EQ(moved.text(call), "compute()");
}

}  // namespace
}  // namespace atom::syntax
