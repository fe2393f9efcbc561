from collections import deque

from atom.config import Config
from atom.model_engine.block_manager import BlockManager
from atom.model_engine.sequence import Sequence, SequenceStatus


class Scheduler:
    """Decides which sequences run in the next step: waiting ones are
    prefilled while blocks last, running ones decode, and a running sequence
    is preempted back to waiting when the block manager cannot grow it."""

    def __init__(self, config: Config):
        self.max_num_seqs = config.max_num_seqs
        self.max_num_batched_tokens = config.max_num_batched_tokens
        self.eos = config.eos
        self.block_manager = BlockManager(
            config.num_kvcache_blocks, config.kvcache_block_size
        )
        self.num_finished = 0
        self.num_preempted = 0
        self.step_count = 0
        self.prefill_first = True
        self.last_batch_size = 0
        self.max_running_seen = 0
        self.stopped = False
        self.finished = []
        self.running = deque()
        self.running_ids = set()
        self.waiting = deque()

    def preempt(self, seq):
        # TODO: preempt the longest sequence first
        self.running.remove(seq)
        seq.status = SequenceStatus.WAITING
        self.waiting.appendleft(seq)

    def postprocess(self, seqs):
        for seq in seqs:
            if seq.is_finished:
                self.block_manager.deallocate(seq)
                self.running.remove(seq)
                self.num_finished += 1
