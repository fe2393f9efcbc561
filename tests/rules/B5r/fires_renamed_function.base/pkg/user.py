import pkg.ops as ops


def run(x):
    return ops.old_fn(x, 2.0)
