import torch

from atom.logger import logger


class ModelRunner:
    def __init__(self, config):
        self.config = config
        self.graph_bs = config.cuda_graph_batch_sizes
        self.graphs = {}
        self.graph_pool = None

    def capture_graphs(self, batch_sizes):
        for bs in batch_sizes:
            self.capture(bs)
        if self.graph_pool is None:  # ok: D1c
            logger.info("first capture")
        self.graph_pool = torch.cuda.graph_pool_handle()

    def capture(self, bs):
        graph = torch.cuda.CUDAGraph()
        with torch.cuda.graph(graph, self.graph_pool):
            self.run_model(bs)
        self.graphs[bs] = graph
