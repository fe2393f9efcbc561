# SPDX-License-Identifier: MIT
# Copyright (C) 2024-2025, Advanced Micro Devices, Inc. All rights reserved.

"""The environment variables ATOM reads; access them as ``envs.NAME``."""

import os

environment_variables = {
    "ATOM_DP_RANK": lambda: int(os.getenv("ATOM_DP_RANK", "0")),
    "ATOM_DEBUG": lambda: os.getenv("ATOM_DEBUG", "0") == "1",
    "ATOM_USE_FUSED_GEMM": lambda: os.getenv("ATOM_USE_FUSED_GEMM", "0") == "1",
}


def __getattr__(name):
    if name in environment_variables:
        return environment_variables[name]()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
