import torch
from atom.config import get_current_atom_config

def use_fused_shared_experts(hf_config):
    model_type = hf_config.model_type
    if model_type in ("deepseek_v3", "kimi_k2", "glm4_moe"):
        return True
    return False

