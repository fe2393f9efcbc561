// SPDX-License-Identifier: MIT
// Copyright (c) 2024, Advanced Micro Devices, Inc. All rights reserved.
#include <hip/hip_runtime.h>
#include <torch/all.h>

namespace aiter {

constexpr int kTopkBlock = 256;

inline int topk_grid(int n) { return (n + kTopkBlock - 1) / kTopkBlock; }

__device__ inline float topk_load(const float* in, int idx) { return in[idx]; }

__device__ inline void topk_store(float* out, int idx, float v) {
  out[idx] = v;
}

// One thread per element; the selection itself runs in a later pass.
__global__ void topk_kernel(const float* in, float* out, int n) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx >= n) return;
  /* FIXME: handle n > 2^31 */ /* expect: HK4 */
  float v = in[idx];  // ok: HK4
  out[idx] = in[idx];
}

void topk(torch::Tensor& out, const torch::Tensor& in) {
  const int n = static_cast<int>(in.numel());
  hipLaunchKernelGGL(topk_kernel, dim3(topk_grid(n)), dim3(kTopkBlock), 0, 0,
                     in.data_ptr<float>(), out.data_ptr<float>(), n);
}

}  // namespace aiter
