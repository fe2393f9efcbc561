// CUDA/HIP extensions that the C++ grammar does not know, blanked to spaces before parsing so that
// every byte offset and line stays where it was (newlines inside a blanked span are kept).
// What was blanked is remembered: a function is a kernel when `__global__` preceded it, and a
// `kernel<<<grid, block, shmem, stream>>>(…)` launch keeps its kernel name and configuration.
// Comments, string and character literals are left alone.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace atom::syntax {

// One blanked execution-space or memory qualifier: __global__, __device__, __host__,
// __forceinline__, __noinline__, __restrict__, __shared__, __constant__, __managed__, or
// __launch_bounds__ together with its parenthesised arguments.
struct CudaQualifier {
  std::string word;     // the keyword alone, e.g. "__launch_bounds__"
  std::string text;     // everything blanked, e.g. "__launch_bounds__(256)"
  uint32_t byte = 0;    // offset of the keyword
};

// One `name<<<config>>>` launch; the launch's call then parses as `name          (args)`.
struct CudaLaunch {
  std::string kernel;        // the kernel's name as written, qualified (ns::k), without template args
  std::string config;        // the text between <<< and >>>, e.g. "grid, block, 0, stream"
  uint32_t kernel_byte = 0;  // offset of the kernel name
  uint32_t open_byte = 0;    // offset of "<<<"
  uint32_t close_end = 0;    // offset just past ">>>"
};

struct CudaMarks {
  std::vector<CudaQualifier> qualifiers;  // in text order
  std::vector<CudaLaunch> launches;       // in text order
};

struct BlankedCuda {
  std::string text;  // same length and line breaks as the input
  CudaMarks marks;
};

BlankedCuda blank_cuda_extensions(std::string_view text);

}  // namespace atom::syntax
