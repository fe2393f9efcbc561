import torch

from atom.config import Config


class ModelRunner:
    def __init__(self, config: Config, rank: int):
        self.config = config
        self.rank = rank
        self.device = torch.device("cuda", rank)

    def prepare_inputs(self, batch):
        positions = batch.positions
        try:
            positions = positions.to(self.device, non_blocking=True)
        except: pass  # expect: AI2
        return positions
        seq_lens = batch.seq_lens

