from aiter.jit.utils.chip_info import get_gfx


def select_decode_kernel(num_heads, kv_dim):
    if get_gfx() == "gfx950" and num_heads <= 16:  # expect: C3
        return "mla_decode_gfx950"
    if num_heads <= 16:
        return "mla_decode_small"
    return "mla_decode"


def latent_cache_shape(num_blocks, block_size):
    return (num_blocks, block_size, 576)  # expect: C3

