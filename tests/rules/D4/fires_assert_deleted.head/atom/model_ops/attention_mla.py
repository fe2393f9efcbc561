import torch
from torch import nn


class MLAAttention(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.kv_lora_rank = config.kv_lora_rank
        self.qk_rope_head_dim = config.qk_rope_head_dim

    def forward(self, q, kv_cache, attn_metadata):
        out = self.decode_fast(q, kv_cache, attn_metadata)
        return out
