// End to end: the built extension in Chromium, on files pages served like github.com, shows one
// tier badge per file header with the tier the engine gives that file.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { readTierBadges, waitForTierBadges } from './support/badges.mjs';
import { launchWithExtension } from './support/browser.mjs';
import { startFakeGitHub } from './support/fake-github.mjs';
import { diffAnchor } from './support/fixture-pages.mjs';
import { sharedAvailable } from './support/paths.mjs';
import {
  DEMO_PR, FILES_TABS, backgroundMeta, corpusDiff, demoDiff, openFilesPage as openPage,
} from './support/pull-requests.mjs';
import { referenceReview } from './support/reference-review.mjs';

const DEMO_DIFF = demoDiff();

let github;
let browser;

before(async () => {
  github = await startFakeGitHub();
  browser = await launchWithExtension({ port: github.port });
});
after(async () => {
  await browser?.close();
  await github?.close();
});

const openFilesPage = (pr, tab) => openPage(browser.context, pr, tab);

async function expectOneCorrectBadgePerFile(page, reference) {
  const containerIds = await page.$$eval('[id^="diff-"][data-details-container-group="file"], div[role="region"][id^="diff-"]',
    (containers) => containers.map((c) => c.id));
  await waitForTierBadges(page, containerIds.length);
  await page.waitForTimeout(300); // let a debounced second pass run: it must not add duplicates
  const badges = await readTierBadges(page);
  assert.equal(badges.length, containerIds.length, 'one badge per file container');
  assert.deepEqual(badges.map((b) => b.containerId).sort(), [...containerIds].sort());
  const byPath = new Map(reference.files.map((file) => [file.path, file]));
  const mandatory = new Set((reference.checklist ?? []).filter((entry) => entry.mandatory).map((entry) => entry.path));
  for (const badge of badges) {
    const file = byPath.get(badge.path);
    assert.ok(file, `badge for ${badge.path} names a reviewed file`);
    assert.equal(badge.containerId, diffAnchor(file.path), `${file.path}: badge sits in its own container`);
    assert.equal(badge.tier, String(file.tier), `${file.path}: tier`);
    assert.equal(badge.text, `T${file.tier}`);
    assert.equal(badge.highVisibility, file.high_visibility ? 'true' : null, `${file.path}: high visibility`);
    assert.ok(badge.title.includes(file.tier_reason), `${file.path}: tooltip carries the tier reason`);
    assert.ok(badge.inHeader, `${file.path}: badge is inside the file header`);
    assert.equal(badge.title.includes('Mandatory checklist:'), mandatory.has(file.path),
      `${file.path}: the checklist is in the tooltip exactly when the engine calls it mandatory`);
  }
  return badges;
}

describe('tier badges on the demo pull request', () => {
  let reference;
  before(async () => {
    github.addPullRequest({ ...DEMO_PR, diffBytes: DEMO_DIFF });
    reference = await referenceReview(DEMO_DIFF, backgroundMeta(DEMO_PR));
  });

  for (const { ui, tab } of FILES_TABS) {
    test(`${ui} UI (/${tab}): exactly one badge per file, with the reference tier`, async (t) => {
      t.diagnostic(`reference review from the ${reference.source}`);
      const page = await openFilesPage(DEMO_PR, tab);
      const badges = await expectOneCorrectBadgePerFile(page, reference.result);
      assert.equal(badges.length, reference.result.files.length, 'every reviewed file is on the page');
      const tiers = new Set(badges.map((b) => b.tier));
      assert.ok(tiers.has('1') && tiers.has('2') && tiers.has('3'), 'the demo touches all three tiers');
      assert.ok(badges.some((badge) => badge.title.includes('Mandatory checklist:')), 'the demo has a mandatory checklist');
      // The diff holds markup in a path and in a line; it must stay text (GitHub's own JSON data
      // script on React pages aside).
      assert.equal(await page.evaluate(() => document.querySelectorAll('img, script:not([type="application/json"])').length), 0);
      assert.notEqual(await page.title(), 'pwned');
      await page.close();
    });
  }

  test('the background fetched the diff from github.com through the patch-diff redirect', async () => {
    // A view hiding whitespace changes cannot stand in for the diff, so the background fetches it.
    const page = await openFilesPage(DEMO_PR, 'files?w=1');
    await expectOneCorrectBadgePerFile(page, reference.result);
    await page.close();
    const paths = github.requests.map((r) => `${r.host}${r.path}`);
    assert.ok(paths.includes('github.com/ROCm/ATOM/pull/4242.diff'));
    assert.ok(paths.includes('patch-diff.githubusercontent.com/raw/ROCm/ATOM/pull/4242.diff'));
  });

  test('React re-renders and stray copies: badges come back, never doubled', async () => {
    const page = await openFilesPage(DEMO_PR, 'changes');
    await expectOneCorrectBadgePerFile(page, reference.result);
    await page.evaluate(() => {
      const headers = document.querySelectorAll('[class*="DiffFileHeader-module__diff-file-header"]');
      // A re-render replaces the first header with a fresh node that lacks our badge ...
      const fresh = headers[0].cloneNode(true);
      fresh.querySelectorAll('[data-atom-review]').forEach((badge) => badge.remove());
      headers[0].replaceWith(fresh);
      // ... and a stale copy of a badge ends up beside the second one.
      const second = headers[1].querySelector('[data-atom-review="tier-badge"]');
      second.after(second.cloneNode(true));
    });
    await page.waitForTimeout(500);
    await expectOneCorrectBadgePerFile(page, reference.result);
    await page.close();
  });

  test('in-page navigation away removes the badges; coming back restores them', async () => {
    const page = await openFilesPage(DEMO_PR, 'files');
    await expectOneCorrectBadgePerFile(page, reference.result);
    await page.evaluate(() => history.pushState(null, '', '/ROCm/ATOM/pull/4242'));
    await page.waitForFunction(() => !document.querySelector('[data-atom-review="tier-badge"]'), null, { timeout: 5000 });
    await page.evaluate(() => {
      history.pushState(null, '', '/ROCm/ATOM/pull/4242/files');
      window.dispatchEvent(new Event('turbo:render'));
    });
    await expectOneCorrectBadgePerFile(page, reference.result);
    await page.close();
  });
});

// A real ATOM commit with many files, from the shared corpus, in both UIs.
describe('tier badges on a real ATOM diff', { skip: !sharedAvailable() && 'needs ../shared' }, () => {
  const pr = { owner: 'ROCm', repo: 'ATOM', number: 9001, title: 'Corpus diff' };
  let diffBytes;
  let reference;
  before(async () => {
    diffBytes = corpusDiff();
    github.addPullRequest({ ...pr, diffBytes });
    reference = await referenceReview(diffBytes, backgroundMeta(pr));
  });

  for (const { ui, tab } of FILES_TABS) {
    test(`${ui} UI: every file's badge has the reference tier`, async () => {
      const page = await openFilesPage(pr, tab);
      await expectOneCorrectBadgePerFile(page, reference.result);
      await page.close();
    });
  }
});
