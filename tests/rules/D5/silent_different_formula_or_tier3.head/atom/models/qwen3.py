import torch
from torch import nn

from atom.model_ops.attention_mla import MLAAttention
from atom.model_ops.linear import ColumnParallelLinear, ReplicatedLinear


class Qwen3Attention(nn.Module):
    def __init__(self, config, rotary_emb, tp_size: int = 1):
        super().__init__()
        self.num_local_heads = config.num_attention_heads // tp_size
        self.qk_nope_head_dim = config.qk_nope_head_dim
        self.qk_rope_head_dim = config.qk_rope_head_dim
        self.qk_head_dim = self.qk_nope_head_dim + self.qk_rope_head_dim
        self.q_a_proj = ReplicatedLinear(config.hidden_size, config.q_lora_rank)
        self.q_b_proj = ColumnParallelLinear(config.q_lora_rank, self.num_local_heads * self.qk_head_dim)
        self.rotary_emb = rotary_emb
        self.mla_attn = MLAAttention(config, self.num_local_heads)

    def forward(self, positions, hidden_states):
        q_a = self.q_a_proj(hidden_states)
        q_a_scale = q_a.abs().amax(dim=-1, keepdim=True).clamp(min=1e-6) / 448.0  # ok: D5
        q_a_fp8 = (q_a / q_a_scale).to(torch.float8_e4m3fnuz)
        q_lat = self.q_b_proj(q_a_fp8, x_scale=q_a_scale)
        q_lat = q_lat.view(-1, self.num_local_heads, self.qk_head_dim)
        q_nope, q_pe = q_lat.split([self.qk_nope_head_dim, self.qk_rope_head_dim], dim=-1)
        q_pe = self.rotary_emb(positions, q_pe)
        return self.mla_attn(q_nope, q_pe, positions)
