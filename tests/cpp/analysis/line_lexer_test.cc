#include "core/analysis/line_lexer.h"

#include <gtest/gtest.h>

namespace atom {
namespace {

TEST(PythonLexer, StripsCommentsButNotHashesInStrings) {
  LineLexer lexer(Language::Python);
  EXPECT_EQ(lexer.lex("x = 1  # set x").code, "x = 1");
  EXPECT_EQ(lexer.lex("url = \"a#b\"  # c").code, "url = \"\"");
  EXPECT_EQ(lexer.lex("# only a comment").code, "");
}

TEST(PythonLexer, BlanksStringContentsKeepingQuotes) {
  LineLexer lexer(Language::Python);
  EXPECT_EQ(lexer.lex("f(\"gfx942\", 'bf16', \"x\")").code, "f(\"\", '', \"\")");
  EXPECT_EQ(lexer.lex(R"(s = "it\"s" + 'a\'b')").code, "s = \"\" + ''");
}

TEST(PythonLexer, DropsStringPrefixesSoTheyDoNotReadAsNames) {
  LineLexer lexer(Language::Python);
  EXPECT_EQ(lexer.lex("logger.info(f\"pool: {f:.2f}\")").code, "logger.info(\"\")");
  EXPECT_EQ(lexer.lex("p = rb'\\d' + Rb\"x\" + u'y' + F\"{z}\"").code, "p = '' + \"\" + '' + \"\"");
  EXPECT_EQ(lexer.lex("msg = fr\"\"\"{a}\"\"\"").code, "msg = \"\"\"\"\"\"");
}

TEST(PythonLexer, KeepsNamesThatEndInPrefixLettersBeforeAQuote) {
  LineLexer lexer(Language::Python);
  EXPECT_EQ(lexer.lex("d[buf'x']").code, "d[buf'']");
  EXPECT_EQ(lexer.lex("key = (f, \"a\")").code, "key = (f, \"\")");
}

TEST(PythonLexer, TripleQuotedStringsSpanLines) {
  LineLexer lexer(Language::Python);
  const LexedLine open = lexer.lex("    \"\"\"Docstring # not a comment");
  EXPECT_EQ(open.code, "    \"\"\"");
  EXPECT_TRUE(open.in_docstring);
  const LexedLine middle = lexer.lex("    x = torch.empty(3)");
  EXPECT_EQ(middle.code, "");
  EXPECT_TRUE(middle.in_docstring);
  EXPECT_TRUE(middle.continuation);
  const LexedLine close = lexer.lex("    \"\"\"  + suffix");
  EXPECT_EQ(close.code, "  + suffix");
  const LexedLine after = lexer.lex("y = 2");
  EXPECT_EQ(after.code, "y = 2");
  EXPECT_FALSE(after.in_docstring);
  EXPECT_FALSE(after.continuation);
}

TEST(PythonLexer, OneLineDocstringIsMarked) {
  LineLexer lexer(Language::Python);
  const LexedLine doc = lexer.lex("    '''Returns x.'''");
  EXPECT_EQ(doc.code, "    ''''''");
  EXPECT_TRUE(doc.in_docstring);
  EXPECT_FALSE(lexer.lex("z = 1").in_docstring);
}

TEST(PythonLexer, OpenBracketsAndBackslashesMakeContinuations) {
  LineLexer lexer(Language::Python);
  EXPECT_FALSE(lexer.lex("out = f(a,").continuation);
  EXPECT_TRUE(lexer.lex("        b)").continuation);
  EXPECT_FALSE(lexer.lex("total = a + \\").continuation);
  EXPECT_TRUE(lexer.lex("    b").continuation);
  EXPECT_FALSE(lexer.lex("c = 3").continuation);
}

TEST(PythonLexer, UnterminatedStringDoesNotLeakToTheNextLine) {
  LineLexer lexer(Language::Python);
  EXPECT_EQ(lexer.lex("x = 'abc").code, "x = '");
  EXPECT_EQ(lexer.lex("y = 1").code, "y = 1");
}

TEST(CppLexer, StripsLineAndBlockComments) {
  LineLexer lexer(Language::Cpp);
  EXPECT_EQ(lexer.lex("int a = 1; // note").code, "int a = 1;");
  EXPECT_EQ(lexer.lex("int b /* inline */ = 2;").code, "int b   = 2;");
  const LexedLine opens = lexer.lex("int c = 3; /* starts");
  EXPECT_EQ(opens.code, "int c = 3;");
  const LexedLine inside = lexer.lex("   atomicAdd(x, 1); still comment");
  EXPECT_EQ(inside.code, "");
  EXPECT_TRUE(inside.continuation);
  EXPECT_EQ(lexer.lex("ends */ int d = 4;").code, "  int d = 4;");  // the comment leaves one space
}

TEST(CppLexer, BlanksStringsCharsAndRawStrings) {
  LineLexer lexer(Language::Cpp);
  EXPECT_EQ(lexer.lex(R"(printf("// not a comment %d", '\'');)").code, "printf(\"\", '');");
  EXPECT_EQ(lexer.lex("auto s = R\"x(a \" b)x\";").code, "auto s = R\"\";");
  EXPECT_EQ(lexer.lex("auto t = R\"(first").code, "auto t = R\"");
  EXPECT_EQ(lexer.lex("second)\"; int e;").code, "\"; int e;");
  EXPECT_EQ(lexer.lex("int n = 1'000'000;").code, "int n = 1'000'000;");
}

TEST(OtherLexer, KeepsTheTextAsIs) {
  LineLexer lexer(Language::Other);
  EXPECT_EQ(lexer.lex("# Title").code, "# Title");
}

TEST(IndentColumns, CountsTabsToEight) {
  EXPECT_EQ(indent_columns("    x"), 4);
  EXPECT_EQ(indent_columns("\tx"), 8);
  EXPECT_EQ(indent_columns("  \tx"), 8);
  EXPECT_EQ(indent_columns(""), 0);
}

}  // namespace
}  // namespace atom

namespace atom {
namespace {

TEST(StartsInsideTripleQuote, ClosingQuoteAfterProse) {
  char quote = 0;
  EXPECT_TRUE(starts_inside_triple_quote({"    Args:", "        x: the input tensor.", "    \"\"\"", "    y = x"}, quote));
  EXPECT_EQ(quote, '"');
  EXPECT_TRUE(starts_inside_triple_quote({"    the scale is fp32.'''", "    y = x"}, quote));
  EXPECT_EQ(quote, '\'');
}

// git often starts a hunk on the closing quote of a function's docstring (the header names the def).
TEST(StartsInsideTripleQuote, HunkOpeningOnTheClosingQuoteOfADocstring) {
  char quote = 0;
  EXPECT_TRUE(starts_inside_triple_quote({"    \"\"\"", "    total = 0", "    cached = 0"}, quote));
  EXPECT_EQ(quote, '"');
  EXPECT_FALSE(starts_inside_triple_quote({"    \"\"\"", "    Doc.", "    \"\"\""}, quote));
}

TEST(StartsInsideTripleQuote, OpeningQuotesAreNotClosings) {
  char quote = 0;
  EXPECT_FALSE(starts_inside_triple_quote({"def f(x):", "    \"\"\"", "    Doc.", "    \"\"\""}, quote));
  EXPECT_FALSE(starts_inside_triple_quote({"    x = \"\"\"", "text", "\"\"\""}, quote));
  EXPECT_FALSE(starts_inside_triple_quote({"    \"\"\"One line.\"\"\""}, quote));
  EXPECT_FALSE(starts_inside_triple_quote({"    \"\"\"Summary", "    more", "    \"\"\""}, quote));
  EXPECT_FALSE(starts_inside_triple_quote({"    \"\"\""}, quote)) << "nothing before it: unknown, assume code";
  EXPECT_FALSE(starts_inside_triple_quote({"x = 1", "y = 2"}, quote));
}

}  // namespace
}  // namespace atom
