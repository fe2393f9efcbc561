// The request audit every e2e file runs when its browser and its fake GitHub close
// (support/request-audit.mjs): it sees requests to any host, from the page and from the
// extension's service worker, and it fails on a write or a foreign host.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchWithExtension } from './support/browser.mjs';
import { startFakeGitHub } from './support/fake-github.mjs';
import { requestsBreakingAudit } from './support/request-audit.mjs';
import { DEMO_PR, demoDiff, demoHeadFiles } from './support/pull-requests.mjs';

const HEAD_SHA = 'a'.repeat(40);
let github;
let browser;

before(async () => {
  github = await startFakeGitHub();
  browser = await launchWithExtension({ port: github.port });
  github.addPullRequest({ ...DEMO_PR, diffBytes: demoDiff(), headSha: HEAD_SHA, headFiles: demoHeadFiles() });
});
after(async () => {
  await browser?.close();
  await github?.close();
});

// Takes the requests a test made on purpose out of the record, so that teardown's audit passes.
function takeOut(requests, isPlanted) {
  const planted = requests.filter(isPlanted);
  requests.splice(0, requests.length, ...requests.filter((request) => !isPlanted(request)));
  return planted;
}

test('a review reads GitHub only: the service worker\'s downloads are recorded and pass', async () => {
  const page = await browser.context.newPage();
  await page.goto(`https://github.com/${DEMO_PR.owner}/${DEMO_PR.repo}/pull/${DEMO_PR.number}/files`);
  await page.waitForSelector('[data-atom-review="panel"] [data-atom-review="question"]', { timeout: 30000 });
  await page.close();
  const fromWorker = browser.requests.filter((request) => request.host === 'raw.githubusercontent.com');
  assert.ok(fromWorker.length > 0, 'the whole files the service worker downloads are seen by the audit');
  assert.deepEqual(requestsBreakingAudit(browser.requests), []);
  assert.deepEqual(requestsBreakingAudit(github.requests), []);
});

test('a request to another host or a write to github.com breaks the audit', async () => {
  const away = await browser.context.newPage();
  await away.route('https://elsewhere.example/**', (route) => route.abort()); // recorded, then not sent
  await away.goto('https://elsewhere.example/collect').catch(() => {});
  await away.close();
  const page = await browser.context.newPage();
  await page.goto('https://github.com/ROCm/ATOM/pull/1/none');
  await page.evaluate(() => fetch('/ROCm/ATOM/pull/1/comments', { method: 'POST', body: 'x' }).catch(() => {}));
  await page.close();
  const foreign = takeOut(browser.requests, (request) => request.host === 'elsewhere.example');
  assert.match(requestsBreakingAudit(foreign).join('\n'), /host elsewhere\.example is not GitHub's/);
  const isPost = (request) => request.method === 'POST';
  takeOut(browser.requests, isPost);
  const posted = takeOut(github.requests, isPost);
  assert.match(requestsBreakingAudit(posted).join('\n'), /^POST https:\/\/github\.com\/ROCm\/ATOM\/pull\/1\/comments: POST is not a read$/);
});

test('an origin other than GitHub\'s or the extension\'s breaks the audit', () => {
  const request = { host: 'github.com', path: '/x', method: 'GET' };
  assert.deepEqual(requestsBreakingAudit([{ ...request, origin: null }, { ...request, origin: 'https://github.com' },
    { ...request, origin: `chrome-extension://${'a'.repeat(32)}` }]), []);
  assert.deepEqual(requestsBreakingAudit([{ ...request, origin: 'https://evil.example' }]),
    ['GET https://github.com/x: origin https://evil.example']);
});
