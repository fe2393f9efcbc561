import torch
from torch import nn

from aiter import fused_moe


class FusedMoE(nn.Module):
    def __init__(self, num_experts, top_k, layout, device):
        super().__init__()
        self.num_experts = num_experts
        self.top_k = top_k
        self.layout = layout
        self.device = device

    def _alloc_sorted(self, num_tokens):
        padded = self.layout._get_padded_size(num_tokens * self.top_k, 256)  # ok: AI5
        return torch.empty(padded, dtype=torch.int32, device=self.device)

