# SPDX-License-Identifier: MIT

import torch.nn as nn


class QuantLinear(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.config = config
        # A config without quant_method used to raise AttributeError here.
        if self.quant_method is None:  # expect: D1c
            raise ValueError("quant_method is required")
        self.quant_method = config.quant_method

    def forward(self, x):
        return self.quant_method.apply(x)
