from torch import nn


class Qwen3Attention(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.q_size = config.num_attention_heads * config.head_dim
        self.kv_size = config.num_key_value_heads * config.head_dim
        self.max_position = config.max_position_embeddings

    def forward(self, positions, hidden_states, attn_metadata):
        qkv = self.qkv_proj(hidden_states)
        q, k, v = qkv.split([self.q_size, self.kv_size, self.kv_size], dim=-1)
        if positions.max().item() >= self.max_position:  # expect: B3
            positions = positions.clamp(max=self.max_position - 1)
        q, k = self.rotary_emb(positions, q, k)
        return self.attn(q, k, v)

    def load_weights(self, weights):
        for name, w in weights:
            self.params[name].copy_(w)
