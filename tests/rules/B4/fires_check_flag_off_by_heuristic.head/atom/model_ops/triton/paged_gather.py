import triton
import triton.language as tl


@triton.jit
def _paged_gather_kernel(
    src_ptr,
    slot_ptr,
    out_ptr,
    n_tokens,
    BLOCK: tl.constexpr,
    CHECK_SLOT_SENTINEL: tl.constexpr,  # expect: B4
):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    in_range = offs < n_tokens
    slot = tl.load(slot_ptr + offs, mask=in_range, other=-1)
    # Short tables never hold -1 slots.
    if CHECK_SLOT_SENTINEL:
        valid = in_range & (slot >= 0)
    else:
        valid = in_range
    vals = tl.load(src_ptr + slot, mask=valid, other=0.0)
    tl.store(out_ptr + offs, vals, mask=in_range)


def paged_gather(src, slots, out):
    n = slots.numel()
    block = 128
    avg_len = slots.numel() / max(out.shape[0], 1)
    check_sentinel = not (0 < avg_len <= 16)
    _paged_gather_kernel[(triton.cdiv(n, block),)](
        src,
        slots,
        out,
        n,
        BLOCK=block,
        CHECK_SLOT_SENTINEL=check_sentinel,
    )
