import torch

from aiter.jit.utils.chip_info import get_gfx

def fp8_dtype():
    return torch.float8_e4m3fn


def is_fnuz(t):
    return t.dtype == torch.float8_e4m3fnuz  # ok: C2

