from collections import deque

from atom.logger import logger
from atom.model_engine.base import SchedulerBase


class Scheduler(SchedulerBase):
    def __init__(self, config):
        super().__init__(config)
        for token_id in self.stop_token_ids:  # ok: D1c
            logger.debug("stop token %d", token_id)
        self.stop_token_ids = config.stop_token_ids
        self.waiting = deque()

    def add(self, seq):
        self.waiting.append(seq)
