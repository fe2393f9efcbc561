// Hunks-only parsing: one side of a hunk's lines, starting mid-function and indented, parsed on
// its file lines with tree-sitter's error recovery.
#include <gtest/gtest.h>

#include "core/syntax/syntax_tree.h"

namespace atom::syntax {
namespace {

// The first lines sit inside a loop inside a method; the hunk then climbs out to the method body
// and on to the class body.
constexpr const char* kMidFunction =
    "            total += step\n"       // 120
    "            count += 1\n"          // 121
    "        return total / count\n"    // 122
    "\n"                                // 123
    "    def reset(self):\n"            // 124
    "        self.total = 0\n";         // 125

TEST(Fragment, AnIndentedMidFunctionHunkParsesCleanOnItsFileLines) {
  const SyntaxTree tree = parse_python(kMidFunction, 120);
  EXPECT_EQ(tree.error_count() + tree.missing_count(), 0u);
  bool saw_return = false, saw_def = false;
  walk(tree.root(), [&](Node node) {
    if (node.kind() == "return_statement") {
      saw_return = true;
      EXPECT_EQ(tree.start_line(node), 122);
      EXPECT_EQ(tree.text(node), "return total / count");
    }
    if (node.kind() == "function_definition") {
      saw_def = true;
      EXPECT_EQ(tree.start_line(node), 124);
      EXPECT_EQ(tree.end_line(node), 125);
      EXPECT_EQ(tree.text(node.field("name")), "reset");
    }
    return true;
  });
  EXPECT_TRUE(saw_return);
  EXPECT_TRUE(saw_def);
}

TEST(Fragment, ABlockCutAtItsEndStillHasItsBody) {
  const SyntaxTree tree = parse_python("        for a in rows:\n            if a:\n                go(a)\n", 7);
  EXPECT_EQ(tree.error_count() + tree.missing_count(), 0u);
  const Node loop = tree.root().named_child(0);
  ASSERT_EQ(loop.kind(), "for_statement");
  EXPECT_EQ(tree.start_line(loop), 7);
  EXPECT_EQ(tree.end_line(loop), 9);
}

TEST(Fragment, ACutStatementIsReportedAsErrors) {
  const SyntaxTree tree = parse_python("        value = compute(a,\n        b = 2\n", 7);
  EXPECT_GT(tree.error_count() + tree.missing_count(), 0u);
  const SyntaxTree orphan = parse_python("        else:\n            y = 2\n", 3);
  EXPECT_GT(orphan.error_count() + orphan.missing_count(), 0u);
}

TEST(Fragment, CppStatementsOutsideAFunctionParseWithTheirLines) {
  const SyntaxTree tree = parse_cpp("  int x = a[i];\n  out[i] = x * 2;\n", 30);
  EXPECT_EQ(tree.error_count() + tree.missing_count(), 0u);
  EXPECT_EQ(tree.start_line(tree.root().named_child(1)), 31);
}

}  // namespace
}  // namespace atom::syntax
