# SPDX-License-Identifier: MIT
# Copyright (C) 2025, Advanced Micro Devices, Inc. All rights reserved.

import torch

from aiter.ops.triton._triton_kernels.attention.fp8_mqa_logits import launch
from aiter.ops.triton.utils import get_arch


def fp8_mqa_logits(q, kv, weights, arch):
    seq_len = q.shape[0]
    if arch == "gfx950":
        use_gluon = False
        block_m = 128
    else:
        use_gluon = True
    grid = ((seq_len + block_m - 1) // block_m,)  # expect: D1b
    return launch(grid, q, use_gluon)


def fp8_mqa_logits_reference(q, kv):
    return torch.einsum("mhd,nd->mn", q.float(), kv.float())
