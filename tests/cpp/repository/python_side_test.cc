#include "core/repository/python_side.h"

#include <gtest/gtest.h>

namespace atom {
namespace {

RepositoryIndex small_repository() {
  return RepositoryIndex({
      {"pkg/__init__.py", "from .ops import *\nfrom .compiled import *\nVERSION = 1\n"},
      {"pkg/ops.py", "from .impl.inner import *\n\ndef add(a, b):\n    return a + b\n"},
      {"pkg/impl/inner.py", "def deep():\n    pass\n"},
      {"pkg/dyn.py", "def __getattr__(name):\n    return name\n"},
      {"pkg/plain.py", "def only():\n    pass\n"},
      {"nsroot/sub/mod.py", "Z = 1\n"},
      {"README.md", "pkg add\n"},
      {"csrc/kernel.cu", "__global__ void add(float* x) {}\n"},
  });
}

TEST(RepositoryIndex, IndexesSourceFilesOnly) {
  const RepositoryIndex index = small_repository();
  EXPECT_EQ(index.file_count(), 7u);
  EXPECT_EQ(index.python_file_count(), 6u);
  EXPECT_FALSE(index.has_file("README.md"));
  EXPECT_TRUE(index.directories().contains("pkg/impl"));
}

TEST(RepositoryIndex, FilesMentioningAWholeWord) {
  const RepositoryIndex index = small_repository();
  EXPECT_EQ(index.files_mentioning("add"), (std::vector<std::string>{"csrc/kernel.cu", "pkg/ops.py"}));
  EXPECT_EQ(index.files_mentioning("dee"), std::vector<std::string>{});
  EXPECT_EQ(index.files_mentioning("deep"), std::vector<std::string>{"pkg/impl/inner.py"});
}

TEST(PythonSide, ResolvesThroughStarsSubmodulesAndDynamicModules) {
  const RepositoryIndex index = small_repository();
  const PythonSide side(index);
  EXPECT_EQ(side.resolve("pkg", "add"), Resolution::Resolves);       // through `from .ops import *`
  EXPECT_EQ(side.resolve("pkg", "deep"), Resolution::Resolves);      // two stars deep
  EXPECT_EQ(side.resolve("pkg", "impl"), Resolution::Resolves);      // a subpackage
  EXPECT_EQ(side.resolve("pkg.ops", "VERSION"), Resolution::NameMissing);
  EXPECT_EQ(side.resolve("pkg.plain", "gone"), Resolution::NameMissing);
  EXPECT_EQ(side.resolve("pkg.dyn", "anything"), Resolution::Resolves);
  EXPECT_EQ(side.resolve("pkg.missing", ""), Resolution::ModuleMissing);
  EXPECT_EQ(side.resolve("torch", "zeros"), Resolution::Unknown);    // not the repository's
  EXPECT_EQ(side.resolve("nsroot.sub.mod", "Z"), Resolution::Unknown);  // no package at the top
  // A star import of a module the snapshot lacks (a compiled extension) may bind anything.
  EXPECT_EQ(side.resolve("pkg", "from_compiled"), Resolution::Unknown);
}

TEST(PythonSide, ReplacedFilesChangeOnlyThatSide) {
  const RepositoryIndex index = small_repository();
  PythonSide head(index);
  head.replace("pkg/plain.py", std::string_view("def renamed():\n    pass\n"));
  head.replace("pkg/impl/inner.py", std::nullopt);
  EXPECT_EQ(head.resolve("pkg.plain", "only"), Resolution::NameMissing);
  EXPECT_EQ(head.resolve("pkg.plain", "renamed"), Resolution::Resolves);
  EXPECT_EQ(head.resolve("pkg.impl.inner", ""), Resolution::ModuleMissing);
  const PythonSide base(index);
  EXPECT_EQ(base.resolve("pkg.plain", "only"), Resolution::Resolves);
}

TEST(PythonSide, RelativeImportsClimbFromTheImporter) {
  const RepositoryIndex index = small_repository();
  const PythonSide side(index);
  PythonImport entry;
  entry.level = 1;
  entry.module = "impl.inner";
  EXPECT_EQ(side.absolute_module("pkg/ops.py", entry), "pkg.impl.inner");
  EXPECT_EQ(side.absolute_module("pkg/__init__.py", entry), "pkg.impl.inner");
  entry.level = 2;
  entry.module = "";
  EXPECT_EQ(side.absolute_module("pkg/impl/inner.py", entry), "pkg");
  entry.level = 3;
  EXPECT_EQ(side.absolute_module("pkg/ops.py", entry), "");
}

TEST(PythonModuleName, FromPaths) {
  EXPECT_EQ(python_module_name("atom/utils/envs.py"), "atom.utils.envs");
  EXPECT_EQ(python_module_name("aiter/__init__.py"), "aiter");
  EXPECT_EQ(python_module_name("op-tests/x.py"), "");
  EXPECT_EQ(python_module_name("setup.cfg"), "");
}

}  // namespace
}  // namespace atom
