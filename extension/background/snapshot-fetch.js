// Downloads a repository snapshot: the host's `/OWNER/REPO/archive/<sha>.tar.gz`, which github.com
// redirects to codeload.github.com (an Enterprise host serves it itself), unpacked as it streams
// (snapshot-tar.js). The session cookie goes to the pull request's host alone.
//
// Redirects are taken one at a time (`redirect: 'manual'`) where the runtime shows the Location
// (Node, the tests): each hop must stay on the host or go to its archive origin, and only the host
// gets the cookie. Browsers hide the Location of a manual redirect from every script, extensions
// included (Fetch: an opaque-redirect response), so there the download is asked again with
// `redirect: 'follow'`, as the raw-file download does, and the answer is refused unless it came
// from the archive origin: the browser then sends each hop only that hop's own cookies.
import { COMMIT_SHA } from '../shared/commit-sha.js';
import { archiveSource, hostOf, siteOrigin } from '../shared/github-host.js';
import { SnapshotArchiveError, readSnapshotTarGz } from './snapshot-tar.js';

export const SNAPSHOT_FETCH_LIMITS = {
  timeoutMs: 60_000, // the whole download and unpacking
  maxDownloadBytes: 128 * 1024 * 1024, // gzip bytes; aiter's archive is about 30 MB
  maxRedirects: 3,
};

/**
 * Why there is no snapshot, in the words the panel shows (`message`); `kind`: not-allowed |
 * too-large | http | network | timed-out | cancelled | bad-archive.
 */
export class SnapshotUnavailable extends Error {
  constructor(kind, message, status = null) {
    super(message);
    this.kind = kind;
    this.status = status;
  }
}

export function snapshotArchiveUrl(snapshot) {
  const { owner, repo, sha } = snapshot;
  return `${siteOrigin(hostOf(snapshot))}/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}/archive/${sha}.tar.gz`;
}

const originOf = (url) => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

const isRedirect = (status) => status >= 300 && status < 400;
const MIB = 1024 * 1024;
const size = (bytes) => (bytes >= MIB && bytes % MIB === 0 ? `${bytes / MIB} MiB` : `${bytes} bytes`);

// The response body, counted (progress, cap) and stopped by `signal` even while a read waits.
function countedBody(body, { signal, maxBytes, onProgress, totalBytes }) {
  const reader = body.getReader();
  let received = 0;
  const aborted = new Promise((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
  aborted.catch(() => {});
  return new ReadableStream({
    async pull(controller) {
      try {
        const { done, value } = await Promise.race([reader.read(), aborted]);
        if (done) { controller.close(); return; }
        received += value.byteLength;
        if (received > maxBytes) throw new SnapshotUnavailable('too-large', `too large: the archive is larger than ${size(maxBytes)}`);
        onProgress?.({ receivedBytes: received, totalBytes });
        controller.enqueue(value);
      } catch (error) {
        reader.cancel(error).catch(() => {});
        throw error;
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  }, { highWaterMark: 0 });
}

/**
 * The snapshot of `{host, owner, repo, sha}` (sha: a full commit id). Resolves to what
 * readSnapshotTarGz gives ({files: [{path, bytes}], skipped, tooLarge, keptBytes, archiveBytes,
 * commit}) plus `downloadBytes`; rejects with SnapshotUnavailable. `onProgress({receivedBytes,
 * totalBytes})` follows the gzip bytes (totalBytes: the Content-Length, else null); `signal` cancels.
 */
export async function fetchSnapshot(snapshot, { fetchImpl = fetch, signal, onProgress, limits = SNAPSHOT_FETCH_LIMITS,
  readerLimits } = {}) {
  const { timeoutMs, maxDownloadBytes, maxRedirects } = { ...SNAPSHOT_FETCH_LIMITS, ...limits };
  if (typeof snapshot?.sha !== 'string' || !COMMIT_SHA.test(snapshot.sha)) {
    throw new SnapshotUnavailable('not-allowed', 'not allowed: no full commit id to download');
  }
  const host = hostOf(snapshot);
  const site = siteOrigin(host);
  const archiveOrigin = archiveSource(host);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new SnapshotUnavailable('timed-out', `too slow: not done within ${timeoutMs / 1000} s`)), timeoutMs);
  const cancel = () => controller.abort(new SnapshotUnavailable('cancelled', 'cancelled'));
  if (signal?.aborted) cancel();
  signal?.addEventListener('abort', cancel, { once: true });
  try {
    if (controller.signal.aborted) throw controller.signal.reason;
    const response = await answer(snapshotArchiveUrl(snapshot), { fetchImpl, signal: controller.signal, site, archiveOrigin, maxRedirects });
    const length = Number(response.headers?.get('content-length'));
    const totalBytes = Number.isSafeInteger(length) && length > 0 ? length : null;
    if (totalBytes !== null && totalBytes > maxDownloadBytes) {
      response.body?.cancel().catch(() => {});
      throw new SnapshotUnavailable('too-large', `too large: the archive is ${size(totalBytes)}, more than ${size(maxDownloadBytes)}`);
    }
    if (!response.body) throw new SnapshotUnavailable('bad-archive', 'download failed: the archive is empty');
    let downloadBytes = 0;
    const body = countedBody(response.body, {
      signal: controller.signal, maxBytes: maxDownloadBytes, totalBytes,
      onProgress: (progress) => { downloadBytes = progress.receivedBytes; onProgress?.(progress); },
    });
    const result = await readSnapshotTarGz(body, { limits: readerLimits, passThrough: (error) => error instanceof SnapshotUnavailable });
    return { ...result, downloadBytes };
  } catch (error) {
    if (controller.signal.aborted) throw controller.signal.reason;
    if (error instanceof SnapshotUnavailable) throw error;
    if (error instanceof SnapshotArchiveError) {
      throw new SnapshotUnavailable(error.kind === 'too-large' ? 'too-large' : 'bad-archive',
        `${error.kind === 'too-large' ? 'too large' : 'download failed'}: ${error.message}`);
    }
    throw new SnapshotUnavailable('network', `download failed: ${error?.message ?? error}`);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', cancel);
  }
}

// The archive's 2xx response, from the archive origin, after the redirects.
async function answer(url, { fetchImpl, signal, site, archiveOrigin, maxRedirects }) {
  let next = url;
  for (let hop = 0; hop <= maxRedirects; hop += 1) {
    const origin = originOf(next);
    // The cookie is the host's: sent to it, never to the archive origin (codeload reads a token in the URL).
    const response = await fetchImpl(next, { credentials: origin === site ? 'include' : 'omit', redirect: 'manual', signal });
    if (response.type === 'opaqueredirect') return followed(url, { fetchImpl, signal, archiveOrigin });
    if (isRedirect(response.status)) {
      response.body?.cancel().catch(() => {});
      const location = response.headers.get('location');
      if (!location) throw new SnapshotUnavailable('http', `download failed: HTTP ${response.status} without a Location`, response.status);
      next = new URL(location, next).href;
      const to = originOf(next);
      if (to !== site && to !== archiveOrigin) {
        throw new SnapshotUnavailable('not-allowed', `not allowed: the archive was redirected to ${to}, not ${archiveOrigin}`);
      }
      continue;
    }
    return checked(response, { from: origin, archiveOrigin });
  }
  throw new SnapshotUnavailable('http', `download failed: more than ${maxRedirects} redirects`);
}

// The browser's way: it follows the redirects; the answer must still come from the archive origin.
async function followed(url, { fetchImpl, signal, archiveOrigin }) {
  const response = await fetchImpl(url, { credentials: 'include', redirect: 'follow', signal });
  return checked(response, { from: originOf(response.url), archiveOrigin });
}

function checked(response, { from, archiveOrigin }) {
  if (!response.ok) {
    response.body?.cancel().catch(() => {});
    throw new SnapshotUnavailable('http', `download failed: HTTP ${response.status}`, response.status);
  }
  if (from !== archiveOrigin) {
    response.body?.cancel().catch(() => {});
    throw new SnapshotUnavailable('not-allowed', `not allowed: the archive came from ${from ?? 'an unknown place'}, not ${archiveOrigin}`);
  }
  return response;
}
