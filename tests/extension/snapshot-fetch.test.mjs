// The snapshot download: the archive URL, the redirect to codeload and where the cookie may go,
// progress, the caps, the time limit, cancelling, and the reason given for each way it fails.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { SnapshotUnavailable, fetchSnapshot, snapshotArchiveUrl } from '../../extension/background/snapshot-fetch.js';
import { archiveSource } from '../../extension/shared/github-host.js';
import { gitArchive } from './support/git-archive.mjs';
import { streamOf } from './support/byte-stream.mjs';

const SHA = 'c0ffee0000000000000000000000000000000001';
const SNAPSHOT = { owner: 'ROCm', repo: 'ATOM', sha: SHA };
const ARCHIVE = `https://github.com/ROCm/ATOM/archive/${SHA}.tar.gz`;
const CODELOAD = `https://codeload.github.com/ROCm/ATOM/tar.gz/${SHA}`;
let targz;
before(() => {
  ({ targz } = gitArchive({ files: { 'atom/a.py': 'A = 1\n', 'csrc/k.cu': '__global__ void k() {}\n', 'README.md': '# x\n' } }));
});

const respond = (body, { status = 200, url, headers } = {}) => {
  const response = new Response(body, { status, headers });
  Object.defineProperty(response, 'url', { value: url });
  return response;
};
const redirect = (location, status = 302) => new Response(null, { status, headers: { location } });
// What a browser hands a script for a manual redirect: no status, no headers, no Location.
const opaqueRedirect = (url) => ({ type: 'opaqueredirect', status: 0, ok: false, headers: new Headers(), body: null, url });

// A fake network: `routes[url](init)` answers; every request is recorded with its cookie and redirect modes.
function network(routes) {
  const requests = [];
  const fetchImpl = async (url, init) => {
    requests.push({ url, credentials: init.credentials, redirect: init.redirect });
    if (!(url in routes)) throw new TypeError(`no route to ${url}`);
    return routes[url](init);
  };
  return { requests, fetchImpl };
}
const githubCom = (body = () => streamOf(targz, 4096), headers) => network({
  [ARCHIVE]: () => redirect(CODELOAD),
  [CODELOAD]: () => respond(body(), { url: CODELOAD, headers }),
});
const paths = (result) => result.files.map((file) => file.path).sort();

test('the archive URL on github.com and on an Enterprise host; the archive origin of each', () => {
  assert.equal(snapshotArchiveUrl(SNAPSHOT), ARCHIVE);
  assert.equal(snapshotArchiveUrl({ host: 'ghe.example.com', owner: 'a b', repo: 'w#', sha: SHA }),
    `https://ghe.example.com/a%20b/w%23/archive/${SHA}.tar.gz`);
  assert.equal(archiveSource(), 'https://codeload.github.com');
  assert.equal(archiveSource('ghe.example.com'), 'https://ghe.example.com');
});

test('github.com: the cookie goes to github.com, the redirect is followed to codeload without it, the files come back', async () => {
  const { requests, fetchImpl } = githubCom();
  const result = await fetchSnapshot(SNAPSHOT, { fetchImpl });
  assert.deepEqual(paths(result), ['atom/a.py', 'csrc/k.cu']);
  assert.equal(result.skipped['not-source'], 1);
  assert.equal(result.downloadBytes, targz.length);
  assert.deepEqual(requests, [
    { url: ARCHIVE, credentials: 'include', redirect: 'manual' },
    { url: CODELOAD, credentials: 'omit', redirect: 'manual' },
  ]);
});

test('progress in gzip bytes, with the total when the answer states its length', async () => {
  const seen = [];
  await fetchSnapshot(SNAPSHOT, { fetchImpl: githubCom(() => streamOf(targz, 100), { 'content-length': String(targz.length) }).fetchImpl,
    onProgress: (progress) => seen.push(progress) });
  assert.ok(seen.length >= 2);
  assert.deepEqual(seen.at(-1), { receivedBytes: targz.length, totalBytes: targz.length });
  assert.ok(seen.every((step, i) => i === 0 || step.receivedBytes > seen[i - 1].receivedBytes));
  const without = [];
  await fetchSnapshot(SNAPSHOT, { fetchImpl: githubCom().fetchImpl, onProgress: (progress) => without.push(progress) });
  assert.equal(without.at(-1).totalBytes, null);
});

test('a redirect on github.com itself (a renamed repository) keeps the cookie; codeload never gets it', async () => {
  const renamed = `https://github.com/ROCm/atom-new/archive/${SHA}.tar.gz`;
  const { requests, fetchImpl } = network({
    [ARCHIVE]: () => redirect(renamed, 301),
    [renamed]: () => redirect(CODELOAD),
    [CODELOAD]: () => respond(streamOf(targz, 4096), { url: CODELOAD }),
  });
  await fetchSnapshot(SNAPSHOT, { fetchImpl });
  assert.deepEqual(requests.map(({ url, credentials }) => [url, credentials]),
    [[ARCHIVE, 'include'], [renamed, 'include'], [CODELOAD, 'omit']]);
});

test('a redirect anywhere else is not followed: not allowed', async () => {
  for (const location of ['https://evil.example/x.tar.gz', 'http://codeload.github.com/x', 'https://codeload.github.com.evil.example/x',
    'https://raw.githubusercontent.com/x']) {
    const { requests, fetchImpl } = network({ [ARCHIVE]: () => redirect(location) });
    await assert.rejects(fetchSnapshot(SNAPSHOT, { fetchImpl }), (error) => error instanceof SnapshotUnavailable
      && error.kind === 'not-allowed' && error.message === `not allowed: the archive was redirected to ${new URL(location).origin}, not https://codeload.github.com`);
    assert.equal(requests.length, 1, location);
  }
});

test('an answer from github.com itself (a page, not the archive) is not allowed', async () => {
  const { fetchImpl } = network({ [ARCHIVE]: () => respond('<html>', { url: ARCHIVE }) });
  await assert.rejects(fetchSnapshot(SNAPSHOT, { fetchImpl }),
    { kind: 'not-allowed', message: 'not allowed: the archive came from https://github.com, not https://codeload.github.com' });
});

test('in a browser (the Location hidden) the browser follows, and the answer must come from codeload', async () => {
  const asked = [];
  const browser = (finalUrl) => async (url, init) => {
    asked.push([url, init.credentials, init.redirect]);
    return init.redirect === 'manual' ? opaqueRedirect(url) : respond(streamOf(targz, 4096), { url: finalUrl });
  };
  assert.deepEqual(paths(await fetchSnapshot(SNAPSHOT, { fetchImpl: browser(CODELOAD) })), ['atom/a.py', 'csrc/k.cu']);
  assert.deepEqual(asked, [[ARCHIVE, 'include', 'manual'], [ARCHIVE, 'include', 'follow']]);
  await assert.rejects(fetchSnapshot(SNAPSHOT, { fetchImpl: browser('https://github.com/login?return_to=x') }),
    { kind: 'not-allowed', message: 'not allowed: the archive came from https://github.com, not https://codeload.github.com' });
});

test('an Enterprise host serves its archive itself: the cookie stays on that host, other hosts are refused', async () => {
  const host = 'ghe.example.com';
  const archive = `https://${host}/acme/widgets/archive/${SHA}.tar.gz`;
  const served = `https://${host}/_codeload/acme/widgets/tar.gz/${SHA}?token=t`;
  const { requests, fetchImpl } = network({
    [archive]: () => redirect(served),
    [served]: () => respond(streamOf(targz, 4096), { url: served }),
  });
  const snapshot = { host, owner: 'acme', repo: 'widgets', sha: SHA };
  assert.deepEqual(paths(await fetchSnapshot(snapshot, { fetchImpl })), ['atom/a.py', 'csrc/k.cu']);
  assert.deepEqual(requests.map(({ credentials }) => credentials), ['include', 'include']);
  const elsewhere = network({ [archive]: () => redirect(CODELOAD) });
  await assert.rejects(fetchSnapshot(snapshot, { fetchImpl: elsewhere.fetchImpl }),
    { kind: 'not-allowed', message: 'not allowed: the archive was redirected to https://codeload.github.com, not https://ghe.example.com' });
});

test('HTTP errors and network errors say so', async () => {
  const missing = network({ [ARCHIVE]: () => respond('Not Found', { status: 404, url: ARCHIVE }) });
  await assert.rejects(fetchSnapshot(SNAPSHOT, { fetchImpl: missing.fetchImpl }),
    { kind: 'http', status: 404, message: 'download failed: HTTP 404' });
  const failing = network({ [ARCHIVE]: () => redirect(CODELOAD), [CODELOAD]: () => respond('busy', { status: 503, url: CODELOAD }) });
  await assert.rejects(fetchSnapshot(SNAPSHOT, { fetchImpl: failing.fetchImpl }), { kind: 'http', message: 'download failed: HTTP 503' });
  await assert.rejects(fetchSnapshot(SNAPSHOT, { fetchImpl: async () => { throw new TypeError('Failed to fetch'); } }),
    { kind: 'network', message: 'download failed: Failed to fetch' });
  const loop = network({ [ARCHIVE]: () => redirect(ARCHIVE) });
  await assert.rejects(fetchSnapshot(SNAPSHOT, { fetchImpl: loop.fetchImpl }), { kind: 'http', message: 'download failed: more than 3 redirects' });
  await assert.rejects(fetchSnapshot({ ...SNAPSHOT, sha: 'main' }, { fetchImpl: loop.fetchImpl }), { kind: 'not-allowed' });
});

test('too large: by its stated length before reading, or as the bytes come', async () => {
  let progressed = false;
  const stated = githubCom(undefined, { 'content-length': String(200 * 1024 * 1024) });
  await assert.rejects(fetchSnapshot(SNAPSHOT, { fetchImpl: stated.fetchImpl, onProgress: () => { progressed = true; } }),
    { kind: 'too-large', message: 'too large: the archive is 200 MiB, more than 128 MiB' });
  assert.equal(progressed, false);
  const counted = [];
  await assert.rejects(fetchSnapshot(SNAPSHOT, { fetchImpl: githubCom(() => streamOf(targz, 100)).fetchImpl, limits: { maxDownloadBytes: 250 },
    onProgress: ({ receivedBytes }) => counted.push(receivedBytes) }),
    { kind: 'too-large', message: 'too large: the archive is larger than 250 bytes' });
  assert.deepEqual(counted, [100, 200]);
  await assert.rejects(fetchSnapshot(SNAPSHOT, { fetchImpl: githubCom().fetchImpl, readerLimits: { maxArchiveBytes: 1024 } }),
    { kind: 'too-large', message: 'too large: the unpacked archive is larger than 1024 bytes' });
});

test('a truncated or garbled archive falls back with the reader\'s reason', async () => {
  await assert.rejects(fetchSnapshot(SNAPSHOT, { fetchImpl: githubCom(() => streamOf(targz.subarray(0, targz.length - 40))).fetchImpl }),
    (error) => error.kind === 'bad-archive' && /^download failed: the archive is cut short or corrupt .*: unexpected end of file$/.test(error.message));
  await assert.rejects(fetchSnapshot(SNAPSHOT, { fetchImpl: githubCom(() => streamOf(Buffer.from('<html>sign in</html>'))).fetchImpl }),
    { kind: 'bad-archive', message: 'download failed: the archive is cut short or corrupt at its start: incorrect header check' });
});

// A body that sends its first chunk and then nothing (a stalled connection).
const stalling = () => {
  let sent = false;
  return new ReadableStream({ pull(controller) { if (!sent) { sent = true; controller.enqueue(new Uint8Array(targz.subarray(0, 100))); } return new Promise(() => {}); } });
};

test('slower than the time limit: too slow', async () => {
  await assert.rejects(fetchSnapshot(SNAPSHOT, { fetchImpl: githubCom(stalling).fetchImpl, limits: { timeoutMs: 50 } }),
    { kind: 'timed-out', message: 'too slow: not done within 0.05 s' });
  const never = async (_url, init) => new Promise((_, reject) => init.signal.addEventListener('abort', () => reject(init.signal.reason)));
  await assert.rejects(fetchSnapshot(SNAPSHOT, { fetchImpl: never, limits: { timeoutMs: 50 } }), { kind: 'timed-out' });
});

test('cancelled by the signal: mid-download, or before it starts (nothing is fetched)', async () => {
  const controller = new AbortController();
  const started = fetchSnapshot(SNAPSHOT, { fetchImpl: githubCom(stalling).fetchImpl, signal: controller.signal,
    onProgress: () => controller.abort() });
  await assert.rejects(started, { kind: 'cancelled', message: 'cancelled' });
  const { requests, fetchImpl } = githubCom();
  await assert.rejects(fetchSnapshot(SNAPSHOT, { fetchImpl, signal: AbortSignal.abort() }), { kind: 'cancelled' });
  assert.deepEqual(requests, []);
});
