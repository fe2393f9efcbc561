import torch


def test_rmsnorm():
    x = torch.randn(4, 128, dtype=torch.bfloat16)  # ok: C1
    assert x.shape == (4, 128)

