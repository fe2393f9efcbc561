// SPDX-License-Identifier: MIT
// Copyright (C) 2025, Advanced Micro Devices, Inc. All rights reserved.
#include "aiter_hip_common.h"
#include "aiter_tensor.h"
#include "dispatch_utils.h"
#include "hip_reduce.h"

static constexpr float FP8_MAX = 240.f;

__global__ void amax_to_scale_kernel(const float* __restrict__ amax, int n, float* __restrict__ scale)
{
    const int i = threadIdx.x;
    if(i < n) scale[i] = fmaxf(amax[i], 1e-12f) / FP8_MAX;
}

__global__ void partial_amax_to_scale_kernel(const float* __restrict__ partial, int n, float* __restrict__ scale)
{
    float local = 0.f;
    for(int i = threadIdx.x; i < n; i += blockDim.x)
        local = fmaxf(local, partial[i]);
    local = block_reduce_max(local);
    if(threadIdx.x == 0) scale[0] = fmaxf(local, 1e-12f) / FP8_MAX;
}

template <typename T>
__global__ void per_head_fp8_quant_kernel(const T* __restrict__ x, FP8_TYPE* __restrict__ out, const float* __restrict__ scale, int num_tokens)
{
    const float inv_scale = 1.f / scale[blockIdx.x];
    for(int t = threadIdx.x; t < num_tokens; t += blockDim.x)
    {
        const int idx = t * gridDim.x + blockIdx.x;
        out[idx]      = (FP8_TYPE)((float)x[idx] * inv_scale);
    }
}

void k_per_head_fp8_quant(aiter_tensor_t& k,
                          aiter_tensor_t& k_fp8,
                          aiter_tensor_t& k_scale)
{
    const int64_t num_tokens = k.size(0);
    const int64_t num_heads  = k.size(1);
    const hipStream_t stream = aiter::getCurrentHIPStream();

    AITER_DISPATCH_FLOATING16_TYPES_rmTorch(
        k.dtype(), "k_per_head_fp8_quant", [&] {
            per_head_fp8_quant_kernel<scalar_t><<<dim3((unsigned)num_heads), dim3(256), 0, stream>>>(
                reinterpret_cast<scalar_t*>(k.data_ptr()),
                reinterpret_cast<FP8_TYPE*>(k_fp8.data_ptr()),
                reinterpret_cast<float*>(k_scale.data_ptr()),
                (int)num_tokens);
        });
}

template <typename T>
__global__ void warp_partial_amax_kernel(const T* __restrict__ x, int n, float* __restrict__ partial_amax)
{
    const int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    float local    = warp_reduce_max(fabsf((float)x[blockIdx.x * blockDim.x + threadIdx.x]));
    if(threadIdx.x % 32 == 0) partial_amax[warp] = local;
}

template <typename T>
__global__ void head_amax_kernel(const T* __restrict__ x, int n, float* __restrict__ head_amax)
{
    float local = block_reduce_max(fabsf((float)x[blockIdx.x * n + threadIdx.x]));
    if(threadIdx.x == 0) atomicMax(head_amax + blockIdx.x, local);
}

void x_per_head_fp8_quant(aiter_tensor_t& x, aiter_tensor_t& x_scale)
{
    const int total_warps    = (int)(x.numel() / 32);
    const hipStream_t stream = aiter::getCurrentHIPStream();

    AiterTensor partial_amax =
        AiterTensor::empty({total_warps}, AITER_DTYPE_fp32, x.device_id, stream);  // ok: D1
    AiterTensor head_amax =
        AiterTensor::zeros({x.size(1)}, AITER_DTYPE_fp32, x.device_id, stream);  // ok: D1
    AiterTensor row_amax =
        AiterTensor::empty({x.size(1)}, AITER_DTYPE_fp32, x.device_id, stream);  // ok: D1
    HIP_CALL(hipMemsetAsync(row_amax.data_ptr(), 0, x.size(1) * sizeof(float), stream));

    AITER_DISPATCH_FLOATING16_TYPES_rmTorch(x.dtype(), "amax", [&] {
        warp_partial_amax_kernel<scalar_t><<<dim3(total_warps / 8), dim3(256), 0, stream>>>(
            reinterpret_cast<scalar_t*>(x.data_ptr()), (int)x.numel(),
            reinterpret_cast<float*>(partial_amax.data_ptr()));
        partial_amax_to_scale_kernel<<<dim3(1), dim3(256), 0, stream>>>(
            reinterpret_cast<float*>(partial_amax.data_ptr()), total_warps,
            reinterpret_cast<float*>(x_scale.data_ptr()));
        head_amax_kernel<scalar_t><<<dim3(x.size(1)), dim3(256), 0, stream>>>(
            reinterpret_cast<scalar_t*>(x.data_ptr()), (int)x.size(0),
            reinterpret_cast<float*>(head_amax.data_ptr()));
        head_amax_kernel<scalar_t><<<dim3(x.size(1)), dim3(256), 0, stream>>>(
            reinterpret_cast<scalar_t*>(x.data_ptr()), (int)x.size(0),
            reinterpret_cast<float*>(row_amax.data_ptr()));
    });
}

void fused_qk_rope_cache_quant(aiter_tensor_t& qkv,
                               aiter_tensor_t& cos,
                               aiter_tensor_t& sin,
                               aiter_tensor_t& kv_cache)
{
    const hipStream_t stream = aiter::getCurrentHIPStream();
    AITER_CHECK(qkv.dim() == 2, "qkv must be [num_tokens, hidden]");
    launch_fused_qk_rope_cache(qkv, cos, sin, kv_cache, stream);
}
