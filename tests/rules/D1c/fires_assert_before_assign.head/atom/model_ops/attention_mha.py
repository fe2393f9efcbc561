from typing import Optional

from torch import nn

from atom.utils.envs import ENABLE_QK_NORM_FUSION


class Attention(nn.Module):
    """Multi-head attention over the paged KV cache."""

    def __init__(
        self,
        num_heads: int,
        rotary_emb: Optional[nn.Module] = None,
        q_norm: Optional[nn.Module] = None,
    ):
        super().__init__()
        self.num_heads = num_heads
        self.rotary_emb = rotary_emb
        if ENABLE_QK_NORM_FUSION:
            assert self.rotary_emb is not None  # ok: D1c
            assert self.q_norm is not None, "q_norm is required"  # expect: D1c
        self.flash_layout = False
        self.q_norm = q_norm

    def forward(self, q, k, v):
        return self.impl(q, k, v)
