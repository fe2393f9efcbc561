import torch

import aiter
from atom.utils.custom_register import torch_compile_guard


def _per_token_quant_fake(x: torch.Tensor) -> torch.Tensor:
    return torch.empty(x.shape, dtype=torch.float8_e4m3fnuz, device=x.device)


@torch_compile_guard(gen_fake=_per_token_quant_fake, mutates_args=[])
def per_token_quant(x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:  # expect: D6
    q = torch.empty(x.shape, dtype=torch.float8_e4m3fnuz, device=x.device)
    scale = torch.empty((x.shape[0], 1), dtype=torch.float32, device=x.device)
    aiter.dynamic_per_token_scaled_quant(q, x, scale)
    return q, scale
