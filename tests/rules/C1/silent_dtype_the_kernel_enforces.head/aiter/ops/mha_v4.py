import torch

from aiter import logger
from aiter.jit.core import compile_ops


@compile_ops("module_mha_v4_fwd")
def mha_v4_fwd_kernel(q, k, v, out): ...


def _launch(q, k, v, out):
    assert q.is_contiguous() and k.is_contiguous() and v.is_contiguous()
    mha_v4_fwd_kernel(q, k, v, out)


def mha_v4_fwd(q, k, v, out=None):
    if (
        q.dtype != torch.bfloat16
        or k.dtype != torch.bfloat16
    ):
        raise ValueError("mha_v4 expects BF16 Q and K")
    if out is None:
        out = torch.empty_like(q, dtype=torch.bfloat16)  # ok: C1
    _launch(q, k, v, out)
    return out



