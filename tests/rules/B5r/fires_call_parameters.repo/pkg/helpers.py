from pkg.ops import fused


def double(x):
    return fused(x, factor=2.0)
