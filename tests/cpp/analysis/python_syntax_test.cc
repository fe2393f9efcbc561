// Functions, classes, calls, if/elif/else chains and imports from Python trees.
#include <gtest/gtest.h>

#include "tests/cpp/analysis/syntax_test_support.h"

namespace atom::testing {
namespace {

using ast::PyNesting;
using ast::PyParamKind;

constexpr const char* kModule =
    "import torch\n"                                              // 1
    "\n"                                                          // 2
    "@torch.compile(dynamic=True, fullgraph=False)\n"             // 3
    "@staticmethod\n"                                             // 4
    "async def run(a, b: int, /, c=1, d: str = \"x\", *args: int, e, f=2, **kw) -> None:\n"  // 5
    "    def helper(*, g):\n"                                     // 6
    "        return g\n"                                          // 7
    "    return helper(g=a)\n"                                    // 8
    "\n"                                                          // 9
    "class Runner(Base, metaclass=Meta):\n"                       // 10
    "    @property\n"                                             // 11
    "    def size(self):\n"                                       // 12
    "        return self.model.forward(\n"                        // 13
    "            x,\n"                                            // 14
    "            scale=2.0,\n"                                    // 15
    "        )\n"                                                 // 16
    "\n"                                                          // 17
    "    class Inner:\n"                                          // 18
    "        def deep(self):\n"                                   // 19
    "            pass\n";                                         // 20

TEST(PyFunctions, NestingQualifiedNamesAndRanges) {
  const auto file = python_file(kModule);
  ASSERT_EQ(file.error_count(), 0u);
  const ast::PyFunction* run = named(file.python().functions, "run");
  ASSERT_NE(run, nullptr);
  EXPECT_EQ(run->nesting, PyNesting::ModuleLevel);
  EXPECT_TRUE(run->is_async);
  EXPECT_EQ(run->header_line, 5);
  EXPECT_EQ(run->range.first, 3);
  EXPECT_EQ(run->range.last, 8);
  EXPECT_EQ(run->body.first, 6);
  EXPECT_EQ(run->return_annotation, "None");

  const ast::PyFunction* helper = named(file.python().functions, "run.helper");
  ASSERT_NE(helper, nullptr);
  EXPECT_EQ(helper->nesting, PyNesting::Nested);
  EXPECT_EQ(helper->class_name, "");

  const ast::PyFunction* size = named(file.python().functions, "Runner.size");
  ASSERT_NE(size, nullptr);
  EXPECT_EQ(size->nesting, PyNesting::Method);
  EXPECT_EQ(size->class_name, "Runner");
  EXPECT_FALSE(size->is_async);

  const ast::PyFunction* deep = named(file.python().functions, "Runner.Inner.deep");
  ASSERT_NE(deep, nullptr);
  EXPECT_EQ(deep->nesting, PyNesting::Method);
  EXPECT_EQ(deep->class_name, "Inner");

  EXPECT_EQ(ast::function_at(file.python(), 7), helper);
  EXPECT_EQ(ast::function_at(file.python(), 8), run);
  EXPECT_EQ(ast::function_at(file.python(), 9), nullptr);
}

TEST(PyFunctions, DecoratorsWithTheirCallsAndArguments) {
  const auto file = python_file(kModule);
  const ast::PyFunction* run = named(file.python().functions, "run");
  ASSERT_NE(run, nullptr);
  ASSERT_EQ(run->decorators.size(), 2u);
  const ast::PyDecorator& compile = run->decorators[0];
  EXPECT_EQ(compile.text, "torch.compile(dynamic=True, fullgraph=False)");
  EXPECT_EQ(compile.callee, "torch.compile");
  EXPECT_TRUE(compile.is_call);
  EXPECT_EQ(compile.line, 3);
  ASSERT_EQ(compile.arguments.size(), 2u);
  EXPECT_EQ(compile.arguments[0].keyword, "dynamic");
  EXPECT_EQ(compile.arguments[0].text, "True");
  const ast::PyDecorator& plain = run->decorators[1];
  EXPECT_EQ(plain.callee, "staticmethod");
  EXPECT_FALSE(plain.is_call);
  EXPECT_TRUE(plain.arguments.empty());
  EXPECT_EQ(named(file.python().functions, "Runner.size")->decorators[0].callee, "property");
}

TEST(PyFunctions, ParametersOfEveryKind) {
  const auto file = python_file(kModule);
  const ast::PyFunction* run = named(file.python().functions, "run");
  ASSERT_NE(run, nullptr);
  const std::vector<ast::PyParameter>& p = run->parameters;
  ASSERT_EQ(p.size(), 8u);
  const std::vector<std::string> names = {"a", "b", "c", "d", "args", "e", "f", "kw"};
  const std::vector<PyParamKind> kinds = {PyParamKind::PositionalOnly, PyParamKind::PositionalOnly,
                                          PyParamKind::Normal,         PyParamKind::Normal,
                                          PyParamKind::VarPositional,  PyParamKind::KeywordOnly,
                                          PyParamKind::KeywordOnly,    PyParamKind::VarKeyword};
  for (size_t i = 0; i < p.size(); ++i) {
    EXPECT_EQ(p[i].name, names[i]);
    EXPECT_EQ(p[i].kind, kinds[i]) << names[i];
  }
  EXPECT_EQ(p[1].annotation, "int");
  EXPECT_FALSE(p[1].has_default);
  EXPECT_EQ(p[2].default_text, "1");
  EXPECT_EQ(p[3].annotation, "str");
  EXPECT_EQ(p[3].default_text, "\"x\"");
  EXPECT_EQ(p[4].annotation, "int");
  EXPECT_EQ(p[6].default_text, "2");
  const ast::PyFunction* helper = named(file.python().functions, "run.helper");
  ASSERT_EQ(helper->parameters.size(), 1u);
  EXPECT_EQ(helper->parameters[0].kind, PyParamKind::KeywordOnly);
}

TEST(PyClasses, BasesKeywordsAndRange) {
  const auto file = python_file(kModule);
  const ast::PyClass* runner = named(file.python().classes, "Runner");
  ASSERT_NE(runner, nullptr);
  EXPECT_EQ(runner->bases, (std::vector<std::string>{"Base"}));
  ASSERT_EQ(runner->keywords.size(), 1u);
  EXPECT_EQ(runner->keywords[0].keyword, "metaclass");
  EXPECT_EQ(runner->keywords[0].text, "Meta");
  EXPECT_EQ(runner->range.first, 10);
  EXPECT_EQ(runner->range.last, 20);
  ASSERT_NE(named(file.python().classes, "Runner.Inner"), nullptr);
}

TEST(PyCalls, CalleeKeywordArgumentsLinesAndTheEnclosingFunction) {
  const auto file = python_file(kModule);
  const ast::PyCall* forward = nullptr;
  for (const ast::PyCall& call : file.python().calls)
    if (call.callee == "self.model.forward") forward = &call;
  ASSERT_NE(forward, nullptr);
  EXPECT_EQ(forward->function, "Runner.size");
  EXPECT_EQ(forward->line, 13);
  EXPECT_EQ(forward->range.last, 16);
  ASSERT_EQ(forward->arguments.size(), 2u);
  EXPECT_EQ(forward->arguments[0].keyword, "");
  EXPECT_EQ(forward->arguments[0].text, "x");
  EXPECT_EQ(forward->arguments[0].line, 14);
  EXPECT_EQ(forward->arguments[1].keyword, "scale");
  EXPECT_EQ(forward->arguments[1].text, "2.0");
  EXPECT_EQ(forward->arguments[1].line, 15);

  const ast::PyCall* helper = nullptr;
  for (const ast::PyCall& call : file.python().calls)
    if (call.callee == "helper") helper = &call;
  ASSERT_NE(helper, nullptr);
  EXPECT_EQ(helper->function, "run");
  ASSERT_EQ(helper->arguments.size(), 1u);
  EXPECT_EQ(helper->arguments[0].keyword, "g");
}

TEST(PyCalls, NestedCallsSplatsAndMultiLineCallees) {
  const auto file = python_file("out = outer(inner(1), *xs, **kw)\nres = (obj\n       .method)(y for y in z)\n");
  std::vector<std::string> callees;
  for (const ast::PyCall& call : file.python().calls) callees.push_back(call.callee);
  EXPECT_EQ(callees, (std::vector<std::string>{"outer", "inner", "(obj.method)"}));
  EXPECT_EQ(file.python().calls[0].arguments.size(), 3u);
  EXPECT_EQ(file.python().calls[0].arguments[1].text, "*xs");
  EXPECT_EQ(file.python().calls[0].arguments[2].text, "**kw");
  ASSERT_EQ(file.python().calls[2].arguments.size(), 1u);
  EXPECT_EQ(file.python().calls[2].arguments[0].text, "(y for y in z)");
}

TEST(PyImports, ModulesNamesAliasesAndRelativeLevels) {
  const auto file = python_file(
      "import os.path, numpy as np\n"
      "from ..layers.linear import (Linear as L,\n"
      "                             Col)\n"
      "from . import utils\n"
      "from aiter import *\n");
  const auto& imports = file.python().imports;
  ASSERT_EQ(imports.size(), 5u);
  EXPECT_EQ(imports[0].module, "os.path");
  EXPECT_FALSE(imports[0].is_from);
  EXPECT_EQ(imports[1].module, "numpy");
  EXPECT_EQ(imports[1].names[0].alias, "np");
  EXPECT_EQ(imports[2].module, "layers.linear");
  EXPECT_EQ(imports[2].level, 2);
  ASSERT_EQ(imports[2].names.size(), 2u);
  EXPECT_EQ(imports[2].names[0].name, "Linear");
  EXPECT_EQ(imports[2].names[0].alias, "L");
  EXPECT_EQ(imports[2].names[1].name, "Col");
  EXPECT_EQ(imports[2].line, 2);
  EXPECT_EQ(imports[3].module, "");
  EXPECT_EQ(imports[3].level, 1);
  EXPECT_EQ(imports[3].names[0].name, "utils");
  EXPECT_TRUE(imports[4].wildcard);
  EXPECT_TRUE(imports[4].names.empty());
}

constexpr const char* kChains =
    "def pick(kind, items):\n"                      // 1
    "    if kind == 'a':\n"                         // 2
    "        mode = 1\n"                            // 3
    "    elif kind == 'b':\n"                       // 4
    "        for item in items:\n"                  // 5
    "            if item:\n"                        // 6
    "                continue\n"                    // 7
    "        mode = 2\n"                            // 8
    "    elif (kind ==\n"                           // 9
    "          'c'):\n"                             // 10
    "        raise ValueError(kind)\n"              // 11
    "    else:\n"                                   // 12
    "        def local():\n"                        // 13
    "            hidden = 1\n"                      // 14
    "        return None  # done\n"                 // 15
    "    if mode:\n"                                // 16
    "        pass\n";                               // 17

TEST(PyIfChains, BranchesConditionsRangesAndTerminators) {
  const auto file = python_file(kChains);
  ASSERT_EQ(file.error_count(), 0u);
  ASSERT_EQ(file.python().if_chains.size(), 3u);
  const ast::PyIfChain& chain = file.python().if_chains[0];
  EXPECT_TRUE(chain.has_else);
  EXPECT_EQ(chain.depth, 0);
  EXPECT_EQ(chain.function, "pick");
  EXPECT_EQ(chain.range.first, 2);
  EXPECT_EQ(chain.range.last, 15);
  ASSERT_EQ(chain.branches.size(), 4u);
  const auto& b = chain.branches;
  EXPECT_EQ(b[0].keyword, "if");
  EXPECT_EQ(b[0].condition, "kind == 'a'");
  EXPECT_EQ(b[0].range.first, 2);
  EXPECT_EQ(b[0].range.last, 3);
  EXPECT_FALSE(b[0].terminates);
  EXPECT_EQ(b[1].keyword, "elif");
  EXPECT_EQ(b[1].range.first, 4);
  EXPECT_EQ(b[1].range.last, 8);
  EXPECT_FALSE(b[1].terminates);  // the nested continue does not end the branch
  EXPECT_EQ(b[2].condition, "(kind == 'c')");
  EXPECT_EQ(b[2].header_line, 9);
  EXPECT_TRUE(b[2].terminates);
  EXPECT_EQ(b[3].keyword, "else");
  EXPECT_EQ(b[3].condition, "");
  EXPECT_TRUE(b[3].terminates);  // a trailing comment does not hide the return
}

TEST(PyIfChains, NamesEachBranchBindsAndNesting) {
  const auto file = python_file(kChains);
  ASSERT_EQ(file.python().if_chains.size(), 3u);
  const auto& b = file.python().if_chains[0].branches;
  EXPECT_EQ(b[0].binds, (std::vector<std::string>{"mode"}));
  EXPECT_EQ(b[1].binds, (std::vector<std::string>{"item", "mode"}));
  EXPECT_TRUE(b[2].binds.empty());
  EXPECT_EQ(b[3].binds, (std::vector<std::string>{"local"}));  // not `hidden`, bound inside local()

  const ast::PyIfChain& nested = file.python().if_chains[1];
  EXPECT_EQ(nested.depth, 1);
  EXPECT_FALSE(nested.has_else);
  EXPECT_EQ(nested.range.first, 6);
  EXPECT_TRUE(nested.branches[0].terminates);

  const ast::PyIfChain& after = file.python().if_chains[2];
  EXPECT_EQ(after.depth, 0);
  EXPECT_EQ(after.range.first, 16);
  EXPECT_EQ(after.branches.size(), 1u);
}

TEST(PyIfChains, AnIfInsideElseIsItsOwnChain) {
  const auto file = python_file("if a:\n    x = 1\nelse:\n    if b:\n        y = 2\n    else:\n        y = 3\n");
  ASSERT_EQ(file.python().if_chains.size(), 2u);
  EXPECT_EQ(file.python().if_chains[0].branches.size(), 2u);
  EXPECT_EQ(file.python().if_chains[0].branches[1].binds, (std::vector<std::string>{"y"}));
  EXPECT_EQ(file.python().if_chains[1].depth, 1);
  EXPECT_TRUE(file.python().if_chains[1].has_else);
}

}  // namespace
}  // namespace atom::testing
