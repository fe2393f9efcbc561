import triton
import triton.language as tl


@triton.jit
def _gather_topk_kernel(
    src_ptr,
    idx_ptr,
    out_ptr,
    n_tokens,
    BLOCK: tl.constexpr,
    # SKIP_SENTINEL_CHECK is safe only because the caller (topk_gather) compacts
    # idx so that it never holds the -1 sentinel when the flag is set.
    SKIP_SENTINEL_CHECK: tl.constexpr,  # ok: B4
):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n_tokens
    idx = tl.load(idx_ptr + offs, mask=mask, other=0)
    if SKIP_SENTINEL_CHECK:
        valid = mask
    else:
        valid = mask & (idx >= 0)
    vals = tl.load(src_ptr + idx, mask=valid, other=0.0)
    tl.store(out_ptr + offs, vals, mask=mask)
