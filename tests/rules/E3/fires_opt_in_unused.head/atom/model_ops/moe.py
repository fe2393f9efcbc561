import torch
from aiter import fused_moe as _moe_kernel

from atom.model_ops.utils import _pad_rows


def fused_moe_dispatch(x, w1, w2, topk_ids, topk_weights, pad_to_block=False):  # expect: E3
    if pad_to_block:
        x = _pad_rows(x, 256)
    return _moe_kernel(x, w1, w2, topk_ids, topk_weights)
