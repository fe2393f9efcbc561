#include <hip/hip_runtime.h>
#include <cstdint>

template <typename T>
__global__ void rope_cache_kernel(const T* __restrict__ k, T* __restrict__ cache, int hidden) {
  int token_id = blockIdx.x;
  const T* src = k + token_id * hidden;  // expect: D9
  cache[token_id * 4096 + threadIdx.x] = src[threadIdx.x];  // expect: D9
}
