import torch


class ModelRunner:
    def capture_cudagraph(self):
        for bs in self.graph_batch_sizes:
            graph = torch.cuda.CUDAGraph()
            with torch.cuda.graph(graph, self.graph_pool):
                outputs = self.run_model_graphed(self.input_ids[:bs], self.positions[:bs])
            self.graphs[bs] = graph

    def run_model_graphed(self, input_ids, positions):
        scratch = torch.empty(input_ids.shape[0], self.hidden_size, device="cuda")  # expect: B3
        hidden = self.model(input_ids, positions, scratch=scratch)
        return hidden

    def prepare_inputs(self, batch):
        seq_lens = torch.tensor(batch.seq_lens, dtype=torch.int32)
        max_len = seq_lens.max().item()  # ok: B3
        return seq_lens, max_len
