# SPDX-License-Identifier: MIT

import torch
from torch import nn

from aiter.ops.shuffle import shuffle_weight


class LinearBase(nn.Module):
    def __init__(self, input_size, output_size):
        super().__init__()
        self.weight = nn.Parameter(torch.empty(output_size, input_size))
        self.weight_scale = nn.Parameter(torch.ones(output_size))

    def process_weights_after_loading(self):
        w = self.weight
        try:
            self.weight_scale = self.weight_scale.float()
        except Exception:  # expect: AI2
            pass
        self.weight = shuffle_weight(w)
        return

