#include <hip/hip_runtime.h>
#include <cstdint>

template <typename T>
__global__ void rope_cache_kernel(const T* __restrict__ k, T* __restrict__ cache, int64_t hidden) {
  const int64_t token_id = blockIdx.x;
  const T* src = k + token_id * hidden;  // ok: D9
  int tok = blockIdx.y;
  cache[static_cast<int64_t>(tok) * 4096 + threadIdx.x] = src[threadIdx.x];
}
