// Which function each line of a hunk sits in, one tracker per side of a hunk.
//
// Python: a scope stack of def/class lines by indentation, seeded from the hunk header's
// section text (git puts the nearest "def foo(" / "class X:" line there). A method is named
// "Class.method" when its class is known (seen in the hunk or in the section), nested defs
// "Class.method.inner"; class bodies outside any def are "" like module level.
// C++/HIP: function headers and class/struct scopes found by brace depth within the hunk,
// seeded from the section ("__global__ void kernel(" → "kernel"); methods are "Class::method"
// when the class is known. The section's function is assumed to last until a '}' in column 0.
#pragma once
#include <string>
#include <string_view>
#include <vector>
#include "core/analysis/review_model.h"

namespace atom {

class FunctionTracker {
 public:
  FunctionTracker(Language language, std::string_view section);
  // Feeds the next line of this side (in order); returns its enclosing function.
  std::string observe(const CodeLine& line);

 private:
  struct Scope {
    std::string name;
    bool is_function = false;
    int level = 0;  // Python: indent of the header; C++: brace depth outside the scope's '{'
  };
  std::string observe_python(const CodeLine& line);
  std::string observe_cpp(const CodeLine& line);
  std::string current_python() const;
  std::string current_cpp() const;

  Language language_;
  std::vector<Scope> scopes_;
  // Python only: current_python() of scopes_ as they stand, kept until they change (most lines
  // neither open nor close a scope).
  std::string python_function_;
  // C++ only
  std::string section_function_;       // from the hunk header, until a column-0 '}'
  std::string section_class_;
  int depth_ = 0;                      // brace depth relative to the top of the hunk
  std::string pending_name_;           // a header seen, waiting for its '{'
  bool pending_is_function_ = false;
  int pending_paren_ = 0;
};

// The name a C++ section/header line declares as a function ("" when it is not a header):
// the identifier before the first '(' unless that is a control keyword; attributes such as
// __launch_bounds__(256) are skipped.
std::string cpp_function_name(std::string_view code);

}  // namespace atom
