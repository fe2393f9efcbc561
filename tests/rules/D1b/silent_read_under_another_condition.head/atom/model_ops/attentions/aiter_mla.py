from dataclasses import dataclass

import torch

from atom.model_ops.attentions.backends import AttentionMetadataBuilder


@dataclass
class MLADecodeMetadata:
    max_seqlen_k: int
    block_tables: torch.Tensor


class AiterMLAMetadataBuilder(AttentionMetadataBuilder):
    def __init__(self, runner, dcp_local_rebuild: bool = False):
        super().__init__(runner)
        self.block_size = runner.block_size
        self.dcp_local_rebuild = dcp_local_rebuild

    def prepare_decode(self, batch, max_seqlen_k):
        if self.dcp_local_rebuild:
            local_max_k = batch.local_seqlens.max()
        max_k = local_max_k if batch.is_decode else max_seqlen_k  # ok: D1b (the value is taken only when batch.is_decode: a condition the code may tie to the first)
        return self.build(batch, max_k)

    def prepare_prefill(self, batch):
        return self.build(batch, batch.max_seqlen_k)

    def build(self, batch, max_k):
        return MLADecodeMetadata(max_seqlen_k=int(max_k), block_tables=batch.block_tables)
