// The one diff download (files page and list rows): the URL, the cookie, the hosts allowed to
// answer, the time limit and size cap, and GitHub's refusals as reasons a user can read.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DiffUnavailable, fetchPullRequestDiff, pullRequestDiffUrl } from '../../extension/background/pr-diff.js';

const pr = { owner: 'ROCm', repo: 'ATOM', number: 1498 };
const PATCH_URL = 'https://patch-diff.githubusercontent.com/raw/ROCm/ATOM/pull/1498.diff';
// A Response as fetch gives it after the redirect: `url` is where the answer finally came from.
const respond = (body, { status = 200, url = PATCH_URL, headers = {} } = {}) => {
  const response = new Response(body, { status, headers });
  Object.defineProperty(response, 'url', { value: url });
  return response;
};
const answering = (...args) => async () => respond(...args);
const isUnavailable = (kind, message) => (error) => error instanceof DiffUnavailable && error.kind === kind && message.test(error.message);

test('the .diff URL on github.com (which redirects to patch-diff)', () => {
  assert.equal(pullRequestDiffUrl(pr), 'https://github.com/ROCm/ATOM/pull/1498.diff');
});

test('on an Enterprise host the .diff is the host\'s own, and only the host\'s pull request path or raw places answer', async () => {
  const onHost = { host: 'ghe.example.com', owner: 'acme', repo: 'widgets', number: 7 };
  assert.equal(pullRequestDiffUrl(onHost), 'https://ghe.example.com/acme/widgets/pull/7.diff');
  let seen = null;
  const diff = await fetchPullRequestDiff(onHost, { fetchImpl: async (url) => { seen = url; return respond('diff', { url }); } });
  assert.equal(seen, 'https://ghe.example.com/acme/widgets/pull/7.diff');
  assert.equal(new TextDecoder().decode(diff), 'diff');
  for (const url of ['https://ghe.example.com/login?return_to=%2Facme', 'https://patch-diff.githubusercontent.com/raw/acme/widgets/pull/7.diff',
    'https://ghe.example.com/acme/other/pull/7.diff']) {
    await assert.rejects(fetchPullRequestDiff(onHost, { fetchImpl: async () => respond('x', { url }) }), isUnavailable('failed', /redirected to/), url);
  }
});

test('fetches with the session cookie and returns bytes, not text', async () => {
  let seen;
  const bytes = new Uint8Array([0x2b, 0xff, 0x0a]); // not UTF-8: must arrive unchanged
  const diff = await fetchPullRequestDiff(pr, { fetchImpl: async (url, init) => { seen = { url, init }; return respond(bytes); } });
  assert.deepEqual(Array.from(diff), [0x2b, 0xff, 0x0a]);
  assert.equal(seen.url, 'https://github.com/ROCm/ATOM/pull/1498.diff');
  assert.equal(seen.init.credentials, 'include');
  assert.ok(seen.init.signal instanceof AbortSignal, 'the download can be given up');
});

test('GitHub refusals become reasons a user can read', async () => {
  const reasons = [[406, {}, 'too-large', /300 files or 20,000 lines/], [404, {}, 'not-found', /not found/],
    [429, {}, 'rate-limited', /rate limited/], [403, { 'x-ratelimit-remaining': '0' }, 'rate-limited', /rate limited/],
    [403, {}, 'failed', /403/], [500, {}, 'failed', /500/]];
  for (const [status, headers, kind, message] of reasons) {
    await assert.rejects(fetchPullRequestDiff(pr, { fetchImpl: answering('x', { status, headers, url: 'https://github.com/x' }) }),
      isUnavailable(kind, message), `${status}`);
  }
  await assert.rejects(fetchPullRequestDiff(pr, { fetchImpl: async () => { throw new TypeError('offline'); } }),
    isUnavailable('failed', /network error: offline/));
});

test('the wait comes from Retry-After, else from the rate-limit reset', async () => {
  await assert.rejects(fetchPullRequestDiff(pr, { fetchImpl: answering('x', { status: 429, headers: { 'retry-after': '7' } }) }),
    (error) => error.retryAfterMs === 7000);
  await assert.rejects(fetchPullRequestDiff(pr, { now: () => 100_000,
    fetchImpl: answering('x', { status: 403, headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '110' } }) }),
  (error) => error.retryAfterMs === 10_000);
});

test('only GitHub\'s diff hosts may answer, after every redirect', async () => {
  for (const url of [PATCH_URL, 'https://github.com/ROCm/ATOM/pull/1498.diff']) {
    assert.deepEqual(await fetchPullRequestDiff(pr, { fetchImpl: answering('ab', { url }) }), new Uint8Array([97, 98]), url);
  }
  for (const url of ['https://evil.example/x.diff', 'http://patch-diff.githubusercontent.com/raw/x.diff', 'https://raw.githubusercontent.com/x',
    'https://github.com.evil.example/x', 'https://gist.github.com/x', '']) {
    await assert.rejects(fetchPullRequestDiff(pr, { fetchImpl: answering('ab', { url }) }), isUnavailable('failed', /redirected to/), url);
  }
});

test('a diff that never answers ends with the reason', async () => {
  const never = (_url, init) => new Promise((_resolve, reject) => init.signal.addEventListener('abort', () => reject(init.signal.reason)));
  await assert.rejects(fetchPullRequestDiff(pr, { timeoutMs: 50, fetchImpl: never }), isUnavailable('timed-out', /no answer within 0.1 s/));
});

test('a body that stalls half way ends with the reason too', async () => {
  const stalling = async (_url, init) => {
    const body = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('diff --git a/x b/x\n'));
        init.signal.addEventListener('abort', () => controller.error(init.signal.reason));
      },
    });
    return respond(body);
  };
  await assert.rejects(fetchPullRequestDiff(pr, { timeoutMs: 50, fetchImpl: stalling }), isUnavailable('timed-out', /no answer within/));
});

test('a diff over the cap is refused with the reason, the download cancelled', async () => {
  let cancelled = false;
  const endless = async () => respond(new ReadableStream({
    pull(controller) { controller.enqueue(new Uint8Array(1024)); },
    cancel() { cancelled = true; },
  }));
  await assert.rejects(fetchPullRequestDiff(pr, { maxBytes: 4096, fetchImpl: endless }), isUnavailable('too-large', /the diff is larger than 4096 bytes/));
  assert.ok(cancelled);
});
