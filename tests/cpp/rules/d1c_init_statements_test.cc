// How D1c reads one `__init__` statement from its syntax tree: which `self.X` it reads, which it
// assigns, and what may set attributes it cannot name.
#include "core/rules/d/d1c_init_statements.h"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

namespace atom::d1c {
namespace {

using Names = std::set<std::string>;

std::vector<Statement> statements_of(const std::string& body) {
  const std::string text = "class A:\n    def __init__(self, a, b):\n" + body;
  const syntax::SyntaxTree tree = syntax::parse_python(text);
  return statements_in(tree, 2, tree.line_count());
}

Names reads(const Statement& statement) {
  Names names;
  for (const auto& [name, line] : statement.use.first_read_line) names.insert(name);
  return names;
}

TEST(D1cStatements, TheDefItselfIsNoStatementAndEachStatementStartsItsOwnLine) {
  const auto got = statements_of("        self.a = a\n        print(\n            self.b)\n");
  ASSERT_EQ(got.size(), 2u);
  EXPECT_EQ(got[0].first_line, 3);
  EXPECT_EQ(got[1].first_line, 4);
  EXPECT_EQ(got[1].last_line, 5);
  EXPECT_EQ(got[1].use.first_read_line.at("b"), 5);  // the line of the read, not of the statement
}

TEST(D1cStatements, PureTargetsAssignAndEverythingElseReads) {
  const auto got = statements_of(
      "        self.a = self.b = a\n"
      "        self.c, (self.d, e) = b\n"
      "        self.f.g = 1\n"
      "        self.h += 1\n"
      "        self.i: int = a\n");
  ASSERT_EQ(got.size(), 5u);
  EXPECT_EQ(got[0].use.assigned, (Names{"a", "b"}));
  EXPECT_TRUE(reads(got[0]).empty());
  EXPECT_EQ(got[1].use.assigned, (Names{"c", "d"}));
  EXPECT_TRUE(got[2].use.assigned.empty());
  EXPECT_EQ(reads(got[2]), (Names{"f"}));  // `self.f.g = …` needs self.f first
  EXPECT_EQ(reads(got[3]), (Names{"h"}));
  EXPECT_EQ(got[4].use.assigned, (Names{"i"}));
}

TEST(D1cStatements, ABareAnnotationDeclaresOnly) {
  const auto got = statements_of("        self.a: int\n");
  ASSERT_EQ(got.size(), 1u);
  EXPECT_TRUE(got[0].use.assigned.empty());
  EXPECT_TRUE(reads(got[0]).empty());
}

TEST(D1cStatements, ACompoundStatementIsReadByItsHeaderAndItsBodyByItself) {
  const auto got = statements_of("        if self.a:\n            self.b = 1\n        for self.c in a:\n            pass\n");
  ASSERT_EQ(got.size(), 4u);
  EXPECT_EQ(reads(got[0]), (Names{"a"}));
  EXPECT_TRUE(got[0].use.assigned.empty());
  EXPECT_EQ(got[1].use.assigned, (Names{"b"}));
  EXPECT_EQ(got[2].use.assigned, (Names{"c"}));
}

TEST(D1cStatements, LambdasAndNestedDefsRunLater) {
  const auto got = statements_of(
      "        self.f = pick(lambda: self.a, self.b)\n"
      "        def helper():\n"
      "            return self.c\n");
  ASSERT_EQ(got.size(), 1u);
  EXPECT_EQ(reads(got[0]), (Names{"b"}));
}

TEST(D1cStatements, CallsThatMaySetAttributes) {
  const auto got = statements_of(
      "        super().__init__()\n"
      "        setattr(self, \"a\", a)\n"
      "        setattr(self, name, a)\n"
      "        init_weights(module=self)\n"
      "        self.register_buffer(\"x\", a)\n"
      "        assert hasattr(self, \"b\")\n");
  ASSERT_EQ(got.size(), 6u);
  EXPECT_TRUE(got[0].use.calls_base_init);
  EXPECT_FALSE(got[0].use.passes_self);
  EXPECT_EQ(got[1].use.assigned, (Names{"a"}));
  EXPECT_FALSE(got[1].use.opaque);
  EXPECT_TRUE(got[2].use.opaque);
  EXPECT_TRUE(got[3].use.passes_self);
  EXPECT_EQ(got[4].use.self_calls, (Names{"register_buffer"}));
  EXPECT_FALSE(got[5].use.passes_self);
}

TEST(D1cStatements, GuardsNameTheAttributesAndSeeAnExcept) {
  const std::string text =
      "class A:\n    def __init__(self):\n        if getattr(self, \"a\", None):\n            pass\n"
      "        try:\n            pass\n        except AttributeError:\n            pass\n";
  const syntax::SyntaxTree tree = syntax::parse_python(text);
  Guards guards;
  add_guards(tree, 2, tree.line_count(), guards);
  EXPECT_EQ(guards.named, (Names{"a"}));
  EXPECT_TRUE(guards.catches_attribute_error);
  Guards none;
  add_guards(tree, 2, 4, none);
  EXPECT_FALSE(none.catches_attribute_error);
}

}  // namespace
}  // namespace atom::d1c
