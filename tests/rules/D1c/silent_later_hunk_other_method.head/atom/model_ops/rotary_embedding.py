import torch
from torch import nn

from atom.logger import logger
from atom.model_ops.rope_utils import build_cache, compute_inv_freq


class RotaryEmbedding(nn.Module):
    def __init__(self, head_size, max_position, base):
        super().__init__()
        self.head_size = head_size
        self.max_position = max_position
        self.base = base
        inv_freq = compute_inv_freq(base, head_size)
        self.inv_freq = inv_freq
        self._cos_sin_cache = None
        self.is_neox_style = True
        self.rotary_dim = head_size
        self.dtype = torch.get_default_dtype()
        self.register_buffer(
            "positions_offset",
            torch.zeros(1, dtype=torch.long),
            persistent=False,
        )
        self.cached_tokens = 0

    def forward(
        self,
        hidden_states: torch.Tensor,
        positions: torch.Tensor,
    ) -> torch.Tensor:
        num_tokens = positions.shape[0]
        if self._cos_sin_cache is None:  # ok: D1c
            logger.info("building rotary cache")
        self._cos_sin_cache = build_cache(num_tokens)
        return self._apply(positions)

    def _apply(self, positions):
        cos_sin = self._cos_sin_cache.index_select(0, positions)
        return cos_sin
