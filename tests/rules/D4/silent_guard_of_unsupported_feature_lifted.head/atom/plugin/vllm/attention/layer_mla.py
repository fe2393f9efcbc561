import torch

from atom.model_ops.cache import attend, gather, gather_and_dequant


class MLADecode:
    def __init__(self, config):
        self.scale = config.softmax_scale

    def decode(self, q, kv_cache, k_scale):
        # fp8 caches come with their scale: dequantise while gathering.
        if kv_cache.dtype == torch.float8_e4m3fn:
            kv = gather_and_dequant(kv_cache, k_scale)
        else:
            kv = gather(kv_cache)
        out = attend(q, kv, self.scale)
        return out
