from torch import nn
from atom.model_ops.moe import FusedMoE


class Qwen3MoeForCausalLM(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.config = config

    def get_expert_mapping(self):
        num_extra = 0
        if hasattr(self.config, "num_padded_slots"):
            num_extra = getattr(self.config, "num_padded_slots", 0)  # ok: B5
        if num_padded_slots == 0:
            num_extra = getattr(self.config, "num_padded_slots", 0)  # ok: B5
        if getattr(self.config, "use_padded_expert_slots", False):
            num_extra = getattr(self.config, "num_padded_slots", 0)  # ok: B5
            if num_extra == 0:
                raise ValueError("padded expert slots enabled without num_padded_slots")
        if getattr(self.config, "use_padded_expert_slots", False):
            num_extra = getattr(self.config, "num_padded_slots", None)  # ok: B5
            if num_extra is None:
                return self._mapping_without_padding()
        if self.use_fp8_moe:
            block = getattr(self.config, "weight_block_size", None)  # ok: B5
        return FusedMoE.make_expert_params_mapping(
            ckpt_gate_proj_name="gate_proj",
            num_experts=self.config.num_experts + num_extra,
            ckpt_down_proj_name="down_proj",
            ckpt_up_proj_name="up_proj",
        )

    def _mapping_without_padding(self):
        return FusedMoE.make_expert_params_mapping(
            ckpt_gate_proj_name="gate_proj",
            num_experts=self.config.num_experts,
            ckpt_down_proj_name="down_proj",
            ckpt_up_proj_name="up_proj",
        )
