// End to end: what the reviewer does on a pull request redraws the page in place (a dismissal is
// no navigation: the panel stays the same element, no badge goes and comes back, the other
// findings keep theirs), and two tabs on one pull request both keep every dismissal and tick
// made in either, each showing the other's.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchWithExtension } from './support/browser.mjs';
import { startFakeGitHub } from './support/fake-github.mjs';
import { DEMO_PR, backgroundMeta, demoDiff } from './support/pull-requests.mjs';
import { referenceReview } from './support/reference-review.mjs';

const IN_PLACE_PR = { ...DEMO_PR, number: 4251 };
const TWO_TABS_PR = { ...DEMO_PR, number: 4252 };

let github;
let browser;
let reference;

before(async () => {
  github = await startFakeGitHub();
  browser = await launchWithExtension({ port: github.port });
  for (const pr of [IN_PLACE_PR, TWO_TABS_PR]) github.addPullRequest({ ...pr, diffBytes: demoDiff() });
  ({ result: reference } = await referenceReview(demoDiff(), backgroundMeta(DEMO_PR)));
});
after(async () => {
  await browser?.close();
  await github?.close();
});

const pullUrl = (pr, tab) => `https://github.com/${pr.owner}/${pr.repo}/pull/${pr.number}/${tab}`;
const findingSelector = (f) => `[data-atom-review="finding"][data-rule="${f.rule}"][data-path="${f.path}"][data-line="${f.line}"]`;
const lineFindings = () => reference.findings.filter((f) => f.path !== null && f.line !== null);

async function openReviewed(url, { badges }) {
  const page = await browser.context.newPage();
  await page.goto(url);
  await page.waitForFunction(([findings, badgeCount]) =>
    document.querySelectorAll('[data-atom-review="finding"]').length === findings
    && document.querySelectorAll('[data-atom-review="tier-badge"]').length === badgeCount
    && document.querySelector('[data-atom-review="panel"] [data-atom-review="checklist-item"]'),
  [reference.findings.length, badges], { timeout: 30000 });
  return page;
}

const shownFindings = (page) => page.locator('[data-atom-review="finding"]').count();

test('a dismissal redraws in place: the same panel, no badge removed or added, the other findings untouched', async () => {
  const [target] = lineFindings();
  assert.ok(target, 'the demo has a finding on a line');
  const page = await openReviewed(pullUrl(IN_PLACE_PR, 'files'), { badges: reference.files.length });
  await page.evaluate(() => {
    window.__before = {
      panel: document.querySelector('[data-atom-review="panel"]'),
      findings: Array.from(document.querySelectorAll('[data-atom-review="finding"]')),
    };
    window.__churn = { added: 0, removed: 0 };
    const ours = (node) => node.nodeType === 1
      && ['tier-badge', 'panel'].includes(node.dataset.atomReview) ? 1 : 0;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) window.__churn.added += ours(node);
        for (const node of record.removedNodes) window.__churn.removed += ours(node);
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
  await page.click(`${findingSelector(target)} [data-atom-review="finding-marker"]`);
  await page.click(`${findingSelector(target)} [data-atom-review="dismiss-button"]`);
  await page.waitForSelector(`[data-atom-review="dismissed-finding"][data-rule="${target.rule}"]`, { timeout: 30000 });
  await page.waitForFunction((n) => document.querySelectorAll('[data-atom-review="finding"]').length === n,
    reference.findings.length - 1, { timeout: 30000 });
  await page.waitForTimeout(300); // a debounced pass must not redraw anything either
  const after = await page.evaluate((dismissedSelector) => ({
    samePanel: document.querySelector('[data-atom-review="panel"]') === window.__before.panel,
    churn: window.__churn,
    othersKept: window.__before.findings.filter((element) => !element.matches(dismissedSelector))
      .every((element) => element.isConnected),
    dismissedGone: !document.querySelector(dismissedSelector),
  }), findingSelector(target));
  assert.deepEqual(after, { samePanel: true, churn: { added: 0, removed: 0 }, othersKept: true, dismissedGone: true });
  await page.close();
});

// Clicks the dismiss buttons of `findings`, then ticks each checkbox numbered in `boxes`, a click
// every few milliseconds: run in two tabs at once, their writes overlap for the whole run.
function actAtOnce(page, findings, boxes) {
  return page.evaluate(async ([selectors, indices]) => {
    const pause = () => new Promise((resolve) => setTimeout(resolve, 2));
    for (const selector of selectors) document.querySelector(`${selector} [data-atom-review="dismiss-button"]`).click();
    for (const index of indices) {
      document.querySelectorAll('[data-atom-review="checklist-item"]')[index].click();
      await pause();
    }
  }, [findings.map(findingSelector), boxes]);
}

const checkedBoxes = (page) => page.$$eval('[data-atom-review="checklist-item"]',
  (all) => all.flatMap((box, index) => (box.checked ? [index] : [])));

test('two tabs on one pull request: every dismissal and tick made at the same time in either is kept and shown in both', async () => {
  const findings = lineFindings();
  const boxCount = reference.checklist.reduce((sum, entry) => sum + entry.items.length, 0);
  assert.ok(findings.length >= 2 && boxCount >= 4, `the demo has two line findings (${findings.length}) and four checklist items (${boxCount})`);
  const first = await openReviewed(pullUrl(TWO_TABS_PR, 'files'), { badges: reference.files.length });
  const second = await openReviewed(pullUrl(TWO_TABS_PR, 'changes'), { badges: reference.files.length });
  const boxes = Array.from({ length: boxCount }, (_, index) => index);
  // Each tab dismisses one finding and ticks every other checklist item, both tabs at once.
  await Promise.all([
    actAtOnce(first, [findings[0]], boxes.filter((index) => index % 2 === 0)),
    actAtOnce(second, [findings[1]], boxes.filter((index) => index % 2 === 1)),
  ]);
  for (const [name, page] of [['first', first], ['second', second]]) {
    await page.waitForFunction(([n, ticks]) => document.querySelectorAll('[data-atom-review="finding"]').length === n
      && Array.from(document.querySelectorAll('[data-atom-review="checklist-item"]')).filter((box) => box.checked).length === ticks,
    [reference.findings.length - 2, boxCount], { timeout: 15000 }).catch(() => {});
    assert.equal(await shownFindings(page), reference.findings.length - 2, `${name} tab: both dismissals shown`);
    assert.deepEqual(await checkedBoxes(page), boxes, `${name} tab: every tick shown`);
  }
  const stored = Object.entries(await browser.serviceWorker.evaluate(() => chrome.storage.local.get(null)))
    .filter(([key]) => key.startsWith(`atom-review:pr:ROCm/ATOM#${TWO_TABS_PR.number}@`));
  assert.equal(stored.length, 1, 'one state for the pull request');
  const [[, state]] = stored;
  assert.deepEqual(state.dismissed.map((d) => `${d.rule} ${d.line}`).sort(), findings.slice(0, 2).map((f) => `${f.rule} ${f.line}`).sort());
  assert.equal(state.checked.length, boxCount);
  await first.close();
  await second.close();
});
