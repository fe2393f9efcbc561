# SPDX-License-Identifier: MIT
# Copyright (C) 2024-2025, Advanced Micro Devices, Inc. All rights reserved.

import aiter


def mla_decode_fwd(q, kv_buffer, o, total_s, nhead):
    """Stage 1 of MLA decode: the logits of every token and head over the paged KV buffer."""
    logits = o.new_empty(total_s, nhead)
    q_folded = q.permute(1, 0, 2).reshape(total_s, nhead, -1)
    aiter.mla_decode_stage1(q_folded, kv_buffer, logits)  # ok: D8 (reshape hands over a fresh tensor)
    return logits
