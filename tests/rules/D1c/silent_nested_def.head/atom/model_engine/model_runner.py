from atom.model_engine.cuda_graph import GraphPool


class ModelRunner:
    def __init__(self, config):
        self.config = config

        def warmup():
            return self.graph_pool.capture(self.config)  # ok: D1c

        self.on_ready = lambda: self.graph_pool.reset()  # ok: D1c
        self.warmup = warmup
        self.graph_pool = GraphPool(config)
        self.rank = config.rank

    def exit(self):
        self.graph_pool.reset()
