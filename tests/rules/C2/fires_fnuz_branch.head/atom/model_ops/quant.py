import torch
from aiter.jit.utils.chip_info import get_gfx


def fp8_dtype():
    if get_gfx() == "gfx942":  # expect: C2
        return torch.float8_e4m3fnuz
    return torch.float8_e4m3fn

