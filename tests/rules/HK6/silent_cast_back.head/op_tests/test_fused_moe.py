import pytest
import torch

from aiter import fused_moe
from aiter.test_common import torch_moe


@pytest.mark.parametrize("tokens,experts", [(1, 8), (128, 8), (4096, 16)])
def test_fused_moe(tokens, experts):
    x = torch.randn(tokens, 4096, dtype=torch.bfloat16, device="cuda")
    w = torch.randn(experts, 4096, 4096, dtype=torch.bfloat16, device="cuda")
    ref_out = torch_moe(x.float(), w.float())
    out = fused_moe(x, w)
    torch.testing.assert_close(out, ref_out.to(out.dtype), atol=1e-2, rtol=1e-2)
    ref = torch.matmul(x, w[0]).float()
    ref = ref.to(torch.bfloat16)
    assert torch.allclose(out, ref)
    return out

