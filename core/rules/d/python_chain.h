// Python if/elif/else chains read from a function's new-side lines (dg_support.h): the
// branches, what each binds, and whether a branch leaves the block (return/raise/…).
#pragma once
#include <optional>
#include <set>
#include <string>
#include <vector>
#include "core/rules/d/dg_support.h"

namespace atom::dg {

struct Branch {
  size_t header = 0;            // index of the if/elif/else line in the slice
  std::string condition;        // "if x > 0", "elif mode == …", "else"
  std::set<std::string> bound;  // names bound anywhere in the branch body
  bool leaves = false;          // ends with return/raise/continue/break/sys.exit
};

struct IfChain {
  size_t first = 0;             // index of the `if` line
  size_t end = 0;               // index of the first line after the chain (== size when it runs off)
  int indent = 0;
  bool has_else = false;
  bool touched = false;         // some line of the chain is an added line
  bool complete = false;        // the chain's lines are consecutive and its end is visible
  std::vector<Branch> branches;
};

// The chain whose `if` is lines[first]; nullopt when lines[first] is not an `if` statement.
std::optional<IfChain> read_if_chain(const std::vector<const CodeLine*>& lines, size_t first);

// Whether a line is the start of a statement worth reading (not blank, comment, docstring or
// continuation).
bool is_statement_start(const CodeLine& line);

}  // namespace atom::dg
