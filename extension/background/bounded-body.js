// Every download the background makes for content it hands on (diffs, pages, head files) goes
// through `fetchBounded`: with the session cookie, a time limit that covers the whole body, a size
// cap, redirects not followed unless to an address named beforehand (raw files aside), and the
// address that answered checked against the places allowed to answer.

/** Why a download gave nothing; `kind`: timed-out | too-large | off-origin | network. */
export class DownloadFailed extends Error {
  constructor(kind, message) {
    super(message);
    this.kind = kind;
  }
}

export const seconds = (ms) => `${Math.round(ms / 100) / 10} s`;

const MIB = 1024 * 1024;
const size = (bytes) => (bytes >= MIB && bytes % MIB === 0 ? `${bytes / MIB} MiB` : `${bytes} bytes`);

/** Resolves to the body as bytes; rejects past `maxBytes` with "<what> is larger than N bytes". */
export async function readBoundedBytes(response, maxBytes, what) {
  const reader = response.body?.getReader();
  if (!reader) return new Uint8Array(0);
  const chunks = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new DownloadFailed('too-large', `${what} is larger than ${size(maxBytes)}`);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

// `place` is an origin (`https://github.com`) or an origin and a path (`https://ghe.example/raw`).
const isAnsweredFrom = (url, place) => url === place || url.startsWith(`${place}/`);

// Where an answer came from, for the message: its origin, and its path when the origin is allowed
// but the path is not (https://ghe.example/login), at most 80 characters of it.
function whereFrom(url, answeredFrom) {
  try {
    const { origin, pathname } = new URL(url);
    return answeredFrom.some((place) => place.startsWith(`${origin}/`)) ? `${origin}${pathname.slice(0, 80)}` : origin;
  } catch {
    return '';
  }
}

const originOf = (url) => {
  try {
    return new URL(url).origin;
  } catch {
    return 'an unknown place';
  }
};

// A browser hands a redirect asked for with `redirect: 'manual'` as an opaque response (its
// Location unreadable); Node's fetch as the 3xx itself.
const isRedirect = (response) => response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400);

// GETs `url` once, then, when it redirects and `nextHop` is given, `nextHop` once: no hop the
// extension did not name beforehand gets a request (or the cookies the browser keeps for its host).
async function fetchWithoutStrayHops(url, nextHop, { fetchImpl, init }) {
  const first = await fetchImpl(url, { ...init, redirect: 'manual' });
  if (!isRedirect(first)) return first;
  first.body?.cancel().catch(() => {});
  if (!nextHop) throw new DownloadFailed('off-origin', `${originOf(url)} redirected; it must answer itself`);
  const second = await fetchImpl(nextHop, { ...init, redirect: 'manual' });
  if (!isRedirect(second)) return second;
  second.body?.cancel().catch(() => {});
  throw new DownloadFailed('off-origin', `${originOf(nextHop)} redirected again; it must answer itself`);
}

/**
 * GETs `url`. Resolves to {status, headers, bytes}: `bytes` is the body when the status is 2xx,
 * else null (the body is not read). Rejects with DownloadFailed when nothing usable came: no
 * answer (headers and body) within `timeoutMs`, a body over `maxBytes`, an answer from a place
 * not in `answeredFrom` (a redirect to a sign-in page, say), or a network failure.
 * `redirects`: 'follow' (raw files: GitHub's redirect to the raw host carries a token the
 * extension cannot read, so the final address is what is checked), 'none' (pages: a redirect is
 * off-origin and is not followed), or {nextHop: URL} (github.com's `.diff`: a redirect is
 * answered by fetching that one address, never the Location the server named).
 */
export async function fetchBounded(url, { fetchImpl = fetch, timeoutMs, maxBytes, answeredFrom, what, headers, redirects = 'none' }) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DownloadFailed('timed-out', `no answer within ${seconds(timeoutMs)}`)), timeoutMs);
  try {
    const init = { credentials: 'include', signal: controller.signal, ...(headers && { headers }) };
    const response = redirects === 'follow' ? await fetchImpl(url, { ...init, redirect: 'follow' })
      : await fetchWithoutStrayHops(url, redirects?.nextHop ?? null, { fetchImpl, init });
    if (!answeredFrom.some((place) => isAnsweredFrom(response.url ?? '', place))) {
      response.body?.cancel().catch(() => {});
      const from = whereFrom(response.url, answeredFrom);
      throw new DownloadFailed('off-origin', `redirected to ${from || 'an unknown place'}, not ${answeredFrom.join(' or ')}`);
    }
    if (!response.ok) {
      response.body?.cancel().catch(() => {});
      return { status: response.status, headers: response.headers, bytes: null };
    }
    return { status: response.status, headers: response.headers, bytes: await readBoundedBytes(response, maxBytes, what) };
  } catch (error) {
    if (controller.signal.aborted) throw controller.signal.reason;
    if (error instanceof DownloadFailed) throw error;
    throw new DownloadFailed('network', `network error: ${error?.message ?? error}`);
  } finally {
    clearTimeout(timer);
  }
}
