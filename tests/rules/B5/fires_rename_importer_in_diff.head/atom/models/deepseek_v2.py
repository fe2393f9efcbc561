from atom.model_ops.attention_mla import get_mla_metadata


class DeepseekV2Model:
    def prepare(self, seq_lens):
        meta = get_mla_metadata(seq_lens, self.num_heads, self.block_size)
        self.meta = meta
        self.meta_ready = True
