import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fetchPullRequestDiff, pullRequestDiffUrl } from '../../extension/background/pr-diff.js';

const pr = { owner: 'ROCm', repo: 'ATOM', number: 1498 };

test('the .diff URL on github.com (which redirects to patch-diff)', () => {
  assert.equal(pullRequestDiffUrl(pr), 'https://github.com/ROCm/ATOM/pull/1498.diff');
});

test('fetches with the session cookie and returns bytes, not text', async () => {
  let seen;
  const bytes = new Uint8Array([0x2b, 0xff, 0x0a]); // not UTF-8: must arrive unchanged
  const fakeFetch = async (url, init) => { seen = { url, init }; return new Response(bytes); };
  const diff = await fetchPullRequestDiff(pr, fakeFetch);
  assert.deepEqual(Array.from(diff), [0x2b, 0xff, 0x0a]);
  assert.equal(seen.url, 'https://github.com/ROCm/ATOM/pull/1498.diff');
  assert.equal(seen.init.credentials, 'include');
});

test('an HTTP error names the URL and the status', async () => {
  const fakeFetch = async () => new Response('nope', { status: 404, statusText: 'Not Found' });
  await assert.rejects(fetchPullRequestDiff(pr, fakeFetch), /ATOM\/pull\/1498\.diff answered 404 Not Found/);
});
