import torch


def old_fn(x, scale):
    return x * scale


def other(x):
    return x + 1
