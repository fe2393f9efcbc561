// Hunks-only Python fragments that open inside a docstring (git often starts a hunk on its
// closing quotes): parse_fragment reads them as the line model does, so the code after the quotes
// is code, not the content of a string the quotes seem to open.
#include <gtest/gtest.h>

#include "tests/cpp/analysis/syntax_test_support.h"

namespace atom::testing {
namespace {

TEST(PythonFragment, AHunkOpeningOnADocstringsClosingQuotesParsesTheCodeAfterThem) {
  const ast::FileSyntax part = ast::parse_fragment(syntax::Grammar::Python,
                                                   "        the scale is per row.\n"       // 40
                                                   "        \"\"\"\n"                       // 41
                                                   "        n = getattr(self.args, \"n\", 0)\n"  // 42
                                                   "        if n == 0:\n"                  // 43
                                                   "            n = 1\n",                  // 44
                                                   40);
  EXPECT_TRUE(part.tree.clean());
  ASSERT_EQ(part.python().if_chains.size(), 1u);
  EXPECT_EQ(part.python().if_chains[0].branches[0].header_line, 43);
  const std::vector<ast::PyBinding> n = bindings_of(part.python(), "n");
  ASSERT_EQ(n.size(), 2u);
  EXPECT_EQ(n[0].line, 42);
  EXPECT_EQ(part.tree.line_count(), 5) << "the blanked tail keeps its lines";
}

TEST(PythonFragment, ADocstringTheHunkOpensIsLeftAString) {
  const ast::FileSyntax part = ast::parse_fragment(syntax::Grammar::Python,
                                                   "    def f(self):\n"                     // 10
                                                   "        \"\"\"Say what f does.\n"       // 11
                                                   "\n"                                    // 12
                                                   "        More about it.\n"               // 13
                                                   "        \"\"\"\n"                       // 14
                                                   "        return 1\n",                    // 15
                                                   10);
  EXPECT_TRUE(part.tree.clean());
  ASSERT_EQ(part.python().functions.size(), 1u);
  EXPECT_EQ(part.python().functions[0].name, "f");
  EXPECT_EQ(part.tree.text().substr(0, 8), "    def ");
}

}  // namespace
}  // namespace atom::testing
