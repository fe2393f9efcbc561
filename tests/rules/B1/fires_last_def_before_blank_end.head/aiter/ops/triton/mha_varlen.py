import torch

from aiter.ops.triton._triton_kernels.mha_varlen import (
    _fast_varlen_kernel,
    _varlen_kernel,
)


def mha_varlen_fwd(
    q: torch.Tensor,
    k: torch.Tensor,
    v: torch.Tensor,
    cu_seqlens: torch.Tensor,
    softmax_scale: float | None = None,
    causal: bool = False,
    out: torch.Tensor | None = None,
):
    out = _varlen_kernel(q, k, v, cu_seqlens, out=out, softmax_scale=softmax_scale, causal=causal)
    # the kernel returns None for an empty batch
    if out is None:
        out = torch.empty_like(q)
    return out


def fast_mha_varlen_fwd(
    q: torch.Tensor,
    k: torch.Tensor,
    v: torch.Tensor,
    cu_seqlens: torch.Tensor,
    softmax_scale: float | None = None,
    causal: bool = False,
    window_size=(-1, -1),  # expect: B1
    alibi_slopes=None,
    deterministic=False,
):
    """Returns None when the fast kernel cannot serve the call."""
    if q.shape[-1] == 128 and q.dtype == torch.bfloat16:
        assert alibi_slopes is None, "no alibi"
        assert not deterministic, "no deterministic mode"
        return _fast_varlen_kernel(
            q,
            k,
            v,
            cu_seqlens,
            softmax_scale=softmax_scale,
            causal=causal,
        )
    return None

