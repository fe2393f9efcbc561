import functools


def fused(x, scale=1.0, mask=None):
    return x * scale


def gemm(a, b):
    return a @ b


def flexible(x, **options):
    return x


@functools.lru_cache
def cached(key, legacy=False):
    return key
