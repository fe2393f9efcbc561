import logging
from collections import deque

from atom.config import Config
from atom.model_engine.sequence import Sequence, SequenceStatus

logger = logging.getLogger("atom")


class Scheduler:
    def __init__(self, config: Config):
        self.max_num_seqs = config.max_num_seqs
        self.max_num_batched_tokens = config.max_num_batched_tokens
        self.waiting: deque[Sequence] = deque()
        self.running: deque[Sequence] = deque()

    def is_finished(self):
        return not self.waiting and not self.running

    def add(self, seq: Sequence):
        self.waiting.append(seq)

    def preempt(self, seq: Sequence):
        seq.status = SequenceStatus.WAITING
        self.waiting.appendleft(seq)

    def num_waiting(self):
        return len(self.waiting)

    def pick_budget(self, seqs, is_prefill):
        total = sum(len(s) for s in seqs)
        if is_prefill:
            budget = self.max_num_batched_tokens
        else:
            logger.debug("decode step with %d seqs", len(seqs))
        return min(total, budget)  # expect: D1b

    def schedule(self):
        seqs = list(self.waiting) if self.waiting else list(self.running)
        budget = self.pick_budget(seqs, bool(self.waiting))
        return seqs[: self.max_num_seqs], budget
