from typing import Optional

import torch
from torch import nn

from atom.utils.envs import USE_FUSED_KV_NORM


class MLAAttention(nn.Module):
    def __init__(
        self,
        num_heads: int,
        head_dim: int,
        scale: float,
        layer_num: int,
        kv_lora_rank: int,
        qk_rope_head_dim: int,
        rotary_emb: Optional[nn.Module] = None,
        kv_norm: Optional[nn.Module] = None,
    ):
        super().__init__()
        self.num_heads = num_heads
        self.head_dim = head_dim
        self.scale = scale
        self.num_kv_heads = 1
        self.kv_cache_dtype = torch.bfloat16
        # MLA keeps one latent KV head; the
        # rope part is carried beside it
        self.kv_b_proj = None
        self.o_proj = None
        self.use_triton_rope = False
        self.k_scale = torch.tensor(1.0, dtype=torch.float32)
        self.kv_lora_rank = kv_lora_rank
        self.qk_rope_head_dim = qk_rope_head_dim
        self.rotary_emb = rotary_emb
        if USE_FUSED_KV_NORM:
            assert self.kv_norm is not None  # expect: D1c
        self.layer_num = layer_num
        self.kv_norm = kv_norm

    def forward(self, q, kv_c, k_pe, positions):
        q, k_pe = self.rotary_emb(positions, q, k_pe)
        return self.impl(q, kv_c, k_pe)
