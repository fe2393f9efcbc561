import functools

import pandas as pd

from aiter.jit.core import AITER_CONFIGS
from aiter.jit.utils.chip_info import get_cu_num, get_gfx


@functools.lru_cache(maxsize=1)
def get_GEMM_A16W16_config_():
    tuned = pd.read_csv(AITER_CONFIGS.AITER_CONFIG_GEMM_BF16_FILE)
    return tuned.set_index(["gfx", "cu_num", "M", "N", "K", "dtype"]).to_dict("index")


def is_skinny_default_shape(M, N, K, dtype, cu_num):
    return str(dtype) in ("torch.float16", "torch.bfloat16") and K % 8 == 0 and M <= 16 and N <= cu_num


def get_GEMM_A16W16_config(
    M: int,
    N: int,
    K: int,
    dtype: str,
    bpreshuffle: bool = False,
):
    cu_num = get_cu_num()
    gfx = get_gfx()
    config = get_GEMM_A16W16_config_().get((gfx, cu_num, M, N, K, str(dtype)))
    default_config = {"libtype": "torch", "solidx": 0}
    if not bpreshuffle:
        if config is not None:
            default_config = config
        elif gfx in ("gfx90a", "gfx942", "gfx950") and is_skinny_default_shape(
            M, N, K, dtype, cu_num
        ):
            default_config["libtype"] = "skinny"
            default_config["solidx"] = 2
    return default_config
