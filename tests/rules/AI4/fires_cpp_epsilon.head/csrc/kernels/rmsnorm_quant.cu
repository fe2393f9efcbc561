// SPDX-License-Identifier: MIT
#include <hip/hip_bf16.h>
#include <hip/hip_fp8.h>
#include <hip/hip_runtime.h>

using bf16 = __hip_bfloat16;
using fp8 = __hip_fp8_e4m3_fnuz;

__device__ float block_reduce_sum(float v);

__global__ void rmsnorm_quant_kernel(const bf16* x, fp8* out, float* scale, int hidden) {
  float sum = 0.f;
  const float eps = 3e-4f;
  for (int i = threadIdx.x; i < hidden; i += blockDim.x) {
    const float v = __bfloat162float(x[blockIdx.x * hidden + i]);
    sum += v * v;
  }
  sum = block_reduce_sum(sum);
  const float inv_rms = rsqrtf(sum / hidden + eps);
  if (threadIdx.x == 0) scale[blockIdx.x] = inv_rms;
  for (int i = threadIdx.x; i < hidden; i += blockDim.x)
    out[blockIdx.x * hidden + i] = fp8(__bfloat162float(x[blockIdx.x * hidden + i]) * inv_rms);
}
