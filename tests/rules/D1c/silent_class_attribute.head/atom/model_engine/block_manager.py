from atom.logger import logger
from collections import deque


class BlockManager:
    block_size: int = 16
    prefix_caching = False

    def __init__(self, config):
        if self.prefix_caching or self.block_size > 1:  # ok: D1c
            logger.info("prefix caching on")
        self.block_size = config.kv_cache_block_size
        self.prefix_caching = config.enable_prefix_caching
        self.free_block_ids = deque(range(config.num_kvcache_blocks))
        self.used_block_ids = set()
