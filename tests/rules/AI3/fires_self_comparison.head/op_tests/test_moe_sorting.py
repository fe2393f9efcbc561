import pytest
import torch

from aiter import moe_sorting


@pytest.mark.parametrize("num_tokens", [1, 33, 256])
@pytest.mark.parametrize("num_experts,topk", [(64, 6), (256, 8)])
def test_moe_sorting(num_tokens, num_experts, topk):
    topk_ids = torch.randint(0, num_experts, (num_tokens, topk), device="cuda")
    sorted_ids = moe_sorting(topk_ids, num_experts)
    torch.testing.assert_close(sorted_ids, sorted_ids)  # expect: AI3
    assert True  # expect: AI3


def test_moe_sorting_shapes():
    assert sorted_ids.shape[0] >= num_tokens

