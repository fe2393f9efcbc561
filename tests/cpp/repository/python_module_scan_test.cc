#include "core/repository/python_module_scan.h"

#include <gtest/gtest.h>

namespace atom {
namespace {

TEST(PythonModuleScan, BindsModuleScopeNamesOnly) {
  const PythonModuleScan scan = scan_python_module(
      "import os\n"
      "X = 1\n"
      "A, (B, C) = 1, (2, 3)\n"
      "T: int = 3\n"
      "U: int\n"
      "__all__ += ['x']\n"
      "obj.attr = 4\n"
      "if os.name == 'nt':\n"
      "    WIN = True\n"
      "else:\n"
      "    def helper():\n"
      "        inner = 1\n"
      "        return inner\n"
      "class Widget(Base):\n"
      "    field = 1\n"
      "    def method(self):\n"
      "        pass\n"
      "async def fetch():\n"
      "    pass\n"
      "Y == 3\n");
  for (const char* name : {"os", "X", "A", "B", "C", "T", "__all__", "WIN", "helper", "Widget", "fetch"})
    EXPECT_TRUE(scan.bound.contains(name)) << name;
  for (const char* name : {"U", "obj", "attr", "inner", "field", "method", "Y"})
    EXPECT_FALSE(scan.bound.contains(name)) << name;
  EXPECT_FALSE(scan.open_ended);
  ASSERT_FALSE(scan.definitions.empty());
  EXPECT_EQ(scan.definitions[1], std::make_pair(std::string("X"), 2));
}

TEST(PythonModuleScan, ReadsEveryImportForm) {
  const PythonModuleScan scan = scan_python_module(
      "import a.b.c\n"
      "import a.b as ab, d\n"
      "from .sibling import (\n"
      "    one,\n"
      "    two as deux,  # a comment\n"
      ")\n"
      "from .. import parent_mod\n"
      "from x.y import *\n"
      "def f():\n"
      "    from lazy import thing\n");
  ASSERT_EQ(scan.imports.size(), 8u);
  EXPECT_EQ(scan.imports[0].module, "a.b.c");
  EXPECT_EQ(scan.imports[0].bound, "a");
  EXPECT_EQ(scan.imports[1].bound, "ab");
  EXPECT_EQ(scan.imports[2].module, "d");
  EXPECT_EQ(scan.imports[3].level, 1);
  EXPECT_EQ(scan.imports[3].module, "sibling");
  EXPECT_EQ(scan.imports[3].name, "one");
  EXPECT_EQ(scan.imports[4].name, "two");
  EXPECT_EQ(scan.imports[4].bound, "deux");
  EXPECT_EQ(scan.imports[4].line, 3);
  EXPECT_EQ(scan.imports[5].level, 2);
  EXPECT_EQ(scan.imports[5].module, "");
  EXPECT_EQ(scan.imports[5].name, "parent_mod");
  EXPECT_EQ(scan.imports[6].name, "*");
  EXPECT_TRUE(scan.imports[6].module_scope);
  EXPECT_EQ(scan.imports[7].name, "thing");
  EXPECT_FALSE(scan.imports[7].module_scope);
  EXPECT_FALSE(scan.bound.contains("thing"));
  EXPECT_TRUE(scan.bound.contains("deux"));
}

TEST(PythonModuleScan, ImportsThatMayFailAreGuarded) {
  const PythonModuleScan scan = scan_python_module(
      "try:\n"
      "    from fast import kernel\n"
      "except ImportError:\n"
      "    from slow import kernel\n"
      "try:\n"
      "    from other import x\n"
      "except ValueError:\n"
      "    pass\n"
      "if TYPE_CHECKING:\n"
      "    from typing_only import T\n"
      "from plain import y\n");
  ASSERT_EQ(scan.imports.size(), 5u);
  EXPECT_TRUE(scan.imports[0].guarded);
  EXPECT_FALSE(scan.imports[1].guarded);  // the fallback itself must work
  EXPECT_FALSE(scan.imports[2].guarded);  // ValueError does not catch an ImportError
  EXPECT_TRUE(scan.imports[3].guarded);
  EXPECT_FALSE(scan.imports[4].guarded);
}

TEST(PythonModuleScan, DynamicModulesAreOpenEnded) {
  EXPECT_TRUE(scan_python_module("def __getattr__(name):\n    return 1\n").open_ended);
  EXPECT_TRUE(scan_python_module("for n in names:\n    globals()[n] = make(n)\n").open_ended);
  EXPECT_FALSE(scan_python_module("class A:\n    def __getattr__(self, name):\n        return 1\n").open_ended);
}

TEST(PythonModuleScan, AttributeUsesOfImportedNames) {
  const PythonModuleScan scan = scan_python_module(
      "import app.utils.envs as envs\n"
      "from app import config\n"
      "\n"
      "def f(x):\n"
      "    if envs.APP_DEBUG and x.config.value:\n"
      "        return config.BLOCK.size  # config.IN_COMMENT\n"
      "    return 'config.IN_STRING'\n");
  ASSERT_EQ(scan.attribute_uses.size(), 2u);
  EXPECT_EQ(scan.attribute_uses[0].line, 5);
  EXPECT_EQ(scan.attribute_uses[0].parts, (std::vector<std::string>{"envs", "APP_DEBUG"}));
  EXPECT_EQ(scan.attribute_uses[1].parts, (std::vector<std::string>{"config", "BLOCK", "size"}));
}

TEST(PythonModuleScan, StringsAndDocstringsBindNothing) {
  const PythonModuleScan scan = scan_python_module(
      "\"\"\"Module doc.\n"
      "import fake\n"
      "X = 1\n"
      "\"\"\"\n"
      "REAL = '''\n"
      "from nowhere import y\n"
      "'''\n");
  EXPECT_TRUE(scan.imports.empty());
  EXPECT_FALSE(scan.bound.contains("X"));
  EXPECT_TRUE(scan.bound.contains("REAL"));
}

TEST(PythonModuleScan, FunctionsWithTheirParametersAndCallsOfImportedNames) {
  const PythonModuleScan scan = scan_python_module(
      "from ops import fused\n"
      "import ops as o\n"
      "\n"
      "def api(a, b=1, /, c=2, *rest, d, e=\"x\", **kw):\n"
      "    return fused(a, 2, scale=c, *rest) + o.gemm(\n"
      "        a,\n"
      "        out=b)\n"
      "@decorate\n"
      "def wrapped(x):\n"
      "    pass\n"
      "api = guard(api)\n");
  ASSERT_EQ(scan.functions.size(), 2u);
  const std::vector<PythonParameter>& p = scan.functions[0].parameters;
  ASSERT_EQ(p.size(), 7u);
  EXPECT_TRUE(p[0].positional_only && !p[0].has_default);
  EXPECT_TRUE(p[1].positional_only && p[1].has_default);
  EXPECT_EQ(p[2].kind, ParameterKind::Positional);
  EXPECT_EQ(p[3].kind, ParameterKind::VarPositional);
  EXPECT_EQ(p[4].kind, ParameterKind::KeywordOnly);
  EXPECT_FALSE(p[4].has_default);
  EXPECT_TRUE(p[5].has_default);
  EXPECT_EQ(p[6].kind, ParameterKind::VarKeyword);
  EXPECT_FALSE(scan.functions[0].decorated);
  EXPECT_TRUE(scan.functions[1].decorated);
  EXPECT_TRUE(scan.rebound.contains("api"));
  ASSERT_EQ(scan.calls.size(), 2u);
  EXPECT_EQ(scan.calls[0].callee, std::vector<std::string>{"fused"});
  EXPECT_TRUE(scan.calls[0].unpacks);
  EXPECT_EQ(scan.calls[1].callee, (std::vector<std::string>{"o", "gemm"}));
  EXPECT_EQ(scan.calls[1].positional, 1);
  EXPECT_EQ(scan.calls[1].keywords, std::vector<std::string>{"out"});
}

TEST(PythonSignatures, WhyACallRaisesTypeError) {
  PythonFunction function{"f", 1, false, parse_parameters("x, scale=1.0, *, flag")};
  PythonCall call;
  read_call_arguments("t, 2.0, flag=True", call);
  EXPECT_EQ(call_mismatch(function, call), "");
  call = {};
  read_call_arguments("t, mask=None, flag=1", call);
  EXPECT_EQ(call_mismatch(function, call), "passes `mask=`");
  call = {};
  read_call_arguments("t", call);
  EXPECT_EQ(call_mismatch(function, call), "does not pass `flag`");
  call = {};
  read_call_arguments("t, 1, 2, flag=1", call);
  EXPECT_EQ(call_mismatch(function, call), "passes 3 positional arguments");
  call = {};
  read_call_arguments("t, **extra", call);
  EXPECT_EQ(call_mismatch(function, call), "");
  function.parameters = parse_parameters("x, **kw");
  call = {};
  read_call_arguments("t, anything=1, x_eq=a == b", call);
  EXPECT_EQ(call_mismatch(function, call), "");
}

}  // namespace
}  // namespace atom
