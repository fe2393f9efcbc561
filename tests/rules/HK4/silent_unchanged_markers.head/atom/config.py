import os
from dataclasses import dataclass, field
from typing import Optional

import torch


@dataclass
class Config:
    model: str
    max_num_batched_tokens: int = 16384
    max_num_seqs: int = 512
    max_model_len: int = 4096
    gpu_memory_utilization: float = 0.9
    tensor_parallel_size: int = 1
    enforce_eager: bool = False
    block_size: int = 16
    num_kvcache_blocks: int = -1
    kv_cache_dtype: str = "bf16"
    hf_config: Optional[object] = None
    eos: int = -1
    extra: dict = field(default_factory=dict)

    def __post_init__(self):
        assert os.path.isdir(self.model), f"{self.model} is not a model folder"
        assert 1 <= self.tensor_parallel_size <= 8
        self.max_model_len = max(self.max_model_len, 1)

    @property
    def torch_dtype(self):
        return torch.bfloat16 if self.kv_cache_dtype == "bf16" else torch.float8_e4m3fnuz

    def kv_cache_bytes(self, num_layers, num_kv_heads, head_dim):
        per_token = 2 * num_layers * num_kv_heads * head_dim
        return per_token * self.block_size * self.num_kvcache_blocks

    def describe(self):
        return f"{self.model} tp={self.tensor_parallel_size} block={self.block_size}"

    def validate(self):
        # TODO: validate kv_cache_dtype against the arch
        if self.block_size < 1:
            raise ValueError("block_size must be positive")
        return True

