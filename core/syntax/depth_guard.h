// The bound on how deep the recursive walkers over a syntax tree go (core/analysis python_syntax,
// cpp_syntax). Real code nests a few dozen levels; a hostile diff can nest 20,000 parentheses, and
// recursing that deep runs out of stack (a crash natively, a trap in WebAssembly). Below the bound
// a walker reads no facts.
#pragma once

namespace atom::syntax {

inline constexpr int kMaxWalkDepth = 400;

// Counts one level of recursion while it lives: `if (DepthGuard guard(depth); guard.too_deep()) return;`
class DepthGuard {
 public:
  explicit DepthGuard(int& depth) : depth_(depth) { ++depth_; }
  ~DepthGuard() { --depth_; }
  DepthGuard(const DepthGuard&) = delete;
  DepthGuard& operator=(const DepthGuard&) = delete;
  bool too_deep() const { return depth_ > kMaxWalkDepth; }

 private:
  int& depth_;
};

}  // namespace atom::syntax
