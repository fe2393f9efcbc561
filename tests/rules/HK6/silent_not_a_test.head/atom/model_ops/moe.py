import torch
from aiter import fused_topk


def route(router_logits, top_k):
    return fused_topk(router_logits, top_k, renormalize=True)


def moe(x, w):
    x = x.to(torch.bfloat16)
    ref_out = x.float()
    assert torch.allclose(ref_out, x.float())
    return x

