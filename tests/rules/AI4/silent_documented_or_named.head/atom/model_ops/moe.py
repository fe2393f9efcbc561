from torch import nn
import torch
from aiter import fused_moe

SPLIT_THRESHOLD = 3072


class FusedMoE(nn.Module):
    def __init__(self, num_experts, top_k, cfg, default_config):
        super().__init__()
        self.num_experts = num_experts
        self.top_k = top_k
        self.cfg = cfg
        self.default_config = default_config

    def _pick_config(self, num_tokens):
        # Measured crossover on MI355X: above 3072 routed rows the split kernel wins.
        split_threshold = 3072
        if num_tokens * self.top_k > split_threshold:
            block_m = 128  # 128 rows fill the 64 KB LDS with bf16 tiles
        else:
            block_m = 1
        tile_k = self.cfg.tile_k
        block_n = 64
        return block_m, block_n, tile_k
        return self.default_config

