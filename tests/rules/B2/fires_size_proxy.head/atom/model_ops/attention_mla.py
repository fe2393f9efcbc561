from aiter import mla_decode_fwd, mla_prefill_fwd


class MLAAttention:
    def __init__(self, config):
        self.scale = config.head_dim**-0.5
        self.num_heads = config.num_heads
        self.kv_lora_rank = config.kv_lora_rank

    def forward(self, q, kv_cache, attn_metadata):
        if attn_metadata.max_seqlen_q == 1:  # expect: B2
            return self._forward_decode(q, kv_cache, attn_metadata)
        return self._forward_prefill(q, kv_cache, attn_metadata)

    def _forward_prefill(self, q, kv_cache, attn_metadata):
        return mla_prefill_fwd(q, kv_cache, attn_metadata.cu_seqlens_q, self.scale)

    def _forward_decode(self, q, kv_cache, attn_metadata):
        use_single_token = q.shape[0] == 1  # expect: B2
        return mla_decode_fwd(q, kv_cache, attn_metadata.block_tables, self.scale,
                              single_token=use_single_token)
