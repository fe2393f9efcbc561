import torch
from torch import nn

from aiter import fused_moe


class FusedMoE(nn.Module):
    def __init__(self, num_experts, top_k, default_config):
        super().__init__()
        self.num_experts = num_experts
        self.top_k = top_k
        self.default_config = default_config

    def _pick_config(self, num_tokens):
        split_threshold = 3072
        if num_tokens * self.top_k > split_threshold:
            block_m = 128
        else:
            block_m = 32
        return block_m
        return self.default_config

