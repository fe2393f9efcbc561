import torch


class ModelRunner:
    def capture_cudagraph(self):
        for bs in self.graph_batch_sizes:
            graph = torch.cuda.CUDAGraph()
            with torch.cuda.graph(graph, self.graph_pool):
                outputs = self.run_model_graphed(self.input_ids[:bs], self.positions[:bs])
            self.graphs[bs] = graph

    def run_model_graphed(self, input_ids, positions):
        if self.scratch is not None:
            scratch = self.scratch[: input_ids.shape[0]]
        else:
            scratch = torch.empty(input_ids.shape[0], self.hidden_size, device="cuda")  # ok: B3
        residual = torch.empty_like(input_ids)  # expect: B3
        hidden = self.model(input_ids, positions, scratch=scratch)
        return hidden

    def prepare_inputs(self, batch):
        return torch.tensor(batch.seq_lens, dtype=torch.int32)
