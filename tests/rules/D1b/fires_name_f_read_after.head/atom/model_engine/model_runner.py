import logging
import os

import torch

from atom.config import Config
from atom.model_engine.block_manager import BlockManager

logger = logging.getLogger("atom")


class ModelRunner:
    def __init__(self, config: Config, rank: int):
        self.config = config
        self.rank = rank
        self.block_size = config.kv_cache_block_size
        self.device = torch.device("cuda", rank)
        self.block_manager = None

    def allocate_kv_cache(self, total_blocks):
        pool_blocks = self.build_swa_pool(total_blocks)
        self.block_manager = BlockManager(pool_blocks, self.block_size)
        return pool_blocks

    def num_free_blocks(self):
        if self.block_manager is None:
            return 0
        return self.block_manager.num_free_blocks()

    def build_swa_pool(self, total_blocks):
        if os.environ.get("ATOM_SWA_FULL_RETAIN"):
            f = float(os.environ["ATOM_SWA_FULL_RETAIN"])
        else:
            logger.info("full pool")
        pool_blocks = int(total_blocks * f)  # expect: D1b
        return pool_blocks

    def warmup(self):
        dummy = torch.zeros(1, dtype=torch.long, device=self.device)
        torch.cuda.synchronize(self.device)
        return dummy
