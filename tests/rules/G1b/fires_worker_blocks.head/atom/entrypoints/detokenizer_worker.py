from multiprocessing import Queue


class DetokenizerWorker:
    def __init__(self, tokenizer, input_queue: Queue, output_queue: Queue):
        self.tokenizer = tokenizer
        self.input_queue = input_queue
        self.output_queue = output_queue

    def detokenize(self, batch):
        return [self.tokenizer.decode(ids) for ids in batch]

    def run(self):
        while True:
            batch = self.input_queue.get()  # expect: G1b
            outputs = self.detokenize(batch)
            self.output_queue.put(outputs)

