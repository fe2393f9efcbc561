from aiter.jit.utils.chip_info import get_gfx


def dcp_persistent_ok():
    return get_gfx() == "gfx950"


def index_cache_dtype():
    if get_gfx() == "gfx942":
        return "fp8"
    return False

