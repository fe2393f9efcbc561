// The background's page fetch: the URL it builds, the session cookie, bounded size and time,
// and no answer from a redirect that left github.com.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fetchGitHubPage } from '../../extension/background/github-pages.js';

const request = { kind: 'conversation', owner: 'ROCm', repo: 'ATOM', number: 7 };
const respond = (body, { status = 200, url = 'https://github.com/ROCm/ATOM/pull/7' } = {}) => {
  const response = new Response(body, { status });
  Object.defineProperty(response, 'url', { value: url });
  return response;
};

test('fetches the conversation page with the session cookie and answers its HTML', async () => {
  const calls = [];
  const page = await fetchGitHubPage(request, { fetchImpl: async (url, init) => { calls.push([url, init.credentials]); return respond('<p>hi</p>'); } });
  assert.deepEqual(calls, [['https://github.com/ROCm/ATOM/pull/7', 'include']]);
  assert.deepEqual(page, { status: 200, html: '<p>hi</p>' });
});

test('a 410 or 404 is an answer with its status, not an error', async () => {
  assert.deepEqual(await fetchGitHubPage(request, { fetchImpl: async () => respond('gone', { status: 410 }) }), { status: 410, html: '' });
});

test('a redirect off github.com answers nothing', async () => {
  const page = await fetchGitHubPage(request, { fetchImpl: async () => respond('<p>x</p>', { url: 'https://evil.example/' }) });
  assert.deepEqual(page, { status: 0, html: '' });
});

test('an oversized page is refused', async () => {
  await assert.rejects(fetchGitHubPage(request, { maxBytes: 10, fetchImpl: async () => respond('x'.repeat(100)) }), /larger than 10 bytes/);
});

test('a page that never answers times out', async () => {
  const never = (_url, init) => new Promise((_, reject) => init.signal.addEventListener('abort', () => reject(init.signal.reason)));
  await assert.rejects(fetchGitHubPage(request, { timeoutMs: 50, fetchImpl: never }), /no answer within 0.1 s/);
});
