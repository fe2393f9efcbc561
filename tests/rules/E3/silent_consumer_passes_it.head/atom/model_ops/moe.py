from aiter import fused_moe as _moe_kernel
from torch import nn

from atom.model_ops.utils import _pad_rows


def fused_moe_dispatch(x, w1, w2, topk_ids, topk_weights, pad_to_block=False):  # ok: E3
    if pad_to_block:
        x = _pad_rows(x, 256)
    return _moe_kernel(x, w1, w2, topk_ids, topk_weights)


class FusedMoE(nn.Module):
    def __init__(self, w13, w2, use_padding=False):
        super().__init__()
        self.w13 = w13
        self.w2 = w2
        self.use_padding = use_padding

    def forward(self, x, topk_ids, topk_weights):
        return fused_moe_dispatch(
            x, self.w13, self.w2, topk_ids, topk_weights, pad_to_block=self.use_padding
        )
