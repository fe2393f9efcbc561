import aiter
import torch
from torch import nn


class MLAAttention(nn.Module):
    def __init__(self, num_heads, kv_lora_rank, o_proj):
        super().__init__()
        self.num_heads = num_heads
        self.kv_lora_rank = kv_lora_rank
        self.o_proj = o_proj
        self.kernel_handles_strides = False
        self.lse = None

    def forward_decode(self, q, kv_cache, attn_metadata):
        q_nope = q[..., : self.kv_lora_rank]
        _, final_lse = aiter.mla_decode_fwd(q_nope, kv_cache, attn_metadata.block_table)  # ok: D8 (the base made this call)
        self.lse = final_lse
        return self.o_proj(q)
