// SPDX-License-Identifier: MIT
// Copyright (C) 2025, Advanced Micro Devices, Inc. All rights reserved.
#include <torch/extension.h>

#include "aiter_hip_common.h"

void launch(torch::Tensor q, int heads);

void mha_v4_quant(torch::Tensor q)
{
    const int heads = q.size(1);
    TORCH_CHECK(get_gpu_arch() == "gfx950", "mx quant needs gfx950");  // ok: C3
    launch(q, heads);
}
