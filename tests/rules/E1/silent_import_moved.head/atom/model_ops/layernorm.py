import torch
import torch.nn as nn

from atom.config import get_current_atom_config

from aiter import rms_norm  # ok: E1

class RMSNorm(nn.Module):
    def __init__(self, dim, eps=1e-6):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(dim))
        self.eps = eps
        self.sensitive = get_current_atom_config().use_sensitive_rmsnorm

    def forward(self, x):
        return rms_norm(x, self.weight, self.eps)
