from aiter.jit.utils.chip_info import get_gfx


def use_asm_gemm():
    if get_gfx().startswith("gfx9"):
        return True
    return False

