import torch


class Sampler:
    def __init__(self, use_fp8=False, debug=False, mode="greedy"):
        self.use_fp8 = use_fp8
        self.debug = debug
        self.mode = mode

    def forward(self, logits, temperatures):
        probs = torch.softmax(logits, dim=-1)
        # TODO: support top-k here  expect: HK4
        if self.use_fp8:
            pass  # ok: HK4 (one of two branches: a deliberate no-op)
        else:
            probs = probs.float()
        if self.debug:
            pass  # expect: HK4
        if temperatures is None:
            probs = probs * 2
        else:
            pass  # expect: HK4
        if self.mode == "beam":
            raise NotImplementedError("TODO: beam search")  # expect: HK4
        if self.mode == "odd":
            raise NotImplementedError(f"Unsupported sampling mode: {self.mode}")  # ok: HK4
        return probs.argmax(dim=-1)

    def top_p(self, logits):
        logits = logits.float()
        raise NotImplementedError  # expect: HK4
        return probs.argmax(dim=-1)

    def greedy(self, logits):
        return logits.argmax(dim=-1)
