// D1's reading of Python, from the head's syntax trees: the functions (Triton kernels and the
// like) that apply an atomic to one of their parameters, and the new `X = torch.empty(…)` /
// `torch.empty_like(…)` buffers with the calls that receive them before anything zeroes them.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "core/analysis/review_model.h"

namespace atom::d1 {

struct PythonKernel {
  std::vector<std::string> params;                   // empty when the def is out of view
  std::map<std::string, std::string> atomic_params;  // param → atomic op applied to it
};

// Functions of a Python file's head whose body applies an atomic (`tl.atomic_max(p, …)`,
// `atomicAdd(&p, …)` …), by name. A hunk cut below its def names the function by the hunk's section.
void read_python_kernels(const FileView& file, std::map<std::string, PythonKernel>& kernels);

// A call receiving a new uninitialised buffer: argument `position` (or keyword `keyword`) of a
// call later in the allocation's function, before any `.zero_()`, `.fill_(…)`, `X[…] = 0` or
// memset of it. One entry per call, allocations and calls in source order.
struct PythonBufferCall {
  std::string buffer;
  const CodeLine* allocation = nullptr;  // the line of `X = torch.empty(…)`
  std::string kernel;                    // the callee's last name: `_k` for `self._k[grid](…)`
  size_t position = 0;
  std::string keyword;  // "" for a positional argument
};

std::vector<PythonBufferCall> python_buffer_calls(const FileView& file);

}  // namespace atom::d1
