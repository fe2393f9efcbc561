from aiter.jit.utils.chip_info import get_gfx


def dcp_persistent_ok():
    if get_gfx() in ("gfx942", "gfx950"):
        return True
    return False

