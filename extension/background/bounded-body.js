// Reads a fetch response's body, giving up (and cancelling the download) past `maxBytes`.
// Every download the background makes for content it hands on goes through this one reader.

/** Resolves to the body as bytes; rejects past `maxBytes` with "<what> is larger than N bytes". */
export async function readBoundedBytes(response, maxBytes, what) {
  const reader = response.body?.getReader();
  if (!reader) return new Uint8Array(0);
  const chunks = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new Error(`${what} is larger than ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
