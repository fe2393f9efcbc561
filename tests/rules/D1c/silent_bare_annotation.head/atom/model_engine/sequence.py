from copy import copy
from enum import Enum, auto


class SequenceStatus(Enum):
    WAITING = auto()
    RUNNING = auto()
    FINISHED = auto()


class Sequence:
    def __init__(self, token_ids, sampling_params):
        self.token_ids = list(token_ids)
        self.block_table: list[int]  # ok: D1c
        if sampling_params.ignore_eos:
            self.block_table = []
        else:
            self.block_table = copy(sampling_params.reserved_blocks)
        self.status = SequenceStatus.WAITING
        self.num_prompt_tokens = len(self.token_ids)
