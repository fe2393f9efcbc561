import torch
from aiter.ops.triton._triton_kernels.mha_varlen import (
    _fast_varlen_kernel,
    _small_varlen_kernel,
    _tiny_varlen_kernel,
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
    window_size=(-1, -1),  # ok: B1
    alibi_slopes=None,  # ok: B1
    deterministic=False,
):
    """Returns None when the fast kernel cannot serve the call."""
    if q.shape[-1] == 128 and tuple(window_size) == (-1, -1):
        assert alibi_slopes is None, "no alibi"
        assert not deterministic, "no deterministic mode"
        return _fast_varlen_kernel(q, k, v, cu_seqlens, softmax_scale=softmax_scale, causal=causal)
    return None


def small_mha_varlen_fwd(
    q: torch.Tensor,
    k: torch.Tensor,
    v: torch.Tensor,
    cu_seqlens: torch.Tensor,
    dropout_p: float = 0.0,  # ok: B1
    bias=None,
):
    if q.shape[0] <= 16:
        return _small_varlen_kernel(q, k, v, cu_seqlens)
    return None


def tiny_mha_varlen_fwd(q, k, v, dropout_p=0.0, bias=None):  # ok: B1
    if q.shape[0] <= 4:
        assert bias is None
        return _tiny_varlen_kernel(q, k, v, dropout_p=dropout_p)
    return None
