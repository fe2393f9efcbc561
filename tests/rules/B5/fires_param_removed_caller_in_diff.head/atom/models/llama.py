from atom.model_ops.layernorm import rmsnorm_quant


class LlamaDecoderLayer:
    def forward(self, x):
        h = rmsnorm_quant(x, self.norm.weight, self.eps, q_scale=self.input_scale)
        h = self.mlp(h)
        return h + x
