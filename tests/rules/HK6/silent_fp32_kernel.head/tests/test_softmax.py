import torch
from aiter.ops.triton.softmax import softmax


def test_softmax():
    x = torch.randn(8, 128, device="cuda")
    ref = torch.softmax(x.double(), -1)
    torch.testing.assert_close(softmax(x).double(), ref)
    return x

