import queue


class DetokenizerWorker:
    def __init__(self, tokenizer, input_queue, output_queue):
        self.tokenizer = tokenizer
        self.input_queue = input_queue
        self.output_queue = output_queue
        self.stopped = False

    def detokenize(self, batch):
        return [self.tokenizer.decode(ids) for ids in batch]

    def handle(self, item):
        self.output_queue.put(self.detokenize([item]))

    def run(self):
        while True:
            try:
                batch = self.input_queue.get(timeout=0.5)  # ok: G1b
            except queue.Empty:
                if self.stopped:
                    return
                continue
            self.output_queue.put(self.detokenize(batch))

    def drain(self):
        while True:
            item = self.input_queue.get()  # ok: G1b
            if item is None:
                break
            self.handle(item)

