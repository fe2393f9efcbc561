import logging

from atom.model_engine.model_runner import ModelRunner
from atom.model_engine.scheduler import Scheduler

logger = logging.getLogger("atom")


class EngineCore:
    def __init__(self, config):
        self.config = config
        self.scheduler = Scheduler(config)
        self.runner = ModelRunner(config, rank=0)
        self.num_steps = 0

    def post_process(self, fwd_out):
        self.num_steps += 1
        self.scheduler.postprocess(fwd_out)

    def step(self, seqs):
        has_seqs = len(seqs) > 0
        if has_seqs:
            fwd_out = self.runner.forward(seqs)
        if not has_seqs:
            return False
        self.post_process(fwd_out)  # ok: D1b
        return True

    def shutdown(self):
        logger.info("engine core shut down after %d steps", self.num_steps)
        self.runner.exit()
