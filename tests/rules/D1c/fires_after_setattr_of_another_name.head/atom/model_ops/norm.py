# SPDX-License-Identifier: MIT

import torch.nn as nn


class ScaledNorm(nn.Module):
    def __init__(self, hidden_size, scale):
        super().__init__()
        setattr(self, "scale", scale)
        assert self.scale > 0  # ok: D1c
        assert self.bias is None  # expect: D1c
        self.hidden_size = hidden_size
        self.bias = None

    def forward(self, x):
        return x * self.scale
