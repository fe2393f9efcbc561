import torch
from aiter.dist.communication_op import (
    fused_allreduce_rmsnorm_quant,
)


class RMSNorm(torch.nn.Module):
    def forward(self, x, residual):
        return fused_allreduce_rmsnorm_quant(
            x,
            residual,
            quant_type="per_token",
        )

    def forward_with_bf16(self, x, residual):
        return fused_allreduce_rmsnorm_quant(
            x,
            residual,
            quant_type="per_token",
        )
