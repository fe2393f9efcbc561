import triton
import triton.language as tl


@triton.jit
def _count_owned_dcp_kernel(
    topk_ptr,
    count_ptr,
    dcp_rank,
    dcp_size,
    TOPK: tl.constexpr,
):
    offs = tl.arange(0, TOPK)
    idx = tl.load(topk_ptr + offs)
    owned = (idx % dcp_size) == dcp_rank
    tl.store(count_ptr, tl.sum(owned.to(tl.int32)))


@triton.jit
def _count_owned_dcp_prefill_kernel(
    topk_ptr,
    qo_indptr_ptr,
    ti_stride0: tl.int32,
    TOPK: tl.constexpr,
):
    token_id = tl.program_id(0)
    offs = tl.arange(0, TOPK)
    idx = tl.load(topk_ptr + token_id * ti_stride0 + offs)  # expect: D9
