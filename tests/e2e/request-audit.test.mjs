// The request audit every e2e file runs when its browser and its fake GitHub close
// (support/request-audit.mjs): it sees requests to any host, from the page and from the
// extension's service worker, and it fails on a write or a foreign host. firefox.test.mjs runs
// the same checks (support/request-audit-checks.mjs) in Firefox.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchWithExtension } from './support/browser.mjs';
import { startFakeGitHub } from './support/fake-github.mjs';
import { requestsBreakingAudit } from './support/request-audit.mjs';
import { assertForeignHostAndWriteBreakAudit, assertReviewReadsGitHubOnly } from './support/request-audit-checks.mjs';
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

test('a review reads GitHub only: the service worker\'s downloads are recorded and pass',
  () => assertReviewReadsGitHubOnly(browser, github, DEMO_PR));

test('a request to another host or a write to github.com breaks the audit',
  () => assertForeignHostAndWriteBreakAudit(browser, github));

test('an origin other than GitHub\'s or the extension\'s breaks the audit', () => {
  const request = { host: 'github.com', path: '/x', method: 'GET' };
  assert.deepEqual(requestsBreakingAudit([{ ...request, origin: null }, { ...request, origin: 'https://github.com' },
    { ...request, origin: `chrome-extension://${'a'.repeat(32)}` }]), []);
  assert.deepEqual(requestsBreakingAudit([{ ...request, origin: 'https://evil.example' }]),
    ['GET https://github.com/x: origin https://evil.example']);
});
