import torch

from aiter import logger
from aiter.jit.core import compile_ops


@compile_ops("module_mha_v4_fwd")
def mha_v4_fwd_kernel(q, k, v, out): ...


def _launch(q, k, v, out):
    assert q.is_contiguous() and k.is_contiguous() and v.is_contiguous()
    mha_v4_fwd_kernel(q, k, v, out)


def mha_v4_fwd(q, k, v, out=None):
    if q.dtype != torch.bfloat16:
        logger.warning("mha_v4 is tuned for BF16 Q")
    assert k.dtype == torch.bfloat16
    if out is None:
        out = torch.empty_like(q, dtype=torch.float16)  # expect: C1
    _launch(q, k, v, out)
    return out



