// End to end: the repository scope and the options page. A repository outside every scope gets
// nothing drawn and no request (every request the page and the service worker made reaches the
// fake GitHub, which logs it); adding it on the options page brings the features; switching a
// feature off there removes it from an open files page at once; the page in dark mode.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { builtInPacks, builtInRepos } from '../../extension/pack-repos.mjs';
import { waitForTierBadges } from './support/badges.mjs';
import { launchWithExtension } from './support/browser.mjs';
import { startFakeGitHub } from './support/fake-github.mjs';
import { renderClassicList } from './support/list-pages.mjs';
import { untilItDraws } from './support/options-page.mjs';
import { REPO_ROOT } from './support/paths.mjs';
import { DEMO_PR, demoDiff, demoHeadFiles } from './support/pull-requests.mjs';

const OUTSIDE = { owner: 'octo', repo: 'demo', number: 7, title: 'A pull request of an unrelated repository', author: 'example-dev' };
const QUIET_MS = 3000; // long enough for the in-scope page below to be reviewed and badged
const ours = '[data-atom-review]';

let github;
let browser;
let extensionOrigin;

before(async () => {
  github = await startFakeGitHub();
  browser = await launchWithExtension({ port: github.port });
  extensionOrigin = `chrome-extension://${new URL(browser.serviceWorker.url()).host}`; // URL.origin is "null" for this scheme
  for (const pr of [DEMO_PR, OUTSIDE]) github.addPullRequest({ ...pr, diffBytes: demoDiff() });
  github.addPage(`/${OUTSIDE.owner}/${OUTSIDE.repo}/pulls`, renderClassicList({ owner: OUTSIDE.owner, repo: OUTSIDE.repo,
    rows: [{ number: OUTSIDE.number, title: OUTSIDE.title, author: OUTSIDE.author }] }));
});
after(async () => {
  await browser?.close();
  await github?.close();
});

// The requests that reached the fake GitHub (page and service worker alike) while `run` ran.
async function requestsDuring(run) {
  const from = github.requests.length;
  await run();
  return github.requests.slice(from);
}

async function openOptions({ colorScheme = 'light' } = {}) {
  const page = await browser.context.newPage();
  await page.emulateMedia({ colorScheme });
  await page.goto(`${extensionOrigin}/options.html`);
  await page.waitForSelector('[data-options="feature-switch"]');
  await untilItDraws(page);
  return page;
}

const syncSettings = () => browser.serviceWorker.evaluate(() => chrome.storage.sync.get(null));

describe('scope', () => {
  test('in scope (ROCm/ATOM, a built-in pack\'s repository): the files page is reviewed and badged', async () => {
    const page = await browser.context.newPage();
    await page.goto(`https://github.com/${DEMO_PR.owner}/${DEMO_PR.repo}/pull/${DEMO_PR.number}/files`);
    await waitForTierBadges(page, 1, QUIET_MS * 3);
    await page.close();
  });

  test('out of scope: no badge, no panel, no list badge, and no request beyond the pages themselves', async () => {
    const seenByPage = [];
    const requests = await requestsDuring(async () => {
      for (const path of [`/${OUTSIDE.owner}/${OUTSIDE.repo}/pull/${OUTSIDE.number}/files`,
        `/${OUTSIDE.owner}/${OUTSIDE.repo}/pull/${OUTSIDE.number}`, `/${OUTSIDE.owner}/${OUTSIDE.repo}/pulls`]) {
        const page = await browser.context.newPage();
        page.on('request', (request) => seenByPage.push(request.url()));
        await page.goto(`https://github.com${path}`);
        await page.waitForTimeout(QUIET_MS);
        assert.equal(await page.locator(ours).count(), 0, `${path}: nothing of ours on the page`);
        await page.close();
      }
    });
    // The pages visited, and the favicon the browser itself asks for.
    const visited = new Set(['/favicon.ico', `/${OUTSIDE.owner}/${OUTSIDE.repo}/pull/${OUTSIDE.number}/files`,
      `/${OUTSIDE.owner}/${OUTSIDE.repo}/pull/${OUTSIDE.number}`, `/${OUTSIDE.owner}/${OUTSIDE.repo}/pulls`]);
    assert.deepEqual(requests.filter(({ host, path }) => host !== 'github.com' || !visited.has(path)), [],
      'no diff, raw file or page fetched by the service worker');
    assert.deepEqual(seenByPage.filter((url) => !visited.has(new URL(url).pathname)), [], 'nothing fetched by the page');
  });
});

describe('options page', () => {
  test('adding the repository (validated as OWNER/REPO) brings the features to it', async () => {
    const options = await openOptions();
    assert.deepEqual(await options.$$eval('[data-options="repo"]', (rows) => rows.map((row) => row.dataset.repo)),
      builtInRepos(join(REPO_ROOT, 'core', 'packs')), 'the built-in packs\' repositories are listed');
    await options.fill('#add-repo', 'octo');
    await options.press('#add-repo', 'Enter');
    await options.waitForSelector('[data-options="add-repo-status"].flash-error');
    assert.match(await options.textContent('[data-options="add-repo-status"]'), /not OWNER\/REPO/);
    assert.equal((await syncSettings())['atomReview.repos'], undefined, 'nothing stored');
    await options.fill('#add-repo', `${OUTSIDE.owner}/${OUTSIDE.repo}`);
    await options.click('[data-options="add-repo-button"]');
    await options.waitForSelector(`[data-options="repo"][data-repo="${OUTSIDE.owner}/${OUTSIDE.repo}"]`);
    assert.deepEqual((await syncSettings())['atomReview.repos'], ['octo/demo']);

    const requests = await requestsDuring(async () => {
      const files = await browser.context.newPage();
      await files.goto(`https://github.com/${OUTSIDE.owner}/${OUTSIDE.repo}/pull/${OUTSIDE.number}/files`);
      await waitForTierBadges(files, 1);
      await files.waitForSelector('[data-atom-review="panel"]');
      await files.close();
      const list = await browser.context.newPage();
      await list.goto(`https://github.com/${OUTSIDE.owner}/${OUTSIDE.repo}/pulls`);
      await list.waitForSelector(`[data-atom-review="list-badge"][data-state="done"]`, { timeout: 30000 });
      await list.close();
    });
    assert.ok(requests.some(({ path }) => path === `/${OUTSIDE.owner}/${OUTSIDE.repo}/pull/${OUTSIDE.number}.diff`),
      'the list row\'s diff is downloaded now');

    // Removing it again: an open list page loses its badge without a reload.
    const list = await browser.context.newPage();
    await list.goto(`https://github.com/${OUTSIDE.owner}/${OUTSIDE.repo}/pulls`);
    await list.waitForSelector('[data-atom-review="list-badge"]');
    await options.click(`[data-options="repo"][data-repo="${OUTSIDE.owner}/${OUTSIDE.repo}"] button`);
    await list.waitForFunction(() => document.querySelectorAll('[data-atom-review]').length === 0, null, { timeout: 5000 });
    await list.close();
    await options.close();
  });

  test('switching a feature off removes it from an open files page at once, and on brings it back', async () => {
    const files = await browser.context.newPage();
    await files.goto(`https://github.com/${DEMO_PR.owner}/${DEMO_PR.repo}/pull/${DEMO_PR.number}/files`);
    await waitForTierBadges(files, 1);
    await files.waitForSelector('[data-atom-review="draft-button"]');
    const options = await openOptions();
    await options.uncheck('[data-feature="tier-badges"]');
    await files.waitForFunction(() => document.querySelectorAll('[data-atom-review="tier-badge"]').length === 0, null, { timeout: 2000 });
    assert.equal(await files.locator('[data-atom-review="panel"]').count(), 1, 'the other features stay');
    assert.deepEqual((await syncSettings())['atomReview.features'], { 'tier-badges': false });
    // A feature that is part of the panel: the panel comes back without the draft button.
    await options.uncheck('[data-feature="draft"]');
    await files.waitForFunction(() => document.querySelector('[data-atom-review="panel"]')
      && !document.querySelector('[data-atom-review="draft-button"]'), null, { timeout: 5000 });
    // From the keyboard: focus the switch, Space turns it back on.
    await options.focus('[data-feature="tier-badges"]');
    await options.keyboard.press('Space');
    await waitForTierBadges(files, 1, 5000);
    await options.check('[data-feature="draft"]');
    await files.waitForSelector('[data-atom-review="draft-button"]', { timeout: 5000 });
    assert.deepEqual((await syncSettings())['atomReview.features'], {});
    await options.close();
    await files.close();
  });

  test('an open files page follows the whole-file switch in place: hunks when off, whole files again when on', async () => {
    const headSha = 'c0ffee0000000000000000000000000000000002';
    const pr = { ...DEMO_PR, number: 4344, headSha, baseSha: 'ba5e000000000000000000000000000000000000', headFiles: demoHeadFiles() };
    github.addPullRequest({ ...pr, diffBytes: demoDiff() });
    const files = await browser.context.newPage();
    await files.goto(`https://github.com/${pr.owner}/${pr.repo}/pull/${pr.number}/files`);
    const source = (want) => files.waitForFunction((value) => document.querySelector('[data-atom-review="review-files"]')?.dataset.source === value,
      want, { timeout: 30000 });
    await source('whole');
    await files.evaluate(() => { document.querySelector('[data-atom-review="panel"]').dataset.testMark = 'first'; });
    const options = await openOptions();
    await options.uncheck('[data-feature="whole-files"]');
    await source('hunks');
    assert.match(await files.textContent('[data-atom-review="review-files"]'), /switched off/);
    await options.check('[data-feature="whole-files"]');
    await source('whole');
    assert.equal(await files.$eval('[data-atom-review="panel"]', (panel) => panel.dataset.testMark), 'first',
      'the same panel, redrawn in place, not torn down');
    await options.close();
    await files.close();
  });

  test('whole-file fetch switched off: no raw file is downloaded and the panel says the review is on the hunks', async () => {
    const headSha = 'c0ffee0000000000000000000000000000000001';
    const pr = { ...DEMO_PR, number: 4343, headSha, baseSha: 'ba5e000000000000000000000000000000000000', headFiles: demoHeadFiles() };
    github.addPullRequest({ ...pr, diffBytes: demoDiff() });
    const options = await openOptions();
    await options.uncheck('[data-feature="whole-files"]');
    const requests = await requestsDuring(async () => {
      const files = await browser.context.newPage();
      await files.goto(`https://github.com/${pr.owner}/${pr.repo}/pull/${pr.number}/files`);
      await files.waitForSelector('[data-atom-review="review-files"]', { timeout: 30000 });
      assert.equal(await files.$eval('[data-atom-review="review-files"]', (line) => line.dataset.source), 'hunks');
      assert.match(await files.textContent('[data-atom-review="review-files"]'), /switched off/);
      await files.close();
    });
    assert.deepEqual(requests.filter(({ host, path }) => host === 'raw.githubusercontent.com' || path.includes('/raw/')), []);
    await options.check('[data-feature="whole-files"]');
    const again = await requestsDuring(async () => {
      const files = await browser.context.newPage();
      await files.goto(`https://github.com/${pr.owner}/${pr.repo}/pull/${pr.number}/files`);
      await files.waitForFunction(() => document.querySelector('[data-atom-review="review-files"]')?.dataset.source === 'whole',
        null, { timeout: 30000 });
      await files.close();
    });
    assert.ok(again.some(({ path }) => path.includes(`/raw/${headSha}/`)), 'switched on: the files are read at the head');
    await options.close();
  });

  test('every registered feature has a switch with its description; the packs section lists the built-in packs', async () => {
    const options = await openOptions();
    const switches = await options.$$eval('[data-options="feature-switch"]', (inputs) => inputs.map((input) => ({
      id: input.dataset.feature, label: input.labels[0]?.textContent ?? '' })));
    const { FEATURES } = await import('../../extension/shared/features.js');
    assert.deepEqual(switches.map((entry) => entry.id), FEATURES.map((feature) => feature.id));
    for (const feature of FEATURES) {
      assert.ok(switches.find((entry) => entry.id === feature.id).label.includes(feature.description), feature.id);
    }
    assert.deepEqual(await options.$$eval('[data-options="pack"]', (rows) => rows.map((row) => row.dataset.packId)),
      builtInPacks(join(REPO_ROOT, 'core', 'packs')).map(({ id }) => id));
    await options.close();
  });

  test('dark mode follows prefers-color-scheme', async () => {
    const shots = join(REPO_ROOT, 'build', 'e2e-shots');
    mkdirSync(shots, { recursive: true });
    const colours = {};
    for (const colorScheme of ['light', 'dark']) {
      const options = await openOptions({ colorScheme });
      colours[colorScheme] = await options.evaluate(() => {
        const style = getComputedStyle(document.body);
        const box = getComputedStyle(document.querySelector('.Box-header'));
        return { background: style.backgroundColor, text: style.color, header: box.backgroundColor };
      });
      await options.screenshot({ path: join(shots, `options-${colorScheme}.png`), fullPage: true });
      await options.close();
    }
    assert.deepEqual(colours.light, { background: 'rgb(255, 255, 255)', text: 'rgb(31, 35, 40)', header: 'rgb(246, 248, 250)' });
    assert.deepEqual(colours.dark, { background: 'rgb(13, 17, 23)', text: 'rgb(240, 246, 252)', header: 'rgb(21, 27, 35)' });
  });
});
