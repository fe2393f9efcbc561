import torch
from torch import nn

from aiter import fused_moe, moe_sorting, moe_sorting_fast
from aiter.fused_moe import fused_topk


class FusedMoE(nn.Module):
    def __init__(self, num_experts, top_k, hidden_size, intermediate_size):
        super().__init__()
        self.num_experts = num_experts
        self.top_k = top_k
        self.w13_weight = nn.Parameter(
            torch.empty(num_experts, 2 * intermediate_size, hidden_size, dtype=torch.bfloat16),
            requires_grad=False,
        )
        self.w2_weight = nn.Parameter(
            torch.empty(num_experts, hidden_size, intermediate_size, dtype=torch.bfloat16),
            requires_grad=False,
        )

    def select_experts(self, x, router_logits):
        return fused_topk(x, router_logits, self.top_k, renormalize=True)

    def forward(self, x, router_logits):
        topk_weights, topk_ids = self.select_experts(x, router_logits)
        sorted_ids = moe_sorting_fast(topk_ids, self.num_experts)
        return fused_moe(
            x,
            self.w13_weight,
            self.w2_weight,
            topk_weights,
            sorted_ids,
        )
