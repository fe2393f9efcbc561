import torch

from aiter import fused_moe

class FusedMoE:
    def __init__(self, config):
        self.block_m = 64 if self.num_experts > 128 else 32
        self.num_experts = config.n_routed_experts

    def forward(self, x, w1, w2, topk_ids, topk_weights):
        return fused_moe(x, w1, w2, topk_weights, topk_ids, block_m=self.block_m)
