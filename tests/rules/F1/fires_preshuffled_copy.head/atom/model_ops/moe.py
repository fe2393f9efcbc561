import torch
from torch import nn

from aiter.ops.shuffle import shuffle_weight
from atom.model_ops.utils import quantize_fp8


class FusedMoEMethodBase:
    def process_weights_after_loading(self, layer: nn.Module) -> None:
        return


class Fp8MoEMethod(FusedMoEMethodBase):
    def create_weights(self, layer: nn.Module, num_experts: int) -> None:
        layer.w13_weight_scale = nn.Parameter(torch.ones(num_experts), requires_grad=False)

    def process_weights_after_loading(self, layer: nn.Module) -> None:
        w13 = layer.w13_weight.data
        layer.w13_weight_preshuffled = shuffle_weight(w13, layout=(16, 16))  # expect: F1
        layer.w13_weight_scale.data = layer.w13_weight_scale.data.float()

