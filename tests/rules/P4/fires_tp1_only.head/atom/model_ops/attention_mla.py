import torch
from torch import nn

from aiter import flash_attn_varlen_func, mla_decode_fwd, mla_decode_fwd_split


class MLAAttention(nn.Module):
    def __init__(self, num_heads, head_dim, kv_lora_rank):
        super().__init__()
        self.num_heads = num_heads
        self.head_dim = head_dim
        self.kv_lora_rank = kv_lora_rank
        self.scale = head_dim**-0.5

    def forward_decode(self, q, kv_cache, attn_metadata):
        if attn_metadata.max_seqlen_k > 8192:
            return mla_decode_fwd_split(q, kv_cache, attn_metadata.block_tables)
        return mla_decode_fwd(q, kv_cache, attn_metadata.block_tables)

    def forward_decode_split(self, q, kv_cache, attn_metadata):
        out = torch.empty_like(q)
        mla_decode_fwd_split(q, kv_cache, attn_metadata.block_tables, out=out)
        return out

    def forward_prefill(self, q, k, v, attn_metadata):
        return flash_attn_varlen_func(
            q,
            k,
            v,
            cu_seqlens_q=attn_metadata.cu_seqlens_q,
            cu_seqlens_k=attn_metadata.cu_seqlens_k,
            max_seqlen_q=attn_metadata.max_seqlen_q,
            max_seqlen_k=attn_metadata.max_seqlen_k,
            softmax_scale=self.scale,
            causal=True,
        )
