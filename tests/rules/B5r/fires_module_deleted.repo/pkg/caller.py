from pkg.core import kernel
from pkg.core import kernel_v2
from torch import something_new


def go():
    return kernel() + kernel_v2() + something_new()
