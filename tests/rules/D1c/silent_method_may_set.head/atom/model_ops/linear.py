import torch
from torch import nn


class QuantLinear(nn.Module):
    def __init__(self, input_size, output_size, quant_config):
        super().__init__()
        self.register_buffer("weight_scale", torch.ones(output_size))
        if self.weight_scale.numel() > 1:  # ok: D1c
            self.per_channel = True
        self.weight_scale = nn.Parameter(torch.ones(output_size))
        self.per_channel = False

    def forward(self, x):
        return torch.nn.functional.linear(x, self.weight) * self.weight_scale
