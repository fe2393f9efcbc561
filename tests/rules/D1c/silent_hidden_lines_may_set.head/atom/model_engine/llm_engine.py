import atexit

import torch.multiprocessing as mp
from transformers import AutoTokenizer

from atom.model_engine.model_runner import ModelRunner
from atom.model_engine.scheduler import Scheduler
from atom.config import Config


class LLMEngine:
    def __init__(self, model, **kwargs):
        config = Config(model, **kwargs)
        self.ps = list()
        self.events = []
        ctx = mp.get_context("spawn")
        for i in range(1, config.tensor_parallel_size):
            event = ctx.Event()
            process = ctx.Process(target=ModelRunner, args=(config, i, event))
            process.start()
            self.ps.append(process)
            self.events.append(event)
        # the scheduler needs the tokenizer's eos id: built below
        self.scheduler = None
        self.num_requests = 0
        if config.kv_cache_dtype == "auto":
            config.kv_cache_dtype = "bfloat16"
        self.config = config
        self.started = False
        self.events.append(ctx.Event())
        self.model_runner = ModelRunner(config, 0, self.events)
        self.tokenizer = AutoTokenizer.from_pretrained(config.model, use_fast=True)
        config.eos_token_id = self.tokenizer.eos_token_id
        if self.scheduler is not None:  # ok: D1c
            self.scheduler.reset()
        self.scheduler = Scheduler(config)
        atexit.register(self.exit)

    def exit(self):
        self.model_runner.call("exit")
        for process in self.ps:
            process.join()
