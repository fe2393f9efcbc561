// A ReadableStream handing out `bytes` in chunks of `size` bytes (archives arrive in odd pieces).
export function streamOf(bytes, size = 997) {
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) { controller.close(); return; }
      controller.enqueue(new Uint8Array(bytes.subarray(at, at + size)));
      at += size;
    },
  });
}
