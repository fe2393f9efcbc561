import os
from typing import Any, Callable

environment_variables: dict[str, Callable[[], Any]] = {
    "ATOM_USE_TRITON_MOE": lambda: os.getenv("ATOM_USE_TRITON_MOE", "0") == "1",
    "ATOM_USE_TRITON_GEMM": lambda: os.getenv("ATOM_USE_TRITON_GEMM", "0") == "1",
    "ATOM_USE_FUSED_ROPE_CACHE": lambda: os.getenv("ATOM_USE_FUSED_ROPE_CACHE", "1") == "1",
}


def __getattr__(name: str):
    if name in environment_variables:
        return environment_variables[name]()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
