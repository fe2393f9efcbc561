import pytest
import torch

from aiter.fused_moe import fused_moe, torch_moe


def make_moe_inputs(num_tokens, dtype):
    w1 = torch.randn(8, 512, 7168, dtype=dtype, device="cuda")
    w2 = torch.randn(8, 7168, 256, dtype=dtype, device="cuda")
    topk_weights, topk_ids = torch.rand(num_tokens, 8, device="cuda").topk(2, dim=-1)
    return w1, w2, topk_ids.to(torch.int32), topk_weights


@pytest.mark.parametrize("dtype", [torch.bfloat16])
@pytest.mark.parametrize("num_tokens", [1, 128])
def test_fused_moe(dtype, num_tokens):
    x = torch.randn(num_tokens, 7168, dtype=dtype, device="cuda")
    w1, w2, topk_ids, topk_weights = make_moe_inputs(num_tokens, dtype)
    out = fused_moe(x, w1, w2, topk_weights, topk_ids)
    ref = torch_moe(x, w1, w2, topk_weights, topk_ids)
    torch.testing.assert_close(out, ref, atol=5e-2, rtol=1e-2)  # expect: AI3

