// What a C/C++/CUDA/HIP syntax tree holds, as plain data with 1-based file lines: function
// definitions (with the CUDA execution-space qualifiers that were blanked before parsing),
// #define macros and kernel launches (`k<<<…>>>(…)` and `hipLaunchKernelGGL(k, …)`). Built once
// per parsed text (cpp_syntax()); FileSyntax (file_syntax.h) keeps it beside its tree.
#pragma once
#include <string>
#include <vector>

#include "core/analysis/python_syntax.h"  // LineRange
#include "core/syntax/syntax_tree.h"

namespace atom::ast {

struct CppFunction {
  std::string name;        // the last component: "run" for ns::S::run
  std::string qualified;   // enclosing namespaces and classes and the declarator: "ns::S::run"
  std::string parameters;  // the parameter list's text on one line, with its parentheses
  std::vector<std::string> qualifiers;  // blanked CUDA qualifiers before the name, e.g. "__launch_bounds__(256)"
  bool is_kernel = false;  // __global__
  bool is_device = false;  // __device__
  bool is_host = false;    // __host__
  bool is_template = false;
  int header_line = 0;     // the line of the name
  LineRange range;         // from the template/qualifiers to the closing brace
  LineRange body;
};

struct CppMacro {
  std::string name;
  bool function_like = false;
  std::string parameters;  // "(a, b)" for a function-like macro
  std::string value;       // the replacement text on one line
  int line = 0;
  LineRange range;         // continuation lines included
};

enum class CppLaunchForm { TripleChevron, HipLaunchKernelGGL };

struct CppLaunch {
  CppLaunchForm form = CppLaunchForm::TripleChevron;
  std::string kernel;                  // as named, without template arguments
  std::string config;                  // "grid, block, shmem, stream" on one line
  std::vector<std::string> arguments;  // the kernel's own arguments
  std::string function;                // qualified name of the enclosing function, "" outside any
  int line = 0;
};

struct CppSyntax {
  std::vector<CppFunction> functions;  // in source order
  std::vector<CppMacro> macros;
  std::vector<CppLaunch> launches;     // in source order
};

CppSyntax cpp_syntax(const syntax::SyntaxTree& tree);

// The innermost function holding `line`, or nullptr.
const CppFunction* function_at(const CppSyntax& syntax, int line);

}  // namespace atom::ast
