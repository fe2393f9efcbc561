import torch
from torch import nn

from atom.model_ops.attention import Attention


class LlamaModel:
    def __init__(self, config, layers, kv_cache=None):
        self.config = config
        self.layers = layers
        self.kv_cache = kv_cache
        self.positions = torch.arange(config.max_model_len)
        self.meta = None

    def set_metadata(self, attn_metadata):
        self.meta = attn_metadata

    def attention_layers(self):
        return [m for m in self.layers.modules() if isinstance(m, Attention)]
    def forward(self, x):
        out = self.layers(
            x, positions=self.positions, kv_cache=self.kv_cache,
            attn_metadata=self.meta,
        )
        return out
