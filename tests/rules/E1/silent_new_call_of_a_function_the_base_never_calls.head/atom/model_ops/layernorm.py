import torch
from aiter.dist.communication_op import (
    fused_allreduce_rmsnorm_quant,
)


class RMSNorm(torch.nn.Module):
    def forward(self, x, residual):
        return x + residual

    def forward_fused(self, x, residual):
        return fused_allreduce_rmsnorm_quant(
            x,
            residual,
            emit_bf16=True,  # ok: E1
        )
