# SPDX-License-Identifier: MIT
# Copyright (C) 2024-2025, Advanced Micro Devices, Inc. All rights reserved.


import torch


@torch.no_grad()
def quant_weight_mxfp4(weight):
    from aiter.ops.quant import quant_mxfp4_hip

    q_in = weight.contiguous()
    if q_in.dtype not in (torch.float16, torch.bfloat16):
        q_in = q_in.to(torch.bfloat16)  # ok: C1
    else:
        q_in = q_in.to(torch.float16)  # ok: C1
    return quant_mxfp4_hip(q_in)

