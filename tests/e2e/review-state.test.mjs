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
import { findingSelector, openReviewed, pullUrl } from './support/review-page.mjs';
import { assertTwoTabsKeepEveryWrite } from './support/two-tabs.mjs';

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

const lineFindings = () => reference.findings.filter((f) => f.path !== null && f.line !== null);

test('a dismissal redraws in place: the same panel, no badge removed or added, the other findings untouched', async () => {
  const [target] = lineFindings();
  assert.ok(target, 'the demo has a finding on a line');
  const page = await openReviewed(browser, pullUrl(IN_PLACE_PR, 'files'), { findings: reference.findings.length, badges: reference.files.length });
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

test('two tabs on one pull request: every dismissal and tick made at the same time in either is kept and shown in both',
  () => assertTwoTabsKeepEveryWrite(browser, TWO_TABS_PR, reference));
