// End to end: a GitHub Enterprise Server host. Before the user adds it the extension does nothing
// there (no content script, no request); added on the options page (the permission request made
// in the click), its pull requests are reviewed as github.com's are, the same findings, with every
// download going to that host and its raw subdomain; removed, the content script goes again.
// The browser's permission prompt cannot be answered by a test: support/enterprise-extension.mjs
// says how the copy of the extension used here gets the grant.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { launchWithExtension } from './support/browser.mjs';
import { extensionGranting } from './support/enterprise-extension.mjs';
import { ENTERPRISE_HOST, startFakeGitHub } from './support/fake-github.mjs';
import { openOptions } from './support/options-page.mjs';
import { DEMO_PR, backgroundMeta, demoDiff, demoDownloadsOnce, demoHeadFiles } from './support/pull-requests.mjs';
import { referenceReview } from './support/reference-review.mjs';
import { waitUntil } from './support/review-page.mjs';

const HEAD = 'e17e000000000000000000000000000000000001';
const BASE = 'ba5e000000000000000000000000000000000000';
const PR = { ...DEMO_PR, host: ENTERPRISE_HOST, number: 8100, headSha: HEAD, baseSha: BASE, headFiles: demoHeadFiles() };
const FILES_URL = `https://${ENTERPRISE_HOST}/${PR.owner}/${PR.repo}/pull/${PR.number}/files`;
const SCRIPT_ID = `atom-review-host:${ENTERPRISE_HOST}`;

let github;
let copy;
let browser;

before(async () => {
  github = await startFakeGitHub();
  github.addPullRequest({ ...PR, diffBytes: demoDiff() });
  copy = extensionGranting([ENTERPRISE_HOST]);
  browser = await launchWithExtension({ port: github.port, extensionDir: copy.dir });
});
after(async () => {
  await browser?.close();
  await github?.close();
  copy?.remove();
});

const registeredIds = () => browser.serviceWorker.evaluate(async () => (await chrome.scripting.getRegisteredContentScripts()).map((s) => s.id));
const drawnCount = (page) => page.evaluate(() => document.querySelectorAll('[data-atom-review]').length);
// What the extension asked of the fake GitHub after `mark`, leaving out the tab's own navigation
// (the page and its favicon).
const extensionRequestsSince = (mark) => github.requests.slice(mark)
  .filter((request) => request.path !== '/favicon.ico' && !(request.path === new URL(FILES_URL).pathname && request.origin === null));

async function waitForRegistration(present) {
  const until = Date.now() + 15000;
  while ((await registeredIds()).includes(SCRIPT_ID) !== present) {
    if (Date.now() > until) throw new Error(`waited 15 s for the content script to be ${present ? '' : 'un'}registered`);
    await new Promise((resolve) => { setTimeout(resolve, 100); });
  }
}

async function waitUntilStored(key) {
  const until = Date.now() + 15000;
  while (!Object.hasOwn(await browser.localItems(), key)) {
    if (Date.now() > until) throw new Error(`waited 15 s for ${key} in storage.local: ${Object.keys(await browser.localItems()).join(', ')}`);
    await new Promise((resolve) => { setTimeout(resolve, 100); });
  }
}

// Gives the page time in which a content script, were it there, would have drawn and asked.
async function settledPage(url) {
  const page = await browser.newPage();
  await page.goto(url);
  await page.waitForTimeout(2000);
  return page;
}

describe('a GitHub Enterprise host', () => {
  test('is left alone until the user adds it: nothing drawn, nothing fetched', async () => {
    const mark = github.requests.length;
    const page = await settledPage(FILES_URL);
    assert.equal(await drawnCount(page), 0);
    assert.deepEqual(extensionRequestsSince(mark), []);
    assert.deepEqual(await registeredIds(), []);
    await page.close();
  });

  test('a host name that is not one is refused on the options page, and nothing is asked', async () => {
    const options = await openOptions(browser);
    await options.fill('#add-host', 'http://10.0.0.1');
    await options.click('[data-options="add-host-button"]');
    await options.waitForSelector('[data-options="add-host-status"].flash-error');
    assert.match(await options.textContent('[data-options="add-host-status"]'), /is not a GitHub Enterprise host name/);
    assert.deepEqual(await options.$$eval('[data-options="host"]', (rows) => rows.length), 0);
    await options.close();
  });

  test('added on the options page, its pull requests are reviewed as on github.com, every download from that host', async () => {
    const options = await openOptions(browser);
    await options.fill('#add-host', ` ${ENTERPRISE_HOST.toUpperCase()} `);
    await options.click('[data-options="add-host-button"]');
    await options.waitForSelector('[data-options="add-host-status"].flash-success');
    assert.match(await options.textContent('[data-options="add-host-status"]'), new RegExp(`^${ENTERPRISE_HOST} added`));
    assert.deepEqual(await options.$$eval('[data-options="host"]', (rows) => rows.map((row) => row.dataset.host)), [ENTERPRISE_HOST]);
    assert.equal(await options.$('[data-options="host-not-allowed"]'), null, 'the browser holds the host\'s permissions');
    await waitForRegistration(true);
    await options.close();

    const { result: reference } = await referenceReview(demoDiff(), backgroundMeta(PR), { headFiles: demoHeadFiles() });
    const mark = github.requests.length;
    const page = await browser.newPage();
    await page.goto(FILES_URL);
    await waitUntil(page, (count) => document.querySelectorAll('[data-atom-review="finding"]').length === count
      && document.querySelector('[data-atom-review="review-files"]')?.dataset.source === 'whole'
      && document.querySelectorAll('[data-atom-review="tier-badge"]').length > 0,
    reference.findings.length, { timeout: 60000, what: 'the review on the Enterprise host' });
    const shown = await page.$$eval('[data-atom-review="finding"]', (all) => all.map((element) => `${element.dataset.rule}|${element.dataset.path}|${element.dataset.line ?? ''}`).sort());
    assert.deepEqual(shown, reference.findings.map((f) => `${f.rule}|${f.path ?? ''}|${f.line ?? ''}`).sort(),
      'the findings of the same review on github.com');

    const asked = extensionRequestsSince(mark);
    assert.ok(asked.length > 0);
    assert.deepEqual([...new Set(asked.map((request) => request.host))].sort(), [ENTERPRISE_HOST, `raw.${ENTERPRISE_HOST}`].sort(),
      'pages and the head files from the Enterprise host and its raw subdomain, nothing from github.com');
    assert.deepEqual(github.rawRequests(PR), demoDownloadsOnce(reference),
      'each modified file once, from the host\'s raw subdomain');

    // A tick is the pull request's state: stored under a key that names the host.
    await page.click('[data-atom-review="panel"] [data-atom-review="checklist-item"]');
    const key = `atom-review:pr:${ENTERPRISE_HOST}/${PR.owner}/${PR.repo}#${PR.number}@${HEAD}`;
    await waitUntilStored(key);
    assert.equal(Object.keys(await browser.localItems()).filter((stored) => stored.startsWith('atom-review:pr:')).length, 1);
    await page.close();
  });

  test('removed on the options page, the host gets nothing again', async () => {
    const options = await openOptions(browser);
    await options.click(`[data-options="host"][data-host="${ENTERPRISE_HOST}"] .btn-danger`);
    await options.waitForFunction(() => document.querySelectorAll('[data-options="host"]').length === 0);
    await waitForRegistration(false);
    await options.close();
    const mark = github.requests.length;
    const page = await settledPage(FILES_URL);
    assert.equal(await drawnCount(page), 0);
    assert.deepEqual(extensionRequestsSince(mark), []);
    await page.close();
  });
});
