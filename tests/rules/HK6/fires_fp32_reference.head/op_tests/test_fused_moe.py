import pytest
import torch

from aiter import fused_moe
from aiter.test_common import torch_moe


@pytest.mark.parametrize("tokens,experts", [(1, 8), (128, 8), (4096, 16)])
def test_fused_moe(tokens, experts):
    x = torch.randn(tokens, 4096, dtype=torch.bfloat16, device="cuda")
    w = torch.randn(experts, 4096, 4096, dtype=torch.bfloat16, device="cuda")
    ref_out = torch_moe(x.float(), w.float())  # expect: HK6
    expected = torch_moe(x, w).to(torch.float32)  # ok: HK6
    expected = expected.to(torch.bfloat16)
    out = fused_moe(x, w)
    torch.testing.assert_close(out.float(), ref_out, atol=1e-1, rtol=1e-1)
    torch.testing.assert_close(out, expected)
    return out

