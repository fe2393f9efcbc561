import triton
import triton.language as tl
import torch


def gemm_a8w8_bpreshuffle_fake(xq, wq, x_scale, w_scale, out=None):  # ok: E3 (a fake mirrors the real op)
    return torch.empty(xq.shape[0], wq.shape[0], dtype=torch.bfloat16)


@triton.jit
def _scale_kernel(x_ptr, n, BLOCK: tl.constexpr, KH_BLOCK: tl.constexpr = 1):  # ok: E3 (the launcher fills it)
    pass
