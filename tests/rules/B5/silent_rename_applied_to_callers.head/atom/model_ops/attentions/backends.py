class AttentionBackend:
    """Per-slot state the attention kernels read; slots move as requests are rescheduled."""

    def __init__(self, num_slots):
        self.state = [None] * num_slots

    def reset(self):
        self.state = [None] * len(self.state)

    def relocate_state_slots(self, src, dst):  # ok: B5 (its caller below uses the new name)
        self.state[dst] = self.state[src]

    def build(self, plan):
        for src, dst in plan:
            self.relocate_state_slots(src, dst)
        return self


def make_backend(num_slots: int) -> AttentionBackend:
    return AttentionBackend(num_slots)
