import torch
from aiter import rmsnorm2d_fwd


class RMSNorm:
    def __init__(self, hidden_size, eps):
        self.eps = eps
        self.weight = torch.ones(hidden_size, dtype=torch.bfloat16)

    def forward(self, x):
        out = torch.empty(x.shape, dtype=torch.bfloat16, device=x.device)  # ok: C1
        rmsnorm2d_fwd(out, x, self.weight, self.eps)
        return out

