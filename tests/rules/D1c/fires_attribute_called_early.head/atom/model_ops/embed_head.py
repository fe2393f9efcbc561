# SPDX-License-Identifier: MIT

import torch
import torch.nn as nn


class ProjectionHead(nn.Module):
    def __init__(self, hidden_size, out_size):
        super().__init__()
        probe = torch.zeros(1, hidden_size)
        self.out_dim = self.proj(probe).shape[-1]  # expect: D1c
        self.proj = nn.Linear(hidden_size, out_size, bias=False)
        self.act = nn.GELU()

    def forward(self, x):
        return self.act(self.proj(x))
