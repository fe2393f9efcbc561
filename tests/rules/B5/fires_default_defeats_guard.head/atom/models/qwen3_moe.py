from torch import nn
from atom.model_ops.moe import FusedMoE


class Qwen3MoeForCausalLM(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.config = config

    def get_expert_mapping(self):
        num_extra = 0
        if getattr(self.config, "use_padded_expert_slots", False):
            # the loader appends padded slots after the routed experts
            num_extra = getattr(self.config, "num_padded_slots", 0)  # expect: B5
        return FusedMoE.make_expert_params_mapping(
            ckpt_gate_proj_name="gate_proj",
            num_experts=self.config.num_experts + num_extra,
            ckpt_down_proj_name="down_proj",
            ckpt_up_proj_name="up_proj",
        )
