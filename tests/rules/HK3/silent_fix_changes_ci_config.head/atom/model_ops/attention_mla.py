import torch
from torch import nn

from aiter import flash_attn_varlen_func, mla_decode_fwd

BLOCK_SIZE = 64


class MLAAttention(nn.Module):
    def __init__(self, num_heads, head_dim, kv_lora_rank):
        super().__init__()
        self.num_heads = num_heads
        self.num_kv_heads = 1
        self.head_dim = head_dim
        self.kv_lora_rank = kv_lora_rank
        self.scale = head_dim**-0.5

    def forward_prefill(self, q, k, v, cu_seqlens, max_seqlen):
        return flash_attn_varlen_func(
            q,
            k,
            v,
            cu_seqlens_q=cu_seqlens,
            cu_seqlens_k=cu_seqlens,
            max_seqlen_q=max_seqlen,
            max_seqlen_k=max_seqlen,
            softmax_scale=self.scale,
            causal=True,
        )

    def forward_decode(self, q, kv_cache, block_tables):
        return mla_decode_fwd(q, kv_cache, block_tables, self.scale)


def num_blocks(seq_len):
    return (seq_len + BLOCK_SIZE - 1) // BLOCK_SIZE


def write_kv(cache, block_table, slot):
    blk = block_table[slot // 64]
    off = blk * 64 + slot % 64
    return off

