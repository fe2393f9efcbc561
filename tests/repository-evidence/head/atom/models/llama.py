import atom.model_engine.model_runner as runner


class LlamaRunner(runner.ModelRunner):
    def forward(self, batch):
        return runner.prepare_inputs(batch, block_size=32)
