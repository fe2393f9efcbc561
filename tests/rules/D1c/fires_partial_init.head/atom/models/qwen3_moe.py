import torch
from torch import nn

from atom.distributed import get_tensor_model_parallel_world_size
from atom.model_ops.linear import ReplicatedLinear
from atom.model_ops.moe import FusedMoE, SharedExpert


class Qwen3MoeSparseBlock(nn.Module):
    def __init__(
        self,
        config,
        quant_config=None,
        layer_id: int = 0,
        prefix: str = "",
    ):
        super().__init__()
        self.tp_size = get_tensor_model_parallel_world_size()
        if self.use_shared_expert:  # expect: D1c
            self.shared = SharedExpert(config, prefix)
        self.num_experts = config.num_experts
        self.top_k = config.num_experts_per_tok
        if self.tp_size > config.num_experts:
            raise ValueError(
                f"Tensor parallel size {self.tp_size} is greater than "
                f"the number of experts {config.num_experts}."
            )
        self.experts = FusedMoE(
            num_experts=self.num_experts,
            top_k=self.top_k,
            hidden_size=config.hidden_size,
            intermediate_size=config.moe_intermediate_size,
            reduce_results=False,
            quant_config=quant_config,
            prefix=f"{prefix}.experts",
        )
        self.gate = ReplicatedLinear(
            config.hidden_size, self.num_experts, bias=False
        )
        self.use_shared_expert = config.shared_expert_intermediate_size > 0

    def forward(self, hidden_states: torch.Tensor) -> torch.Tensor:
        return self.experts(hidden_states)
