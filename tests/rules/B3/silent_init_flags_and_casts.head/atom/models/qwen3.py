import torch
from aiter import fused_qk_norm_rope
from torch import nn


class Qwen3Attention(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.use_fused_qk_norm = config.use_fused_qk_norm

    def forward(self, positions, hidden_states, attn_metadata):
        qkv = self.qkv_proj(hidden_states)
        q, k, v = qkv.split([self.q_size, self.kv_size, self.kv_size], dim=-1)
        if self.use_fused_qk_norm:  # ok: B3
            q, k = fused_qk_norm_rope(q, k, positions, self.q_norm.weight, self.k_norm.weight)
        else:
            q = q.to(torch.bfloat16)  # ok: B3
            q, k = self.rotary_emb(positions, q, k, **self.rope_kwargs)
        scale = self.head_dim ** -0.5  # ok: B3
        return self.attn(q, k, v, scale=scale)

    def load_weights(self, weights):
        for name, w in weights:
            if w.numel() == 0:  # ok: B3
                continue
            self.params[name].copy_(w.to(torch.bfloat16))
