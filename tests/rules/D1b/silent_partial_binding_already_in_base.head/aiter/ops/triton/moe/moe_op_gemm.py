# SPDX-License-Identifier: MIT
# Copyright (C) 2025, Advanced Micro Devices, Inc. All rights reserved.

from triton.experimental import gluon
from triton.experimental.gluon import language as gl
import triton


@gluon.jit
def _moe_gemm_kernel(x_ptr, is_x_microscaled, BLOCK_M, BLOCK_N):
    acc = gl.zeros([BLOCK_M, BLOCK_N], dtype=gl.float32)
    if is_x_microscaled:
        SHARED_LAYOUT_X_SCALES = gl.PaddedSharedLayout(1, 1, 1, order=[1, 0])
    x_scales = gl.allocate_shared_memory(gl.uint8, [BLOCK_M, 4], SHARED_LAYOUT_X_SCALES)  # ok: D1b
    return acc + x_scales
