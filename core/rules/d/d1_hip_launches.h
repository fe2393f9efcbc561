// D1's reading of C++/HIP hunks: `__global__` kernels whose body is in view (their parameters and
// the parameters they apply an atomic to), and in host code the uninitialised allocations
// (`AiterTensor::empty`, `torch::empty`, `at::empty_like` …) with the `<<<…>>>` and
// `hipLaunchKernelGGL` launches that receive them, read from the head's C++ syntax trees
// (core/analysis/cpp_syntax.h).
#pragma once
#include <map>
#include <string>
#include <vector>
#include "core/analysis/review_model.h"

namespace atom::d1 {

struct HipKernel {
  std::vector<std::string> params;
  std::map<std::string, std::string> atomic_params;  // param → atomic op applied to it
  bool body_in_view = false;                         // header to closing brace all shown
};

// Kernels of a C++ file's hunks (new side), by name.
void read_hip_kernels(const FileView& file, std::map<std::string, HipKernel>& kernels);

// A new `X = <ns>::empty(…)` whose buffer reaches argument `position` of a kernel launch
// later in the same function, with no zeroing (`.zero_()`, `.fill_(`, a memset naming it) first;
// one entry per launch argument that receives it, in order.
struct HipBufferLaunch {
  std::string buffer;
  const CodeLine* allocation = nullptr;  // the line holding `::empty(`
  std::string kernel;
  size_t position = 0;
};

std::vector<HipBufferLaunch> hip_buffer_launches(const FileView& file);

}  // namespace atom::d1
