from atom.model_engine.metrics import MetricsCollector


class LLMEngine:
    def __init__(self, config):
        self.config = config
        self.collector = MetricsCollector(config)
        self.running = False

    def get_metrics_statistics(self):  # ok: B5 (the PR rewrote its caller below)
        return self.collector.snapshot()

    def serve(self):
        stats = self.get_metrics_statistics()
        return stats
