import torch
from aiter.jit.utils.chip_info import get_gfx


def fp8_dtype():
    return torch.float8_e4m3fnuz if "gfx942" in get_gfx() else torch.float8_e4m3fn  # expect: C2

