import triton
import triton.language as tl


@triton.jit
def _hstu_attn_fwd_compute(
    K,
    V,
    seq_offsets,
    stride_kn,
    stride_kh,
    stride_vn,
    stride_vh,
    seq_len,
    HEAD_DIM: tl.constexpr,
):
    off_z = tl.program_id(0)
    off_h = tl.program_id(1)
    seq_start = tl.load(seq_offsets + off_z)
    K_base = K + off_h * stride_kh + seq_start * stride_kn  # ok: D9
    K_block_ptr = tl.make_block_ptr(
        base=K_base,
        shape=(seq_len, HEAD_DIM),
    )
    V_base = V + off_h * stride_vh + seq_start * stride_vn  # expect: D9
    return K_block_ptr
