// Python function signatures and call argument lists as the line scan reads them (string
// contents already blanked), and whether a call fits a signature: the TypeError a call raises
// when a keyword is gone, a required parameter is new, or too many arguments are passed.
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace atom {

enum class ParameterKind { Positional, KeywordOnly, VarPositional, VarKeyword };

struct PythonParameter {
  std::string name;
  ParameterKind kind = ParameterKind::Positional;
  bool has_default = false;
  bool positional_only = false;  // before a `/`
  bool operator==(const PythonParameter&) const = default;
};

// A module-scope `def`: its parameters; `decorated` defs are left alone (a decorator may change
// what the name is bound to, and so its signature).
struct PythonFunction {
  std::string name;
  int line = 0;
  bool decorated = false;
  std::vector<PythonParameter> parameters;
};

// `callee(…)` where the callee's first part is a name an import of the same file binds.
struct PythonCall {
  int line = 0;
  std::vector<std::string> callee;   // {"alias"} or {"alias", "attr", …}
  int positional = 0;
  std::vector<std::string> keywords;
  bool unpacks = false;              // `*args` or `**kwargs` in the call: anything may fit
};

// The text between the parentheses of `s` starting at `open` (an opening parenthesis), and the
// index after the closing one; npos when it does not close.
std::string_view parenthesised(std::string_view s, size_t open, size_t& after);

std::vector<PythonParameter> parse_parameters(std::string_view inside);
void read_call_arguments(std::string_view inside, PythonCall& call);

// Why `call` raises a TypeError against `function` ("passes `x=`", "does not pass `y`", "passes
// 3 positional arguments"); "" when it fits.
std::string call_mismatch(const PythonFunction& function, const PythonCall& call);

}  // namespace atom
