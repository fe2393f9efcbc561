import torch


def pad_for_all_gather(x, max_tokens):
    n, d = x.shape
    # padded rows are read back by the fused-MoE GEMM: they must be zero
    padded = torch.empty((max_tokens, d), dtype=x.dtype, device=x.device)  # expect: D4
    padded[:n] = x
    return padded
