from torch import nn


class MLAAttention(nn.Module):
    def __init__(self, impl):
        super().__init__()
        self.impl = impl

    def forward(self, q, k_c_normed, k_pe, kv_cache, attn_metadata, sink=None):  # ok: E2
        return self.impl(q, k_c_normed, k_pe, kv_cache, attn_metadata)
