// D1c's reading of an `__init__`'s statements from the syntax tree: per statement, which `self.X`
// it reads and which it assigns, and whatever may set attributes the text does not name.
#pragma once
#include <map>
#include <set>
#include <string>
#include <vector>

#include "core/syntax/syntax_tree.h"

namespace atom::d1c {

// `self.X` reads and assignments of one statement.
struct AttributeUse {
  std::map<std::string, int> first_read_line;  // attribute → line of its first read (not a pure target)
  std::set<std::string> assigned;              // `self.X = …` (plain, chained, tuple, annotated) and setattr(self, "X", …)
  bool opaque = false;               // may set attributes by a computed name (setattr, __dict__, vars(self), __setattr__)
  bool calls_base_init = false;      // super().__init__(…) / Base.__init__(self, …)
  bool passes_self = false;          // hands `self` to a call (`init_weights(self)`)
  std::set<std::string> self_calls;  // `self.m(…)`: a method that could set attributes, unless m is one
};

// A statement as the rule reads it: a simple statement whole, a compound one (if, for, while,
// with, except, match …) by its header only; nothing below a lambda counts (it runs later).
struct Statement {
  int first_line = 0, last_line = 0;
  AttributeUse use;
  bool leaves = false;  // a return or a yield
};

// The statements of `tree` that start on lines [first, last], in source order, outside any def,
// class or lambda that starts on those lines (the def holding line `first` is entered). A
// `self.X: T` with no value declares: it neither reads nor assigns.
std::vector<Statement> statements_in(const syntax::SyntaxTree& tree, int first, int last);

// The attributes lines [first, last] of `tree` name in `hasattr(self, "X")` / `getattr(self, "X", …)`,
// nested defs included, and whether they mention AttributeError (an `except` for it).
struct Guards {
  std::set<std::string> named;
  bool catches_attribute_error = false;
};
void add_guards(const syntax::SyntaxTree& tree, int first, int last, Guards& guards);

}  // namespace atom::d1c
