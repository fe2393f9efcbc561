import torch
from torch import nn


class DeepseekV4ForCausalLM(nn.Module):
    def __init__(self, config, dp_group, embed, router, layers):
        super().__init__()
        self.config = config
        self.dp_group = dp_group
        self.embed = embed
        self.router = router
        self.layers = layers
        self.comm_stream = torch.cuda.Stream()

    def forward(self, input_ids, positions, hidden_states):
        self.comm_stream.wait_stream(torch.cuda.current_stream())
        with torch.cuda.stream(self.comm_stream):
            gathered_ids = self.dp_group.all_gather(input_ids)
        hidden_states = self.embed(hidden_states)
        torch.cuda.current_stream().wait_stream(self.comm_stream)
        topk = self.router(hidden_states, gathered_ids)  # ok: G1
        return self.layers(hidden_states, positions, topk)

