import torch
from torch import nn

from aiter import QuantType
from aiter import gemm_a8w8_blockscale, gemm_a8w8_per_token
from atom.model_ops.utils import gemm_bf16, gemm_bf16_scaled


class LinearBase(nn.Module):
    def __init__(
        self,
        input_size: int,
        output_size: int,
        bias: bool = False,
        quant_type: QuantType = QuantType.No,
        params_dtype: torch.dtype = torch.bfloat16,
    ):
        super().__init__()
        self.input_size = input_size
        self.output_size = output_size
        self.quant_type = quant_type
        self.params_dtype = params_dtype
        self.weight = nn.Parameter(
            torch.empty(output_size, input_size, dtype=params_dtype),
            requires_grad=False,
        )
        self.weight_scale = nn.Parameter(
            torch.ones(output_size, 1, dtype=torch.float32),
            requires_grad=False,
        )
        self.norm_weight = nn.Parameter(
            torch.ones(input_size, dtype=params_dtype),
            requires_grad=False,
        )
        if bias:
            self.bias = nn.Parameter(torch.empty(output_size, dtype=params_dtype))
        else:
            self.register_parameter("bias", None)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        gemm = gemm_bf16_scaled
        if self.quant_type == QuantType.per_Token:
            gemm = gemm_a8w8_per_token
        elif self.quant_type == QuantType.per_1x128:
            gemm = gemm_a8w8_blockscale
        return gemm(x, self.weight, self.weight_scale)  # ok: D1b

    def extra_repr(self) -> str:
        return f"in_features={self.input_size}, out_features={self.output_size}"
