// B5r's question to the repository: which Python imports, module-attribute uses and calls of
// module functions work at the PR's base and not at its head. Answers with data; the rule words
// and places the findings.
#pragma once
#include <string>
#include <vector>

#include "core/analysis/review_model.h"

namespace atom::b5r {

struct UseSite {
  std::string path;
  int line = 0;
  bool production = false;   // not a test, benchmark or example
  bool import_time = false;  // an import at module scope: the module fails to load
  std::string mismatch;      // a call: why it raises TypeError ("passes `x=`", "does not pass `y`")
};

struct BrokenReference {
  std::string module;        // absolute dotted module
  std::string name;          // "" when the module itself is missing; for a call, the function
  bool module_missing = false;
  // A call of the function `module.name` whose arguments its signature no longer takes (a TypeError).
  bool call = false;
  // A use the PR wrote (a new import or attribute use): where it is.
  bool new_use = false;
  const FileView* file = nullptr;  // new use: its file; else the file that lost the name (nullptr: none in the diff)
  int line = 0;                    // new use: its head line; else the removed definition's base line (0: the file)
  std::vector<UseSite> users;      // uses at the head that resolved at the base, production first
};

// Empty without a repository, or when a touched Python file is not reviewed whole (its sides unknown).
std::vector<BrokenReference> broken_references(const ReviewModel& model);

}  // namespace atom::b5r
