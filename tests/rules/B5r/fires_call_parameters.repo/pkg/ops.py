import functools


def fused(x, scale=1.0):
    return x * scale


def gemm(a, b, *, out_dtype):
    return a @ b


def flexible(x, **options):
    return x


@functools.lru_cache
def cached(key):
    return key
