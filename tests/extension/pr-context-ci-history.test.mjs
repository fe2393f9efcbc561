// Which failing checks get their Details page read for expired logs, and what counts as expired:
// only this repository's Actions runs on github.com, a 410 answer or GitHub's notice.
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { withExpiredLogs } from '../../extension/content/pr-context/ci-history.js';
import { parsePageFetchRequest } from '../../extension/shared/page-fetch-messages.js';

const asked = [];
function answerPages(pages) {
  globalThis.chrome = { runtime: { sendMessage: async (message) => {
    const request = parsePageFetchRequest(message);
    assert.ok(request, `the background would refuse ${JSON.stringify(message)}`);
    asked.push(request.path);
    return { ok: true, ...(pages[request.path] ?? { status: 404, html: '' }) };
  } } };
}
afterEach(() => { delete globalThis.chrome; asked.length = 0; });

const here = { owner: 'ROCm', repo: 'ATOM' };
const run = (id) => `https://github.com/ROCm/ATOM/actions/runs/${id}/job/${id + 1}`;

test('a 410 or the expiry notice marks the logs expired; other answers do not', async () => {
  answerPages({
    '/ROCm/ATOM/actions/runs/1/job/2': { status: 410, html: '' },
    '/ROCm/ATOM/actions/runs/3/job/4': { status: 200, html: '<p>The logs for this run have expired and are no longer available.</p>' },
    '/ROCm/ATOM/actions/runs/5/job/6': { status: 200, html: '<p>Run tests</p>' },
  });
  const checks = [
    { name: 'a', state: 'failure', url: run(1) }, { name: 'b', state: 'timed_out', url: run(3) },
    { name: 'c', state: 'failure', url: run(5) }, { name: 'd', state: 'failure', url: run(7) },
  ];
  const marked = await withExpiredLogs(checks, here);
  assert.deepEqual(marked.map((c) => [c.name, c.logs_expired ?? false]), [['a', true], ['b', true], ['c', false], ['d', false]]);
  assert.deepEqual(checks.map((c) => c.logs_expired), [undefined, undefined, undefined, undefined], 'the input is left as it was');
});

test('passing checks, other repositories and other hosts are never fetched', async () => {
  answerPages({});
  await withExpiredLogs([
    { name: 'ok', state: 'success', url: run(1) },
    { name: 'fork', state: 'failure', url: 'https://github.com/someone/ATOM/actions/runs/3/job/4' },
    { name: 'docs', state: 'failure', url: 'https://readthedocs.org/projects/atom/builds/5/' },
    { name: 'no-url', state: 'failure' },
    { name: 'mine', state: 'failure', url: `${run(9)}?pr=1#step:3:1` },
  ], here);
  assert.deepEqual(asked, ['/ROCm/ATOM/actions/runs/9/job/10']);
});

test('a background that does not answer leaves the checks as they were', async () => {
  globalThis.chrome = { runtime: { sendMessage: async () => { throw new Error('Receiving end does not exist.'); } } };
  const checks = [{ name: 'a', state: 'failure', url: run(1) }];
  assert.deepEqual(await withExpiredLogs(checks, here), checks);
});
