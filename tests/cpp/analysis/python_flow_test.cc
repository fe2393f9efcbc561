// The definitely-bound analysis behind D1b (core/analysis/python_flow.h): which reads of a name an
// if/elif chain bound on some paths only are certain from the code, and which a correlated
// condition may decide.
#include "core/analysis/python_flow.h"

#include <gtest/gtest.h>

#include "tests/cpp/analysis/syntax_test_support.h"

namespace atom::testing {
namespace {

// "name@read_line" for every read the analysis reports in the file's first function.
std::vector<std::string> reads(const std::string& source) {
  const ast::FileSyntax file = python_file(source);
  std::vector<std::string> out;
  syntax::Node function;
  syntax::walk(file.tree.root(), [&](syntax::Node node) {
    if (function.null() && node.kind() == "function_definition") function = node;
    return function.null();
  });
  for (const ast::PyUnboundRead& read : ast::unbound_reads_after_partial_binding(file.tree, function))
    out.push_back(read.name + "@" + std::to_string(read.read_line));
  return out;
}

using Reads = std::vector<std::string>;

TEST(PythonFlow, ElifWithoutElseLeavesTheNameUnbound) {
  const std::string source =
      "def f(q):\n"
      "    if q == 1:\n"
      "        g = a\n"
      "    elif q == 2:\n"
      "        g = b\n"
      "    return g(q)\n";
  EXPECT_EQ(reads(source), Reads{"g@6"});
  const ast::FileSyntax file = python_file(source);
  syntax::Node function = file.tree.root().named_child(0);
  const auto found = ast::unbound_reads_after_partial_binding(file.tree, function);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_TRUE(found[0].missing_else);
  EXPECT_EQ(found[0].chain_line, 2);
  EXPECT_EQ(found[0].skipping_line, 2);
  EXPECT_EQ(found[0].chain.last, 5);
}

TEST(PythonFlow, NamesTheBranchThatFallsThrough) {
  const std::string source =
      "def f(q):\n"
      "    if q:\n"
      "        g = a\n"
      "    else:\n"
      "        log(q)\n"
      "    g()\n";
  const ast::FileSyntax file = python_file(source);
  const auto found = ast::unbound_reads_after_partial_binding(file.tree, file.tree.root().named_child(0));
  ASSERT_EQ(found.size(), 1u);
  EXPECT_FALSE(found[0].missing_else);
  EXPECT_EQ(found[0].skipping_keyword, "else");
  EXPECT_EQ(found[0].skipping_line, 4);
}

TEST(PythonFlow, EveryBindingFormBeforeOrInEveryBranchBinds) {
  EXPECT_EQ(reads("def f(g):\n    if c:\n        g = 1\n    g()\n"), Reads{}) << "a parameter";
  EXPECT_EQ(reads("def f():\n    g = 0\n    if c:\n        g = 1\n    g()\n"), Reads{}) << "a default";
  EXPECT_EQ(reads("def f():\n    if c:\n        g, h = 1, 2\n    else:\n        (g, *h) = xs\n    g(h)\n"), Reads{})
      << "tuple and starred unpacking";
  EXPECT_EQ(reads("def f():\n    for g in xs:\n        pass\n    if c:\n        g = 1\n    g()\n"), Reads{})
      << "a for target";
  EXPECT_EQ(reads("def f():\n    with open(p) as g:\n        pass\n    if c:\n        g = 1\n    g()\n"), Reads{})
      << "with … as";
  EXPECT_EQ(reads("def f():\n    if (g := h()):\n        g = 1\n    g()\n"), Reads{}) << "a walrus in the condition";
  EXPECT_EQ(reads("def f():\n    import g\n    if c:\n        g = 1\n    g()\n"), Reads{}) << "an import";
  EXPECT_EQ(reads("def f():\n    if c:\n        g = 1\n    else:\n        def g(): pass\n    g()\n"), Reads{})
      << "a nested def";
  EXPECT_EQ(reads("def f():\n    global g\n    if c:\n        g = 1\n    g()\n"), Reads{}) << "global";
  EXPECT_EQ(reads("def f():\n    if c:\n        g += 1\n    g()\n"), Reads{})
      << "an augmented assignment reads first: the name already had a value";
}

TEST(PythonFlow, AnAnnotationAloneBindsNothing) {
  EXPECT_EQ(reads("def f():\n    g: int\n    if c:\n        g = 1\n    print(g)\n"), Reads{"g@5"});
}

TEST(PythonFlow, ExitingBranchesCarryNothingPastTheChain) {
  EXPECT_EQ(reads("def f():\n    if c:\n        g = 1\n    else:\n        raise ValueError(c)\n    g()\n"), Reads{});
  EXPECT_EQ(reads("def f():\n    if c:\n        g = 1\n    elif d:\n        return\n    else:\n        sys.exit(1)\n    g()\n"),
            Reads{});
}

TEST(PythonFlow, TwoChainsOnTheSameConditionDecideTogether) {
  EXPECT_EQ(reads("def f(m):\n    if m == 2:\n        end = 2\n    if m == 1:\n        end = 1\n    else:\n        pass\n"
                  "    use(end)\n"),
            Reads{});
  EXPECT_EQ(reads("def f(m, n):\n    if m == 2:\n        end = 2\n    if n == 1:\n        end = 1\n    else:\n        pass\n"
                  "    use(end)\n"),
            Reads{"end@8"})
      << "unrelated conditions";
}

TEST(PythonFlow, AssertFalseEndsThePath) {
  EXPECT_EQ(reads("def f():\n    if c:\n        g = 1\n    else:\n        assert False, \"unsupported\"\n    g()\n"), Reads{});
}

TEST(PythonFlow, EachNameNamesItsOwnSkippingBranch) {
  const std::string source =
      "def f(m):\n"
      "    if m == 1:\n"
      "        end = 1\n"
      "    else:\n"
      "        aux = 2\n"
      "    use(aux, end)\n";
  const ast::FileSyntax file = python_file(source);
  const auto found = ast::unbound_reads_after_partial_binding(file.tree, file.tree.root().named_child(0));
  ASSERT_EQ(found.size(), 2u);
  for (const ast::PyUnboundRead& read : found)
    EXPECT_EQ(read.skipping_line, read.name == "aux" ? 2 : 4) << read.name;
}

TEST(PythonFlow, ReadsACorrelatedConditionMayDecideAreNotReported) {
  EXPECT_EQ(reads("def f():\n    t = False\n    if c:\n        g = 1\n        t = True\n    if t:\n        g()\n"), Reads{})
      << "under a later if";
  EXPECT_EQ(reads("def f():\n    if c:\n        g = 1\n        t = True\n    if t:\n        g()\n"), Reads{"t@5"})
      << "the flag itself is read unbound in the later condition";
  EXPECT_EQ(reads("def f():\n    if c:\n        k = 1\n    return k if c else 0\n"), Reads{}) << "conditional expression";
  EXPECT_EQ(reads("def f():\n    if c:\n        k = 1\n    return c and k\n"), Reads{}) << "and/or operand";
  EXPECT_EQ(reads("def f():\n    if c:\n        k = 1\n    return [k for _ in xs]\n"), Reads{}) << "comprehension";
  EXPECT_EQ(reads("def f():\n    if c:\n        k = 1\n    return lambda: k\n"), Reads{}) << "lambda";
  EXPECT_EQ(reads("def f():\n    if c:\n        k = 1\n    for x in xs:\n        k(x)\n"), Reads{}) << "loop body";
  EXPECT_EQ(reads("def f():\n    if c:\n        k = 1\n    if not c:\n        return\n    k()\n"), Reads{})
      << "an exit guard on the chain's condition";
}

TEST(PythonFlow, AnUnrelatedGuardDoesNotExcuseTheRead) {
  EXPECT_EQ(reads("def f(x):\n    if c:\n        k = 1\n    if x is None:\n        return\n    k()\n"), Reads{"k@6"});
}

TEST(PythonFlow, AChainInsideALoopMayCarryStateAcrossIterations) {
  EXPECT_EQ(reads("def f():\n    for i, x in enumerate(xs):\n        if i == 0:\n            first = x\n        use(first)\n"),
            Reads{});
}

TEST(PythonFlow, AMissingElseIsExcusedWhenTheConditionWasValidatedBefore) {
  EXPECT_EQ(reads("def f(m):\n    assert m in ('a', 'b')\n    if m == 'a':\n        k = 1\n    elif m == 'b':\n"
                  "        k = 2\n    k()\n"),
            Reads{});
  EXPECT_EQ(reads("def f(m):\n    if m not in MODES:\n        raise ValueError(m)\n    if m == 'a':\n        k = 1\n"
                  "    elif m == 'b':\n        k = 2\n    k()\n"),
            Reads{});
  EXPECT_EQ(reads("def f(m):\n    assert m in ('a', 'b')\n    if m == 'a':\n        k = 1\n    else:\n        log(m)\n    k()\n"),
            Reads{"k@7"})
      << "an explicit else that forgets it is not excused";
}

TEST(PythonFlow, FStringPrefixIsNoRead) {
  EXPECT_EQ(reads("def f():\n    if c:\n        f = 1\n    print(f\"{c}\")\n"), Reads{});
  EXPECT_EQ(reads("def f():\n    if c:\n        v = 1\n    print(f\"{v}\")\n"), Reads{"v@4"}) << "a read inside {}";
}

TEST(PythonFlow, NestedChainsReportOncePerChain) {
  EXPECT_EQ(reads("def f():\n    if a:\n        if b:\n            k = 1\n        k()\n    k()\n    k()\n"),
            (Reads{"k@5", "k@6"}));
}

TEST(PythonFlow, TryHandlersThatBindCount) {
  EXPECT_EQ(reads("def f():\n    try:\n        if c:\n            k = 1\n    except E:\n        k = 2\n    k()\n"), Reads{});
  EXPECT_EQ(reads("def f():\n    try:\n        if c:\n            k = 1\n    except E:\n        pass\n    k()\n"),
            Reads{"k@7"});
}

TEST(PythonFlow, DelUnbindsAndAParseErrorSilences) {
  EXPECT_EQ(reads("def f():\n    k = 0\n    if c:\n        del k\n    k()\n"), Reads{"k@5"})
      << "del in one branch unbinds it on that path";
  EXPECT_EQ(reads("def f():\n    if c:\n        k = (1\n    k()\n"), Reads{});
}

TEST(PythonFlow, HostileNestingIsAbandonedNotFollowed) {
  std::string source = "def f():\n";
  for (int depth = 1; depth <= 400; ++depth) source += std::string(depth * 4, ' ') + "if x:\n";
  source += std::string(401 * 4, ' ') + "k = 1\n    k()\n";
  EXPECT_EQ(reads(source), Reads{});
}

}  // namespace
}  // namespace atom::testing
