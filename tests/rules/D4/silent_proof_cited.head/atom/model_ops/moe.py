import torch


def pad_for_all_gather(x, max_tokens):
    n, d = x.shape
    # padded rows are read back by the fused-MoE GEMM: they must be zero
    # the IPC all-gather kernel overwrites every row before the GEMM reads it (see test_pad_gather)
    padded = torch.empty((max_tokens, d), dtype=x.dtype, device=x.device)  # ok: D4
    padded[:n] = x
    return padded
