// Parses source text into a FileSyntax for the structure-layer tests and finds items by name.
#pragma once
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/analysis/file_syntax.h"

namespace atom::testing {

inline ast::FileSyntax python_file(std::string text) { return ast::parse_file(syntax::Grammar::Python, std::move(text)); }
inline ast::FileSyntax cpp_file(std::string text) { return ast::parse_file(syntax::Grammar::Cpp, std::move(text)); }

// Every binding of `name` (the whole target text for attributes and subscripts).
inline std::vector<ast::PyBinding> bindings_of(const ast::PythonSyntax& syntax, const std::string& name) {
  std::vector<ast::PyBinding> out;
  for (const ast::PyBinding& binding : syntax.bindings)
    if (binding.name == name) out.push_back(binding);
  return out;
}

// The only binding of `name`; fails the test when there is not exactly one.
inline ast::PyBinding only_binding(const ast::PythonSyntax& syntax, const std::string& name) {
  const std::vector<ast::PyBinding> found = bindings_of(syntax, name);
  EXPECT_EQ(found.size(), 1u) << "bindings of " << name;
  return found.empty() ? ast::PyBinding{} : found[0];
}

template <typename Item>
const Item* named(const std::vector<Item>& items, const std::string& qualified) {
  for (const Item& item : items)
    if (item.qualified == qualified) return &item;
  return nullptr;
}

}  // namespace atom::testing
