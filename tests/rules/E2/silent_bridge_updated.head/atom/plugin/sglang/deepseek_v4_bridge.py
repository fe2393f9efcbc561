class DeepseekV4Bridge:
    """Runs ATOM DeepSeek-V4 layers inside an SGLang model runner."""

    def __init__(self, kv_cache):
        self.kv_cache = kv_cache

    def run_attention(self, layer, q, k_c, k_pe, meta):
        return layer.attn(q, k_c, k_pe, meta)
