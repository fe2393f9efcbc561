import torch
from torch import nn

from aiter.fused_moe import fused_moe


class FusedMoE(nn.Module):
    def __init__(self, num_experts, hidden_size, intermediate_size):
        super().__init__()
        self.num_experts = num_experts
        self.w13_weight = nn.Parameter(torch.empty(num_experts, 2 * intermediate_size, hidden_size))
        self.w2_weight = nn.Parameter(torch.empty(num_experts, hidden_size, intermediate_size))

    def select_experts(self, x, router_logits):
        topk_weights, topk_ids = torch.topk(router_logits.softmax(dim=-1), k=2, dim=-1)
        return topk_weights, topk_ids

    def forward(self, x, router_logits):
        topk_weights, topk_ids = self.select_experts(x, router_logits)
        assert torch.equal(topk_ids, topk_ids.clone())  # ok: AI3
        return fused_moe(x, self.w13_weight, self.w2_weight, topk_weights, topk_ids)

