import torch
from aiter.jit.utils.chip_info import get_gfx


class FusedMoE:
    def __init__(self, num_experts, small=False):
        self.num_experts = num_experts
        self.small = small

    def use_triton(self):
        gfx = get_gfx()
        return gfx.startswith("gfx94")  # ok: C3 (the base had this literal: only the gfx12 term went)


