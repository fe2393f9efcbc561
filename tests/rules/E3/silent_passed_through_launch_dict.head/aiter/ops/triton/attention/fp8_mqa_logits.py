from aiter.ops.triton._triton_kernels.attention.fp8_mqa_logits import (
    launch_fp8_mqa_logits as run,
)
import torch


def launch_logits(q, kv, block_kv=64, block_m=1):  # ok: E3 (the wrapper below passes it through a dict)
    return run(q, kv, block_kv, block_m)


def fp8_mqa_logits(q, kv):
    other = {"block_m": 2 if q.shape[0] > 4096 else 1}
    return launch_logits(q, kv, **other)


def fp8_mqa_logits_ref(q, kv):
    return torch.einsum("md,nd->mn", q.float(), kv.float())
