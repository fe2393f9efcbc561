import torch
from torch import nn

from aiter import topk_softmax


class FusedMoE(nn.Module):
    def __init__(self, num_experts: int, top_k: int, shared_experts=None, routed=None):
        super().__init__()
        self.num_experts = num_experts
        self.top_k = top_k
        self.use_grouped_topk = False
        self.num_expert_group = 1
        self.shared_experts = shared_experts
        self.routed = routed
        self.use_shared_stream = shared_experts is not None
        self.register_buffer("expert_map", torch.arange(num_experts), persistent=False)
        self.scoring_func = "softmax"

    def apply(self, x, router_logits):
        if self.use_shared_stream:
            shared_out = self.shared_experts(x)
        out = self.routed(x, router_logits)
        if self.use_shared_stream:
            out = out + shared_out  # ok: D1b
        return out
