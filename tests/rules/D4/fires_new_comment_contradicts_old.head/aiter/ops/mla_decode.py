import torch

from aiter import dtypes, mla_decode_stage1_asm_fwd


def mla_decode_fwd(
    q: torch.Tensor,
    kv_buffer: torch.Tensor,
    o: torch.Tensor,
    kv_indptr: torch.Tensor,
    kv_scale_buff: torch.Tensor | None = None,
    kv_rope_buff: torch.Tensor | None = None,
):
    num_tokens = q.shape[0]
    num_kv_heads = kv_buffer.shape[-2]
    if kv_scale_buff is None:
        # The kernel fills the first 14 bytes; the tail is never read by the asm
        # reader, so no zero-init is needed.
        kv_scale_buff = torch.empty(  # expect: D4
            (num_tokens, num_kv_heads, 64), dtype=dtypes.fp8, device=q.device
        )
    if kv_rope_buff is None:
        kv_rope_buff = torch.empty((num_tokens, num_kv_heads, 64), dtype=q.dtype, device=q.device)
    mla_decode_stage1_asm_fwd(q, kv_buffer, o, kv_indptr, kv_scale_buff, kv_rope_buff)
    return o
