// End to end: 50 in-page navigations, the way GitHub swaps pages without loading them (new
// content, history.pushState, then Turbo's `turbo:render` or React's `soft-nav:end`), between
// the conversation and files pages of two pull requests. After each one: one panel, exactly one
// badge per file and one finding element per finding, each in its own file.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchWithExtension } from './support/browser.mjs';
import { startFakeGitHub } from './support/fake-github.mjs';
import { diffAnchor } from './support/fixture-pages.mjs';
import { DEMO_PR, backgroundMeta, demoDiff } from './support/pull-requests.mjs';
import { referenceReview } from './support/reference-review.mjs';
import { pathOf, softNavigate } from './support/soft-navigation.mjs';

const NAVIGATIONS = 50;
const OTHER_PR = { ...DEMO_PR, number: 4245, title: 'Only the model runner and MLA changes' };

// The demo diff's first two files: a second pull request with other files and findings.
function firstFiles(diff, count) {
  const parts = diff.toString('utf8').split(/(?=^diff --git )/m);
  return Buffer.from(parts.slice(0, count).join(''));
}

let github;
let browser;
const references = new Map();

before(async () => {
  github = await startFakeGitHub();
  browser = await launchWithExtension({ port: github.port });
  for (const [pr, diffBytes] of [[DEMO_PR, demoDiff()], [OTHER_PR, firstFiles(demoDiff(), 2)]]) {
    github.addPullRequest({ ...pr, diffBytes });
    references.set(pr.number, (await referenceReview(diffBytes, backgroundMeta(pr))).result);
  }
});
after(async () => {
  await browser?.close();
  await github?.close();
});

const ROUTE = [
  { pr: DEMO_PR, tab: 'files' }, { pr: DEMO_PR, tab: '' }, { pr: OTHER_PR, tab: 'files' },
  { pr: DEMO_PR, tab: 'changes' }, { pr: OTHER_PR, tab: '' }, { pr: OTHER_PR, tab: 'changes' },
];

// What must be on the page for `stop`, as a predicate the page can evaluate.
function readPage(page) {
  return page.evaluate(() => ({
    panels: document.querySelectorAll('[data-atom-review="panel"]').length,
    containers: Array.from(document.querySelectorAll('[id^="diff-"][data-details-container-group="file"], div[role="region"][id^="diff-"]'), (c) => c.id),
    badges: Array.from(document.querySelectorAll('[data-atom-review="tier-badge"]'),
      (b) => ({ container: b.closest('[id^="diff-"]')?.id ?? null, path: b.dataset.path })),
    findings: Array.from(document.querySelectorAll('[data-atom-review="finding"]'), (f) => ({
      key: `${f.dataset.rule}|${f.dataset.path ?? ''}|${f.dataset.line ?? ''}|${f.dataset.side ?? ''}`,
      container: f.closest('[id^="diff-"]')?.id ?? null, path: f.dataset.path ?? null,
    })),
  }));
}

function check(shown, stop) {
  const reference = references.get(stop.pr.number);
  const expectedKeys = reference.findings.map((f) => `${f.rule}|${f.path ?? ''}|${f.line ?? ''}|${f.line == null ? '' : (f.side ?? '')}`);
  assert.equal(shown.panels, 1, 'one panel');
  assert.deepEqual(shown.findings.map((f) => f.key).sort(), expectedKeys.sort(), 'one element per finding');
  if (stop.tab === '') {
    assert.equal(shown.badges.length, 0, 'no badges on the conversation page');
    assert.ok(shown.findings.every((f) => f.container === null), 'findings listed in the panel');
    return;
  }
  assert.deepEqual(shown.badges.map((b) => b.container).sort(), [...shown.containers].sort(), 'one badge per file');
  assert.equal(shown.containers.length, reference.files.length);
  for (const f of shown.findings.filter((finding) => finding.path !== null)) {
    assert.equal(f.container, diffAnchor(f.path), `${f.key} inside its own file`);
  }
}

test(`${NAVIGATIONS} soft navigations: one panel, one badge per file, one element per finding each time`, async () => {
  assert.notDeepEqual(references.get(DEMO_PR.number).findings, references.get(OTHER_PR.number).findings);
  const page = await browser.context.newPage();
  await page.goto(`https://github.com${pathOf(ROUTE.at(-1))}`);
  for (let step = 0; step < NAVIGATIONS; step += 1) {
    const stop = ROUTE[step % ROUTE.length];
    await softNavigate(page, pathOf(stop), step % 2 === 0 ? 'turbo:render' : 'soft-nav:end');
    const reference = references.get(stop.pr.number);
    const badgeCount = stop.tab === '' ? 0 : reference.files.length;
    await page.waitForFunction(([findingCount, badges, verdict]) =>
      document.querySelectorAll('[data-atom-review="finding"]').length === findingCount
      && document.querySelectorAll('[data-atom-review="tier-badge"]').length === badges
      && document.querySelector('[data-atom-review="panel"]')?.dataset.verdict === verdict,
    [reference.findings.length, badgeCount, reference.verdict], { timeout: 15000 });
    await page.waitForTimeout(250); // a debounced pass must not double or move anything
    try {
      check(await readPage(page), stop);
    } catch (error) {
      error.message = `navigation ${step + 1} to ${pathOf(stop)}: ${error.message}`;
      throw error;
    }
  }
  await page.close();
});

// GitHub's Turbo visit, in its order: turbo:before-visit, turbo:visit, the address pushed, the
// page fetched, turbo:before-render, the body element itself replaced, turbo:render, turbo:load.
function turboVisit(page, path, delayMs) {
  return page.evaluate(async ([to, delayMs]) => {
    const fire = (type) => document.dispatchEvent(new CustomEvent(type, { bubbles: true }));
    fire('turbo:before-visit');
    fire('turbo:visit');
    history.pushState({}, '', to);
    // A busy machine or a slow answer: the new address stands over the old page for a while.
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    const html = await (await fetch(to)).text();
    const next = new DOMParser().parseFromString(html, 'text/html');
    fire('turbo:before-render');
    document.title = next.title;
    document.body.replaceWith(document.adoptNode(next.body));
    fire('turbo:render');
    fire('turbo:load');
  }, [path, delayMs]);
}

const TURBO_ROUND_TRIPS = 10;

test(`${TURBO_ROUND_TRIPS} files↔conversation round trips with Turbo's event order on a busy machine`, async () => {
  const page = await browser.context.newPage();
  const cdp = await browser.context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  const files = { pr: DEMO_PR, tab: 'files' };
  const conversation = { pr: DEMO_PR, tab: '' };
  await page.goto(`https://github.com${pathOf(conversation)}`);
  const reference = references.get(DEMO_PR.number);
  for (let trip = 0; trip < TURBO_ROUND_TRIPS; trip += 1) {
    for (const stop of [files, conversation]) {
      await turboVisit(page, pathOf(stop), [0, 300, 700][trip % 3]);
      const badgeCount = stop.tab === '' ? 0 : reference.files.length;
      try {
        await page.waitForFunction(([findingCount, badges, verdict]) =>
          document.querySelectorAll('[data-atom-review="finding"]').length === findingCount
          && document.querySelectorAll('[data-atom-review="tier-badge"]').length === badges
          && document.querySelector('[data-atom-review="panel"]')?.dataset.verdict === verdict,
        [reference.findings.length, badgeCount, reference.verdict], { timeout: 20000 });
        await page.waitForTimeout(600); // past the address poll and a debounced pass
        check(await readPage(page), stop);
        if (stop.tab === 'files') {
          const source = await page.$eval('[data-atom-review="review-source"]', (element) => `${element.dataset.source}: ${element.textContent}`);
          assert.match(source, /^page-rendered/, 'the diff is read from the page the visit rendered, not the one it left');
        }
      } catch (error) {
        const shown = await readPage(page);
        error.message = `round trip ${trip + 1} to ${pathOf(stop)}: ${error.message} (shown: ${shown.panels} panels, `
          + `${shown.badges.length} badges, ${shown.findings.length} findings)`;
        throw error;
      }
    }
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await page.close();
});
