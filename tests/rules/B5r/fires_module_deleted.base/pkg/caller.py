from pkg.core import kernel


def go():
    return kernel()
