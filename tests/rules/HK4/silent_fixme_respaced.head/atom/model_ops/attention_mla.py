import torch
from torch import nn

from aiter import mla_decode_fwd


class MLAAttention:
    def __init__(self, num_heads, head_dim, kv_lora_rank, impl=None):
        self.num_heads = num_heads
        self.head_dim = head_dim
        self.kv_lora_rank = kv_lora_rank
        self.scale = head_dim**-0.5
        self.impl = impl or self._decode

    def _decode(self, q, kv):
        out = torch.empty_like(q)
        mla_decode_fwd(q, kv, out, self.scale)
        return out

    def forward(self, q, kv):
        # FIXME: fp8 kv scales are ignored on this path
        out = self.impl(q, kv)
        return out  # TODO(perf): fuse the output projection

    def extra_repr(self):
        return f"num_heads={self.num_heads}, head_dim={self.head_dim}"
