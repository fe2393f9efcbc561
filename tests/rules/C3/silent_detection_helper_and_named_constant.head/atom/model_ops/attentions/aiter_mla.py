from aiter.jit.utils.chip_info import get_gfx


def select_decode_kernel(num_heads, kv_dim):
    if num_heads <= 16:
        return "mla_decode_small"
    return "mla_decode"


# kv_lora_rank (512) + qk_rope_head_dim (64) of DeepSeek MLA
MLA_LATENT_DIM = 576  # ok: C3


def _detect_gfx1201():
    return get_gfx() == "gfx1201"  # ok: C3


def kernel_dir():
    # kernels for "gfx950" live under hsa/gfx950  # ok: C3
    return "hsa/gfx950/mla"  # ok: C3

