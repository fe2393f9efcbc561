import torch


def compute_roofline(fn, inputs):
    total = 0

    def inject_proxy_and_call(args_, kwargs_):  # ok: B5 (a closure: nothing outside can call it)
        return fn(*args_, **kwargs_)

    return inject_proxy_and_call(inputs, {})
