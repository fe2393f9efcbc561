// C++/HIP code structure as far as one side of one hunk shows it (SideLines from structure.h):
// the function bodies whose header is in view, found by brace depth on stripped code.
// The function a line sits in (including one whose header is above the hunk) is
// CodeLine::function; this gives the extent of the bodies that start in view.
#pragma once
#include <string>
#include <vector>
#include "core/analysis/structure.h"

namespace atom {

struct CppFunctionBody {
  std::string name;        // as written in the header ("kernel", "Foo::run")
  size_t header = 0;       // the line with the name and its '('
  size_t open = 0;         // the line with the body's '{'
  size_t close = 0;        // the line with the matching '}' (lines.size() when not in view)
  bool complete = false;   // the closing brace is in view
};

std::vector<CppFunctionBody> cpp_function_bodies(const SideLines& lines);

}  // namespace atom
