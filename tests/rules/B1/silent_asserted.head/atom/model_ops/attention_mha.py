import aiter
from aiter.ops.triton.paged_attention import triton_paged_attention


class PagedAttention:
    def __init__(self, use_triton=False):
        self.use_triton = use_triton

    def forward(self, q, k_cache, v_cache, block_table, seq_lens, window_size=None):
        if self.use_triton:
            assert window_size is None, "triton paged attention has no sliding window"  # ok: B1
            return triton_paged_attention(q, k_cache, v_cache, block_table, seq_lens)
        else:
            return aiter.paged_attention(q, k_cache, v_cache, block_table, seq_lens, window_size=window_size)
