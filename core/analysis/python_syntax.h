// What a Python syntax tree holds, as plain data with 1-based file lines: functions, classes,
// calls, every binding form, if/elif/else chains and imports. Built once per parsed text
// (python_syntax()); FileSyntax (file_syntax.h) keeps it beside its tree.
#pragma once
#include <string>
#include <vector>

#include "core/syntax/syntax_tree.h"

namespace atom::ast {

struct LineRange {
  int first = 0;  // 1-based, inclusive
  int last = 0;   // 1-based, inclusive
  bool contains(int line) const { return line >= first && line <= last; }
};

struct PyArgument {
  std::string keyword;  // "" for a positional argument
  std::string text;     // the value's source text ("*xs" / "**kw" for splats)
  int line = 0;
};

struct PyDecorator {
  std::string text;    // after '@', e.g. "torch.compile(dynamic=True)"
  std::string callee;  // the dotted name, e.g. "torch.compile"
  bool is_call = false;
  std::vector<PyArgument> arguments;
  int line = 0;
};

enum class PyParamKind { PositionalOnly, Normal, VarPositional, KeywordOnly, VarKeyword };

struct PyParameter {
  std::string name;
  PyParamKind kind = PyParamKind::Normal;
  std::string annotation;    // "" when none
  std::string default_text;  // "" when none
  bool has_default = false;
  int line = 0;
};

enum class PyNesting { ModuleLevel, Method, Nested };  // Nested: a def inside a def (a closure)

struct PyFunction {
  std::string name;
  std::string qualified;   // "Class.method", "outer.inner"
  PyNesting nesting = PyNesting::ModuleLevel;
  std::string class_name;  // the class it is a method of, "" otherwise
  bool is_async = false;
  std::vector<PyDecorator> decorators;
  std::vector<PyParameter> parameters;
  std::string return_annotation;
  int header_line = 0;     // the `def` line
  LineRange range;         // first decorator (or the def) to the body's last line
  LineRange body;
};

struct PyClass {
  std::string name;
  std::string qualified;             // "Outer.Inner"
  std::vector<std::string> bases;    // positional superclass texts
  std::vector<PyArgument> keywords;  // metaclass=… and other class keywords
  std::vector<PyDecorator> decorators;
  int header_line = 0;
  LineRange range;
};

struct PyCall {
  std::string callee;  // the called expression's text with whitespace removed, e.g. "self.model.forward"
  std::vector<PyArgument> arguments;
  std::string function;  // qualified name of the enclosing function, "" at module/class level
  int line = 0;
  LineRange range;
};

// How a name gets bound. Assignment shapes (unpacking, starring, chaining) are flags on the
// binding; `target` tells a name from an attribute or subscript store.
enum class PyBindingForm {
  Assign,         // a = …, a = b = …, a, b = …
  Augmented,      // a += …
  Annotated,      // a: T (= …)
  ForTarget,      // for a in …
  WithAs,         // with … as a
  Walrus,         // (a := …)
  ExceptAs,       // except E as a
  Import,         // import a.b (binds a), import a.b as c
  ImportFrom,     // from m import a (as c)
  Def,            // def a
  Class,          // class a
  Comprehension,  // [… for a in …]: scoped to the comprehension
  Global,         // global a
  Nonlocal,       // nonlocal a
  MatchCapture,   // case [a, *rest] / case … as a
};

enum class PyTarget { Name, Attribute, Subscript };

struct PyBinding {
  std::string name;       // the bound name; for attributes and subscripts the whole target ("self.x", "d[k]")
  std::string root;       // the leading identifier ("self", "d"); == name for a Name
  PyBindingForm form = PyBindingForm::Assign;
  PyTarget target = PyTarget::Name;
  bool unpacked = false;  // inside a tuple/list target
  bool starred = false;   // *a in an unpacking target
  bool chained = false;   // one of several targets of a = b = …
  std::string op;         // the operator of an augmented assignment ("+=")
  std::string value;      // the assigned expression's text, when one is assigned directly to this target
  std::string function;   // qualified name of the enclosing function, "" outside any
  int line = 0;
  LineRange scope;        // Comprehension: the comprehension; otherwise the enclosing function/class/module
};

struct PyBranch {
  std::string keyword;    // "if" | "elif" | "else"
  std::string condition;  // "" for else
  int header_line = 0;
  LineRange range;        // header to the body's last line
  bool terminates = false;           // the body's last statement is return/raise/continue/break
  std::vector<std::string> binds;    // names bound in the body (nested blocks too, not nested defs), sorted, unique
};

struct PyIfChain {
  std::vector<PyBranch> branches;  // if, elif…, else
  bool has_else = false;
  int depth = 0;                   // if-chains around this one within its function
  std::string function;
  LineRange range;
};

struct PyImportedName {
  std::string name;   // as written after import (dotted for `import a.b`)
  std::string alias;  // "" when none
};

struct PyImport {
  bool is_from = false;
  std::string module;  // "a.b" (for `from ..x import y`: "x"; for `import a, b` one PyImport each)
  int level = 0;       // leading dots of a relative import
  bool wildcard = false;
  std::vector<PyImportedName> names;  // for `import a.b as c`: one name "a.b" alias "c"
  int line = 0;
};

struct PythonSyntax {
  std::vector<PyFunction> functions;  // in source order
  std::vector<PyClass> classes;
  std::vector<PyCall> calls;
  std::vector<PyBinding> bindings;
  std::vector<PyIfChain> if_chains;   // outer chains before the chains nested in them
  std::vector<PyImport> imports;
};

PythonSyntax python_syntax(const syntax::SyntaxTree& tree);

// The innermost function holding `line`, or nullptr.
const PyFunction* function_at(const PythonSyntax& syntax, int line);

}  // namespace atom::ast
