import torch
try:
    import amdsmi
except ImportError:  # ok: AI2
    pass
from torch import nn

from aiter.ops.shuffle import shuffle_weight


class LinearBase(nn.Module):
    def __init__(self, input_size, output_size, bias=False):
        super().__init__()
        self.weight = nn.Parameter(torch.empty(output_size, input_size))
        self.weight_scale = nn.Parameter(torch.ones(output_size))
        self.bias = nn.Parameter(torch.empty(output_size)) if bias else None
        self.workspace = None

    def process_weights_after_loading(self):
        w = self.weight
        try:
            self.weight_scale = self.weight_scale.float()
        except Exception:  # ok: AI2
            # bf16 checkpoints carry no weight_scale; nothing to convert then.
            pass
        if self.bias is None:
            return w
        self.weight = shuffle_weight(w)  # ok: AI2
        return

    def __del__(self):
        try:
            self.release_workspace()
        except Exception:  # ok: AI2
            pass
        return

