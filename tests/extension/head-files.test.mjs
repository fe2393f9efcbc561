// The background's download of the touched files at the head commit: which files, the URL, the
// checks on each answer, the caps, the concurrency limit, the cache, and what the panel is told.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  HEAD_FILE_LIMITS, HeadFileCache, NOTHING_TO_READ, fetchRawFile, headFilesSummary, isSafeRepoPath, rawFileUrl, readHeadFiles,
} from '../../extension/background/head-files.js';
import { DiffQueue } from '../../extension/background/list-queue.js';
import { reviewedFiles, reviewedFilesText } from '../../extension/content/review-files.js';

const SHA = 'c0ffee0000000000000000000000000000000001';
const RAW = `https://raw.githubusercontent.com/ROCm/ATOM/${SHA}/`;
const respond = (body, { status = 200, url } = {}) => {
  const response = new Response(body, { status });
  Object.defineProperty(response, 'url', { value: url });
  return response;
};

// A fake github.com: each raw URL answers with the file named in `files` (or 404), as from the raw host.
function fakeRaw(files, { onFetch = () => {} } = {}) {
  return async (url, init) => {
    onFetch(url, init);
    const path = decodeURIComponent(url.split(`/raw/${SHA}/`)[1]);
    const finalUrl = `${RAW}${path}`;
    return path in files ? respond(files[path], { url: finalUrl }) : respond('404: Not Found', { status: 404, url: finalUrl });
  };
}
const reader = (fetchImpl, limits = HEAD_FILE_LIMITS) => (request) => readHeadFiles(request,
  { queue: new DiffQueue({ maxInFlight: limits.maxInFlight }), cache: new HeadFileCache(), fetchImpl, limits });
const text = (bytes) => new TextDecoder().decode(bytes);

test('paths that could leave the tree or confuse a URL are refused', () => {
  for (const ok of ['a.py', 'docs/notes <img src=x>.md', 'dir/x?y#z.py', 'ünï/cödé.py']) assert.ok(isSafeRepoPath(ok), ok);
  for (const bad of ['', '/etc/passwd', 'a/../b', '../a', 'a/./b', 'a//b', 'a/', 'a\nb', 'x'.repeat(5000), null]) {
    assert.ok(!isSafeRepoPath(bad), String(bad));
  }
});

test('the raw URL is on github.com at the commit, every path segment encoded', () => {
  assert.equal(rawFileUrl({ owner: 'ROCm', repo: 'ATOM', headSha: SHA, path: 'docs/a b#?%.md' }),
    `https://github.com/ROCm/ATOM/raw/${SHA}/docs/a%20b%23%3F%25.md`);
});

test('a file is fetched with the session cookie and must come from the raw host', async () => {
  const calls = [];
  const bytes = await fetchRawFile('https://github.com/x', {
    fetchImpl: async (url, init) => { calls.push(init.credentials); return respond('x = 1\n', { url: `${RAW}a.py` }); },
  });
  assert.equal(text(bytes), 'x = 1\n');
  assert.deepEqual(calls, ['include']);
  await assert.rejects(fetchRawFile('https://github.com/x', { fetchImpl: async () => respond('<html>sign in', { url: 'https://github.com/login' }) }),
    /redirected to https:\/\/github\.com, not https:\/\/raw\.githubusercontent\.com/);
  await assert.rejects(fetchRawFile('https://github.com/x', { fetchImpl: async () => respond('x') }), /redirected/);
});

test('on an Enterprise host: the raw URL on the host, answered from its raw subdomain or /raw path, never its sign-in page', async () => {
  const file = { host: 'ghe.example.com', owner: 'acme', repo: 'widgets', headSha: SHA, path: 'src/a.py' };
  assert.equal(rawFileUrl(file), `https://ghe.example.com/acme/widgets/raw/${SHA}/src/a.py`);
  const from = (url) => async () => respond('x = 1\n', { url });
  const host = 'ghe.example.com';
  assert.equal(text(await fetchRawFile(rawFileUrl(file), { host, fetchImpl: from(`https://raw.ghe.example.com/acme/widgets/${SHA}/src/a.py?token=T`) })), 'x = 1\n');
  assert.equal(text(await fetchRawFile(rawFileUrl(file), { host, fetchImpl: from(`https://ghe.example.com/raw/acme/widgets/${SHA}/src/a.py`) })), 'x = 1\n');
  await assert.rejects(fetchRawFile(rawFileUrl(file), { host, fetchImpl: from('https://ghe.example.com/login?return_to=x') }),
    /redirected to https:\/\/ghe\.example\.com\/login, not https:\/\/ghe\.example\.com\/raw or https:\/\/raw\.ghe\.example\.com/);
  await assert.rejects(fetchRawFile(rawFileUrl(file), { host, fetchImpl: from('https://ghe.example.com/rawhide/x') }), /redirected/);
  await assert.rejects(fetchRawFile(rawFileUrl(file), { host, fetchImpl: from(`${RAW}src/a.py`) }), /redirected/,
    'github.com\'s raw host does not answer for an Enterprise host');
  await assert.rejects(fetchRawFile(rawFileUrl(file), { fetchImpl: from(`https://raw.ghe.example.com/acme/widgets/${SHA}/src/a.py`) }),
    /redirected/, 'without a host the file is github.com\'s');
});

test('the cache keeps one host\'s files apart from another\'s', () => {
  const file = { owner: 'acme', repo: 'widgets', headSha: SHA, path: 'a.py' };
  assert.notEqual(HeadFileCache.keyOf(file), HeadFileCache.keyOf({ ...file, host: 'ghe.example.com' }));
  assert.equal(HeadFileCache.keyOf(file), HeadFileCache.keyOf({ ...file, host: 'github.com' }));
});

test('a missing, oversized or stalled file is refused with its reason', async () => {
  await assert.rejects(fetchRawFile('u', { fetchImpl: async () => respond('no', { status: 404, url: `${RAW}a` }) }), /not found \(404\)/);
  await assert.rejects(fetchRawFile('u', { fetchImpl: async () => respond('no', { status: 500, url: `${RAW}a` }) }), /GitHub answered 500/);
  await assert.rejects(fetchRawFile('u', { maxBytes: 10, fetchImpl: async () => respond('x'.repeat(100), { url: `${RAW}a` }) }),
    /the file is larger than 10 bytes/);
  const never = (_url, init) => new Promise((_, reject) => init.signal.addEventListener('abort', () => reject(new Error('aborted'))));
  await assert.rejects(fetchRawFile('u', { timeoutMs: 50, fetchImpl: never }), /no answer within 0.1 s/);
});

test('every touched file is read; a failed one is named with its reason, the others are kept', async () => {
  const read = reader(fakeRaw({ 'a.py': 'a\n', 'b.py': 'b\n' }));
  const head = await read({ owner: 'ROCm', repo: 'ATOM', headSha: SHA, paths: ['a.py', 'b.py', 'c.py', '../x'] });
  assert.deepEqual(head.files.map(({ path, bytes }) => [path, text(bytes)]), [['a.py', 'a\n'], ['b.py', 'b\n']]);
  assert.deepEqual(head.failed, [{ path: '../x', reason: 'not a path that can be fetched' }, { path: 'c.py', reason: 'not found (404)' }]);
  assert.equal(head.reason, null);
  assert.deepEqual(headFilesSummary(head), { source: 'hunks', whole: 2, reason: null, failed: head.failed });
  const all = await read({ owner: 'ROCm', repo: 'ATOM', headSha: SHA, paths: ['a.py'] });
  assert.equal(headFilesSummary(all).source, 'whole');
});

test('no head commit, too many files or too many bytes: none is used, with the reason', async () => {
  let fetched = 0;
  const files = Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`f${i}.py`, 'x'.repeat(100)]));
  const limits = { ...HEAD_FILE_LIMITS, maxFiles: 5, maxTotalBytes: 250, maxInFlight: 1 };
  const read = reader(fakeRaw(files, { onFetch: () => { fetched += 1; } }), limits);
  const noHead = await read({ owner: 'ROCm', repo: 'ATOM', headSha: undefined, paths: ['f0.py'] });
  assert.deepEqual(noHead, { files: [], failed: [], reason: 'the page names no head commit' });
  const many = await read({ owner: 'ROCm', repo: 'ATOM', headSha: SHA, paths: Object.keys(files) });
  assert.match(many.reason, /6 files, more than the 5 read whole/);
  assert.equal(fetched, 0, 'too many files: nothing is fetched');
  const big = await read({ owner: 'ROCm', repo: 'ATOM', headSha: SHA, paths: Object.keys(files).slice(0, 5) });
  assert.deepEqual(big.files, []);
  assert.match(big.reason, /more than the 250 bytes read whole/);
  assert.equal(fetched, 3, 'one at a time, the downloads past the budget never start');
  assert.equal(headFilesSummary(big).source, 'hunks');
});

test('at most 4 downloads at once', async () => {
  let inFlight = 0;
  let most = 0;
  const slow = async (url) => {
    inFlight += 1;
    most = Math.max(most, inFlight);
    await new Promise((resolve) => { setTimeout(resolve, 10); });
    inFlight -= 1;
    return respond('x\n', { url: `${RAW}${url.split(`/raw/${SHA}/`)[1]}` });
  };
  const head = await reader(slow)({ owner: 'ROCm', repo: 'ATOM', headSha: SHA, paths: Array.from({ length: 12 }, (_, i) => `f${i}.py`) });
  assert.equal(head.files.length, 12);
  assert.equal(most, 4);
});

test('the cache: one download per commit and path, shared by reviews asking at once; failures are retried', async () => {
  const fetched = [];
  let answer404 = true;
  const fetchImpl = async (url) => {
    fetched.push(url.split(`/raw/`)[1]);
    const path = url.split(`/raw/${SHA}/`)[1] ?? url.split('/raw/')[1].split('/').slice(1).join('/');
    if (path === 'flaky.py' && answer404) { answer404 = false; return respond('no', { status: 404, url: `${RAW}${path}` }); }
    return respond('x\n', { url: `${RAW}${path}` });
  };
  const queue = new DiffQueue({ maxInFlight: 4 });
  const cache = new HeadFileCache();
  const read = (paths, headSha = SHA) => readHeadFiles({ owner: 'ROCm', repo: 'ATOM', headSha, paths }, { queue, cache, fetchImpl });
  await Promise.all([read(['a.py', 'flaky.py']), read(['a.py', 'flaky.py'])]);
  assert.deepEqual(fetched.sort(), [`${SHA}/a.py`, `${SHA}/flaky.py`]);
  const again = await read(['a.py', 'flaky.py']);
  assert.deepEqual(again.failed, []);
  assert.equal(fetched.length, 3, 'only the failed file is fetched again');
  const other = 'c0ffee0000000000000000000000000000000002';
  await read(['a.py'], other);
  assert.equal(fetched.length, 4, 'another commit is another file');
});

test('the cache drops the oldest files past its byte budget', async () => {
  const cache = new HeadFileCache({ maxBytes: 10 });
  let downloads = 0;
  const file = (path) => ({ owner: 'o', repo: 'r', headSha: SHA, path });
  const get = (path) => cache.getOrFetch(file(path), async () => { downloads += 1; return new Uint8Array(6); });
  await get('a');
  await get('b');
  await get('b');
  assert.equal(downloads, 2);
  await get('a');
  assert.equal(downloads, 3, 'a was dropped to make room for b');
});

test('the panel: the download says whole or why not; the engine\'s own per-file answer wins', () => {
  const whole = { source: 'whole', whole: 3, reason: null, failed: [] };
  assert.equal(reviewedFilesText(reviewedFiles({ files: [] }, whole)), 'Whole files: 3 files read as at the head commit');
  const noHead = { source: 'hunks', whole: 0, reason: 'the page names no head commit', failed: [] };
  assert.equal(reviewedFilesText(reviewedFiles({}, noHead)), 'Diff only: the page names no head commit');
  const partial = { source: 'hunks', whole: 1, reason: null, failed: [{ path: 'b.py', reason: 'not found (404)' }] };
  assert.deepEqual(reviewedFiles({}, partial), { source: 'hunks', whole: 1, hunks: partial.failed, reason: null });
  assert.equal(reviewedFilesText(reviewedFiles({}, partial)), 'Whole files: 1 file; diff only for b.py (not found (404))');
  const failedAll = { source: 'hunks', whole: 0, reason: null, failed: ['a', 'b', 'c', 'd'].map((path) => ({ path, reason: 'no answer within 8 s' })) };
  assert.equal(reviewedFilesText(reviewedFiles({}, failedAll)),
    'Diff only: a (no answer within 8 s); b (no answer within 8 s); c (no answer within 8 s) and 1 more');
  assert.equal(reviewedFiles({}, null), null);

  const engineSays = { files: [
    { path: 'a.py', status: 'modified', source: 'whole' },
    { path: 'b.py', status: 'modified', source: 'hunks', source_reason: 'the head file is not the diff\'s new side' },
    { path: 'c.py', status: 'modified', source: 'hunks' },
    { path: 'gone.py', status: 'deleted', source: 'hunks', source_reason: 'deleted' },
  ] };
  const fetchSaid = { source: 'hunks', whole: 2, reason: null, failed: [{ path: 'c.py', reason: 'not found (404)' }] };
  assert.deepEqual(reviewedFiles(engineSays, fetchSaid), { source: 'hunks', whole: 1, reason: null, hunks: [
    { path: 'b.py', reason: 'the head file is not the diff\'s new side' }, { path: 'c.py', reason: 'not found (404)' }] });
  const engineAllWhole = { files: [{ path: 'a.py', source: 'whole' }, { path: 'gone.py', status: 'deleted', source: 'hunks' }] };
  assert.equal(reviewedFiles(engineAllWhole, fetchSaid).source, 'whole', 'a deleted file has nothing to read whole');

  // The engine names its reason as a code; a file the download failed to get keeps the download's words.
  const engineCodes = { files: [{ path: 'a.py', status: 'added', source: 'whole' },
    { path: 'c.py', status: 'modified', source: 'hunks', source_reason: 'missing' }] };
  assert.equal(reviewedFilesText(reviewedFiles(engineCodes, fetchSaid)), 'Whole files: 1 file; diff only for c.py (not found (404))');
  // Nothing fetched at all: the download's reason, not "an added file is whole".
  assert.equal(reviewedFilesText(reviewedFiles(engineCodes, noHead)), 'Diff only: the page names no head commit');
});

test('a diff that needs no head file (it adds or deletes its files) is whole, with nothing downloaded', () => {
  const nothing = headFilesSummary(NOTHING_TO_READ);
  assert.deepEqual(nothing, { source: 'whole', whole: 0, reason: null, failed: [] });
  const added = { files: [{ path: 'new.py', status: 'added', source: 'whole' }, { path: 'lib.py', status: 'added', source: 'whole' }] };
  assert.equal(reviewedFilesText(reviewedFiles(added, nothing)), 'Whole files: 2 files read as at the head commit');
  const deletedOnly = { files: [{ path: 'gone.py', status: 'deleted', source: 'hunks', source_reason: 'deleted' }] };
  assert.equal(reviewedFiles(deletedOnly, nothing), null, 'nothing to say: no line in the panel');
});
