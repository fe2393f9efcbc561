import triton
import triton.language as tl


@triton.jit
def _gather_topk_kernel(
    src_ptr,
    idx_ptr,
    out_ptr,
    n_tokens,
    BLOCK: tl.constexpr,
    OUT_BF16: tl.constexpr,  # ok: B4
):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n_tokens
    idx = tl.load(idx_ptr + offs, mask=mask, other=0)
    valid = mask & (idx >= 0)
    vals = tl.load(src_ptr + idx, mask=valid, other=0.0)
    if OUT_BF16:
        vals = vals.to(tl.bfloat16)
    tl.store(out_ptr + offs, vals, mask=mask)
