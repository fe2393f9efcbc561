import triton
import triton.language as tl

# one KV-cache slot holds NUM_HEADS heads of HEAD_DIM values
HEAD_DIM = 128
NUM_HEADS = 32


@triton.jit
def _kv_write_kernel(src_ptr, dst_ptr, slot_ptr, stride_src):
    token_id = tl.program_id(0).to(tl.int64)
    offs = tl.arange(0, 128)
    x = tl.load(src_ptr + token_id * stride_src + offs)  # ok: D9
    tl.store(dst_ptr + token_id * NUM_HEADS * HEAD_DIM + offs, x)  # ok: D9
    seq_start = tl.program_id(1)
    flag = tl.load(slot_ptr + seq_start * 2)  # ok: D9
