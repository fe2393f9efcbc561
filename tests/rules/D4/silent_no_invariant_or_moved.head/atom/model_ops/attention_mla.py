import torch
from torch import nn


class MLAAttention(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.head_dim = config.kv_lora_rank + config.qk_rope_head_dim
        self.kv_lora_rank = config.kv_lora_rank

    def forward(self, q, kv_cache, attn_metadata):
        scratch = torch.empty((q.shape[0], 64), device=q.device)  # ok: D4
        self._check_shapes(q)
        assert q.shape[-1] == self.head_dim, "bad head dim"
        out = self.decode(q, kv_cache, attn_metadata, scratch)
        return out

    def _check_shapes(self, q):
        assert q.dim() == 3, "q must be [tokens, heads, head_dim]"
