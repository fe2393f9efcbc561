# SPDX-License-Identifier: MIT
# Copyright (C) 2025, Advanced Micro Devices, Inc. All rights reserved.

from .mega_moe_common import build

STAGE2_NAME = "mega_moe_stage2"


def compile_stage2(arch, config):
    tile = config.tile
    if not arch.startswith("gfx95"):  # ok: C3 (fails loudly on other archs)
        # the CDNA4 scaled MFMA is needed
        raise RuntimeError(f"stage2 requires CDNA4, got {arch}")
    return build(tile)
