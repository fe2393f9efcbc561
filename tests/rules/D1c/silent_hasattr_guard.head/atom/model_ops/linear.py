from torch import nn


class LinearBase(nn.Module):
    def __init__(self, input_size, output_size):
        super().__init__()
        self.input_size = input_size
        if hasattr(self, "weight_scale") and self.weight_scale is not None:  # ok: D1c
            self.has_scale = True
        if getattr(self, "bias_dtype", None) is not None:  # ok: D1c
            self.use_bias = self.bias_dtype  # ok: D1c
        self.output_size = output_size
        self.weight_scale = None
        self.bias_dtype = None
