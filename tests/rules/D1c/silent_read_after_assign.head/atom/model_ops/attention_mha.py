from torch import nn

from atom.utils.envs import ENABLE_QK_NORM_FUSION


class Attention(nn.Module):
    def __init__(self, num_heads, q_norm=None):
        super().__init__()
        self.num_heads = num_heads
        self.q_norm = q_norm
        if ENABLE_QK_NORM_FUSION:
            assert self.q_norm is not None  # ok: D1c
        self.q_norm = self.q_norm or nn.Identity()  # ok: D1c
        self.flash_layout = False

    def forward(self, q, k, v):
        return self.impl(self.q_norm(q), k, v)
