import os


class SamplingParams:
    def __init__(self, temperature=None):
        self.temperature = temperature
        self.top_k = self.top_k or 50  # ok: D1c
        self.max_tokens = 16
        self.top_k = int(self.top_k)
