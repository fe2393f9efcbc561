import torch
from atom.model_ops.utils import normalize_e4m3fn_to_e4m3fnuz
from aiter.jit.utils.chip_info import get_gfx

def fp8_dtype():
    return torch.float8_e4m3fn


def load_fp8_weight(weight, scale):
    if get_gfx() == "gfx942":  # ok: C2
        weight, scale = normalize_e4m3fn_to_e4m3fnuz(weight, scale)
    return weight, scale

