// What one Python file offers and asks of the rest of the repository, read by a line scan (no
// parse: the index scans every file of a snapshot, ~100 MB/s where tree-sitter parses ~5 MB/s):
// the names it binds at module scope, the modules it imports, and the dotted uses of imported
// modules (`envs.ATOM_X`, `aiter.ops.foo(`), the module's functions with their parameters and
// the calls it makes of what it imports. Best effort, never a throw.
#pragma once
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/repository/python_signatures.h"

namespace atom {

struct PythonImport {
  int line = 0;            // 1-based, the statement's first line
  int level = 0;           // leading dots of a relative import (`from ..x import y`: 2)
  std::string module;      // dotted, without the dots: `from ..x.y import z` → "x.y"; `import a.b` → "a.b"
  std::string name;        // `from M import name`: "name"; "*" for a star import; "" for `import M`
  std::string bound;       // the local name it binds: the alias, the name, or `import a.b`'s "a"
  bool module_scope = false;  // runs at import time (module level, also inside a top-level if/try)
  // Inside a try whose except catches ImportError (or a broader class), or under `if TYPE_CHECKING:`:
  // a failure there is expected or never runs.
  bool guarded = false;
};

// `alias.attr[.attr…]` where `alias` is a name an import of the same file binds: a use of an
// imported module's attribute. `parts` holds the alias first.
struct PythonAttributeUse {
  int line = 0;
  std::vector<std::string> parts;
};

// A module-scope class: its bases as written (`Base`, `mod.Base`) and the methods its body defines.
struct PythonClass {
  std::string name;
  int line = 0;
  std::vector<std::string> bases;
  std::vector<std::pair<std::string, int>> methods;  // name, line
};

struct PythonModuleScan {
  std::set<std::string> bound;          // names bound at module scope (defs, classes, assignments, imports)
  std::set<std::string> rebound;        // of those, the ones bound more than once (`f = wrap(f)`)
  std::vector<std::pair<std::string, int>> definitions;  // module-scope def/class/assignment: name, line (first one)
  std::vector<PythonImport> imports;    // every import statement, in file order, one entry per name
  std::vector<PythonAttributeUse> attribute_uses;
  std::vector<PythonFunction> functions;  // module-scope defs, with their parameters
  std::vector<PythonCall> calls;          // calls of imported names and their attributes
  std::vector<PythonClass> classes;       // module-scope classes
  // Names can appear in ways a scan cannot list: a module `__getattr__`, `globals()[…] =`,
  // `sys.modules[__name__]`, `exec(`. Such a module is taken to define every name.
  bool open_ended = false;
};

PythonModuleScan scan_python_module(std::string_view text);

}  // namespace atom
