import triton
import triton.language as tl

# one KV-cache slot holds NUM_HEADS heads of HEAD_DIM values
HEAD_DIM = 128
NUM_HEADS = 32


@triton.jit
def _kv_write_kernel(src_ptr, dst_ptr, slot_ptr, stride_src):
    token_id = tl.program_id(0)
    offs = tl.arange(0, 128)
    x = tl.load(src_ptr + token_id * stride_src + offs)  # expect: D9
    slot = tl.load(slot_ptr + token_id)
    tl.store(dst_ptr + token_id * NUM_HEADS * HEAD_DIM + offs, x)  # expect: D9
