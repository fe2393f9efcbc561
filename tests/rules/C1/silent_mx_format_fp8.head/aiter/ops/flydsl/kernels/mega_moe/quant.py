import functools

import torch

from .quant_kernel import build_quant_kernel


@functools.lru_cache(maxsize=None)
def _get_launcher(n, quant_mode):
    if quant_mode not in ("fp8", "fp4"):
        raise ValueError(f"unknown quant_mode {quant_mode}")
    kernel = build_quant_kernel(n, quant_mode)
    return kernel


def per_1x32_mx_quant(x, quant_mode="fp4"):
    m, n = x.shape
    if quant_mode == "fp4":
        y = torch.empty((m, n // 2), dtype=torch.uint8, device=x.device)
    else:
        y = torch.empty((m, n), dtype=torch.float8_e4m3fn, device=x.device)  # ok: C1

