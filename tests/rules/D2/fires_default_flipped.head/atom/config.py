from dataclasses import dataclass, field

from atom.utils import envs


@dataclass
class CompilationConfig:
    """Options of the torch.compile / CUDA-graph path."""

    level: int = 3
    use_fused_rope_cache: bool = True  # expect: D2
    cudagraph_capture_sizes: list[int] = field(default_factory=list)
