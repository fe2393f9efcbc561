import torch
from torch import nn

from aiter import flash_attn_varlen


class MHAAttention(nn.Module):
    def __init__(self, impl):
        super().__init__()
        self.impl = impl

    def forward(self, q, k, v, attn_metadata):
        return self.impl(q, k, v, attn_metadata)

    def run_prefill(self, q, k, v, attn_metadata):
        out = torch.empty_like(q)
        cu_seqlens = attn_metadata.cu_seqlens_q
        flash_attn_varlen(q, k, v, cu_seqlens, out=out, causal=True)  # ok: AI1
        return out

    def run_decode(self, q, k, v, attn_metadata):
        out = torch.empty_like(q)
        cu_seqlens = attn_metadata.cu_seqlens_q
        flash_attn_varlen(q, k, v, cu_seqlens, out=out, causal=False)  # ok: AI1
        return out

