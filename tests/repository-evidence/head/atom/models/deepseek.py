from atom.model_engine.model_runner import ModelRunner, prepare_inputs


class DeepseekRunner(ModelRunner):
    def run_model(self, batch):
        return super().run_model(prepare_inputs(batch))


class DeepseekMTPRunner(DeepseekRunner):
    def run_model(self, batch):
        return batch


class Unrelated:
    def run_model(self, batch):
        return None
