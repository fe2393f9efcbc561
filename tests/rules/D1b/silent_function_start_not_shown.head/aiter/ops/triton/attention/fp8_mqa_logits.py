# SPDX-License-Identifier: MIT
# Copyright (C) 2025, Advanced Micro Devices, Inc. All rights reserved.

import torch

from aiter.ops.triton._triton_kernels.attention.fp8_mqa_logits import launch
from aiter.ops.triton.utils import get_arch


def fp8_mqa_logits(
    q: torch.Tensor,
    kv: torch.Tensor,
    weights: torch.Tensor,
    arch: str = None,
):
    if arch is None:
        arch = get_arch()
    # gfx950 raises the tile below
    block_m = 64
    seq_len = q.shape[0]
    if arch == "gfx950":
        use_gluon = False
        block_m = 128
    else:
        use_gluon = True
    grid = ((seq_len + block_m - 1) // block_m,)  # ok: D1b (the unseen start of the function may give block_m a value)
    return launch(grid, q, use_gluon)
