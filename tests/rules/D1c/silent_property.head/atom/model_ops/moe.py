from torch import nn


class FusedMoE(nn.Module):
    @property
    def use_ep(self):
        return self.ep_size > 1

    @use_ep.setter
    def use_ep(self, value):
        self._use_ep = value

    def __init__(self, num_experts, ep_size):
        super().__init__()
        if self.use_ep:  # ok: D1c
            self.local_experts = num_experts // ep_size
        self.num_experts = num_experts
        self.ep_size = ep_size
        self.use_ep = ep_size > 1

    def forward(self, x):
        return x
