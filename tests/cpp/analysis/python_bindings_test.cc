// Every binding form the structure layer reports, one test each at least.
#include <gtest/gtest.h>

#include "tests/cpp/analysis/syntax_test_support.h"

namespace atom::testing {
namespace {

using ast::PyBindingForm;
using ast::PyTarget;

TEST(PyBindings, PlainAssignment) {
  const auto file = python_file("def f():\n    total = compute(1)\n");
  const ast::PyBinding total = only_binding(file.python(), "total");
  EXPECT_EQ(total.form, PyBindingForm::Assign);
  EXPECT_EQ(total.target, PyTarget::Name);
  EXPECT_EQ(total.value, "compute(1)");
  EXPECT_EQ(total.function, "f");
  EXPECT_EQ(total.line, 2);
  EXPECT_FALSE(total.unpacked || total.starred || total.chained);
}

TEST(PyBindings, AttributeTarget) {
  const auto file = python_file("class A:\n    def __init__(self):\n        self.cache = {}\n");
  const ast::PyBinding cache = only_binding(file.python(), "self.cache");
  EXPECT_EQ(cache.target, PyTarget::Attribute);
  EXPECT_EQ(cache.root, "self");
  EXPECT_EQ(cache.function, "A.__init__");
  EXPECT_EQ(cache.line, 3);
}

TEST(PyBindings, SubscriptTarget) {
  const auto file = python_file("table[key] = value\n");
  const ast::PyBinding store = only_binding(file.python(), "table[key]");
  EXPECT_EQ(store.target, PyTarget::Subscript);
  EXPECT_EQ(store.root, "table");
  EXPECT_EQ(store.function, "");
}

TEST(PyBindings, TupleAndListUnpacking) {
  const auto file = python_file("a, (b, c) = f()\n[d, e] = g\n");
  for (const char* name : {"a", "b", "c", "d", "e"}) {
    const ast::PyBinding binding = only_binding(file.python(), name);
    EXPECT_TRUE(binding.unpacked) << name;
    EXPECT_FALSE(binding.starred) << name;
    EXPECT_EQ(binding.value, "") << name;  // no single value is assigned to one element
  }
  EXPECT_EQ(only_binding(file.python(), "d").line, 2);
}

TEST(PyBindings, StarredUnpacking) {
  const auto file = python_file("head, *rest = items\n");
  EXPECT_FALSE(only_binding(file.python(), "head").starred);
  const ast::PyBinding rest = only_binding(file.python(), "rest");
  EXPECT_TRUE(rest.starred);
  EXPECT_TRUE(rest.unpacked);
}

TEST(PyBindings, ChainedAssignment) {
  const auto file = python_file("a = b = self.c = 0\n");
  for (const char* name : {"a", "b", "self.c"}) {
    const ast::PyBinding binding = only_binding(file.python(), name);
    EXPECT_TRUE(binding.chained) << name;
    EXPECT_EQ(binding.value, "0") << name;
  }
}

TEST(PyBindings, AugmentedAssignment) {
  const auto file = python_file("count += 1\nself.n *= k\n");
  const ast::PyBinding count = only_binding(file.python(), "count");
  EXPECT_EQ(count.form, PyBindingForm::Augmented);
  EXPECT_EQ(count.op, "+=");
  EXPECT_EQ(count.value, "1");
  EXPECT_EQ(only_binding(file.python(), "self.n").op, "*=");
}

TEST(PyBindings, AnnotatedWithAndWithoutValue) {
  const auto file = python_file("x: int = 2\ny: Optional[str]\n");
  const ast::PyBinding x = only_binding(file.python(), "x");
  EXPECT_EQ(x.form, PyBindingForm::Annotated);
  EXPECT_EQ(x.value, "2");
  const ast::PyBinding y = only_binding(file.python(), "y");
  EXPECT_EQ(y.form, PyBindingForm::Annotated);
  EXPECT_EQ(y.value, "");
}

TEST(PyBindings, ForTargets) {
  const auto file = python_file("for i, (k, v) in enumerate(d.items()):\n    pass\nasync def f():\n    async for item in stream:\n        pass\n");
  for (const char* name : {"i", "k", "v"}) EXPECT_EQ(only_binding(file.python(), name).form, PyBindingForm::ForTarget);
  const ast::PyBinding item = only_binding(file.python(), "item");
  EXPECT_EQ(item.form, PyBindingForm::ForTarget);
  EXPECT_EQ(item.function, "f");
}

TEST(PyBindings, WithAs) {
  const auto file = python_file("with open(p) as fh, lock:\n    pass\nwith ctx() as (a, b):\n    pass\n");
  EXPECT_EQ(only_binding(file.python(), "fh").form, PyBindingForm::WithAs);
  EXPECT_EQ(only_binding(file.python(), "a").form, PyBindingForm::WithAs);
  EXPECT_TRUE(only_binding(file.python(), "b").unpacked);
  EXPECT_TRUE(bindings_of(file.python(), "lock").empty());
}

TEST(PyBindings, Walrus) {
  const auto file = python_file("if (n := len(xs)) > 3:\n    pass\n");
  const ast::PyBinding n = only_binding(file.python(), "n");
  EXPECT_EQ(n.form, PyBindingForm::Walrus);
  EXPECT_EQ(n.value, "len(xs)");
}

TEST(PyBindings, ExceptAs) {
  const auto file = python_file("try:\n    go()\nexcept (KeyError, ValueError) as err:\n    log(err)\nexcept* OSError as group:\n    pass\n");
  const ast::PyBinding err = only_binding(file.python(), "err");
  EXPECT_EQ(err.form, PyBindingForm::ExceptAs);
  EXPECT_EQ(err.line, 3);
  EXPECT_EQ(only_binding(file.python(), "group").form, PyBindingForm::ExceptAs);
  EXPECT_TRUE(bindings_of(file.python(), "KeyError").empty());
}

TEST(PyBindings, ImportBindsTheFirstComponentOrTheAlias) {
  const auto file = python_file("import os.path\nimport numpy as np\n");
  EXPECT_EQ(only_binding(file.python(), "os").form, PyBindingForm::Import);
  EXPECT_EQ(only_binding(file.python(), "np").form, PyBindingForm::Import);
  EXPECT_TRUE(bindings_of(file.python(), "numpy").empty());
}

TEST(PyBindings, ImportFromBindsEachNameOrItsAlias) {
  const auto file = python_file("from .ops import fused_add as add, scale\nfrom m import *\n");
  EXPECT_EQ(only_binding(file.python(), "add").form, PyBindingForm::ImportFrom);
  EXPECT_EQ(only_binding(file.python(), "scale").form, PyBindingForm::ImportFrom);
  EXPECT_TRUE(bindings_of(file.python(), "fused_add").empty());
}

TEST(PyBindings, DefAndClassNames) {
  const auto file = python_file("class Runner:\n    def step(self):\n        pass\n");
  const ast::PyBinding runner = only_binding(file.python(), "Runner");
  EXPECT_EQ(runner.form, PyBindingForm::Class);
  const ast::PyBinding step = only_binding(file.python(), "step");
  EXPECT_EQ(step.form, PyBindingForm::Def);
  EXPECT_EQ(step.line, 2);
}

TEST(PyBindings, ComprehensionVariablesAreScopedToTheComprehension) {
  const auto file = python_file("def f(rows):\n    out = [\n        x * y\n        for x, y in rows\n        if x\n    ]\n    return {k: v for k, v in out}\n");
  const ast::PyBinding x = only_binding(file.python(), "x");
  EXPECT_EQ(x.form, PyBindingForm::Comprehension);
  EXPECT_EQ(x.scope.first, 2);
  EXPECT_EQ(x.scope.last, 6);
  const ast::PyBinding k = only_binding(file.python(), "k");
  EXPECT_EQ(k.scope.first, 7);
  EXPECT_EQ(k.scope.last, 7);
  EXPECT_EQ(only_binding(file.python(), "out").scope.first, 1);  // the function's scope
}

TEST(PyBindings, GlobalAndNonlocal) {
  const auto file = python_file("def f():\n    global counter\n    def g():\n        nonlocal state\n");
  const ast::PyBinding counter = only_binding(file.python(), "counter");
  EXPECT_EQ(counter.form, PyBindingForm::Global);
  EXPECT_EQ(counter.function, "f");
  const ast::PyBinding state = only_binding(file.python(), "state");
  EXPECT_EQ(state.form, PyBindingForm::Nonlocal);
  EXPECT_EQ(state.function, "f.g");
}

TEST(PyBindings, SimpleMatchCaptures) {
  const auto file = python_file(
      "match command:\n"
      "    case [first, *rest]:\n"
      "        pass\n"
      "    case Point(x=0, y=yy) as point:\n"
      "        pass\n"
      "    case {\"k\": value, **others}:\n"
      "        pass\n"
      "    case Color.RED | _:\n"
      "        pass\n");
  for (const char* name : {"first", "rest", "yy", "point", "value", "others"})
    EXPECT_EQ(only_binding(file.python(), name).form, PyBindingForm::MatchCapture) << name;
  for (const char* name : {"Point", "x", "y", "Color", "Color.RED", "RED", "_"})
    EXPECT_TRUE(bindings_of(file.python(), name).empty()) << name;
}

}  // namespace
}  // namespace atom::testing
