import torch
from torch import nn

from atom.model_ops.attention_mla import MLAAttention
from atom.model_ops.layernorm import RMSNorm
from atom.model_ops.linear import ColumnParallelLinear, ReplicatedLinear
from atom.model_ops.rotary_embedding import apply_rotary_emb


class DeepseekV4Attention(nn.Module):
    def __init__(self, config, freqs_cis, tp_size: int = 1):
        super().__init__()
        self.n_local_heads = config.num_attention_heads // tp_size
        self.head_dim = config.head_dim
        self.rope_head_dim = config.qk_rope_head_dim
        self.eps = config.rms_norm_eps
        self.wq_a = ReplicatedLinear(config.hidden_size, config.q_lora_rank)
        self.q_norm = RMSNorm(config.q_lora_rank, eps=self.eps)
        self.wq_b = ColumnParallelLinear(config.q_lora_rank, self.n_local_heads * self.head_dim)
        self.register_buffer("freqs_cis", freqs_cis, persistent=False)
        self.attn = MLAAttention(config, self.n_local_heads)

    def forward(self, positions, x):
        q_lora = self.wq_a(x)  # ok: D5
        q_lora = self.q_norm(q_lora)
        q = self.wq_b(q_lora).unflatten(-1, (self.n_local_heads, self.head_dim))
        q = q * torch.rsqrt(q.square().mean(-1, keepdim=True) + self.eps)
        q_rope = q[..., -self.rope_head_dim :]
        q_rope = apply_rotary_emb(q_rope, self.freqs_cis[positions], inverse=False)
        q = torch.cat([q[..., : -self.rope_head_dim], q_rope], dim=-1)
        return self.attn(q, positions)
