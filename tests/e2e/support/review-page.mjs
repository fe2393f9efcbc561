// A pull request page as the reviewer uses it, for Chromium (Playwright) and Firefox (Puppeteer)
// alike (the page calls both libraries share; waitUntil polls instead of either's waitForFunction).

/**
 * Polls `predicate(arg)` in the page until it is true; fails with `what` after `timeout` ms. With
 * `loading`, the page may be between documents: an evaluation that fails, or gives no answer in
 * 2 s, counts as false (Firefox's remote agent failed one outright as a tab left about:blank, once
 * in CI, with "right-hand side of 'in' should be an object, got null").
 */
export async function waitUntil(page, predicate, arg, { timeout = 30000, what = 'the condition', loading = false } = {}) {
  const until = Date.now() + timeout;
  const holds = () => (loading
    ? Promise.race([page.evaluate(predicate, arg), new Promise((resolve) => { setTimeout(resolve, 2000, false); })]).catch(() => false)
    : page.evaluate(predicate, arg));
  for (;;) {
    if (await holds()) return;
    if (Date.now() > until) throw new Error(`waited ${timeout} ms for ${what}`);
    await new Promise((resolve) => { setTimeout(resolve, 100); });
  }
}

export const pullUrl = (pr, tab) => `https://github.com/${pr.owner}/${pr.repo}/pull/${pr.number}/${tab}`;
export const findingSelector = (f) => `[data-atom-review="finding"][data-rule="${f.rule}"][data-path="${f.path}"][data-line="${f.line}"]`;

/** Opens `url` in a new tab of `session` and waits until `findings` markers, `badges` tier badges and the panel's checklist are drawn. */
export async function openReviewed(session, url, { findings, badges }) {
  const page = await session.newPage();
  await page.goto(url);
  await waitUntil(page, ([findingCount, badgeCount]) =>
    document.querySelectorAll('[data-atom-review="finding"]').length === findingCount
    && document.querySelectorAll('[data-atom-review="tier-badge"]').length === badgeCount
    && Boolean(document.querySelector('[data-atom-review="panel"] [data-atom-review="checklist-item"]')),
  [findings, badges], { what: `${findings} findings and ${badges} badges on ${url}` });
  return page;
}

/** The rules of the finding markers the page shows, one per marker. */
export const shownRules = (page) => page.$$eval('[data-atom-review="finding"]', (all) => all.map((element) => element.dataset.rule));

/** Waits until the page shows `count` markers of `rule`. */
export function waitForRuleCount(page, rule, count, timeout = 30000) {
  return waitUntil(page, ([id, n]) => document.querySelectorAll(`[data-atom-review="finding"][data-rule="${id}"]`).length === n,
    [rule, count], { timeout, what: `${count} finding(s) of ${rule}` });
}

/**
 * Remembers the page's document and panel, so that sameDocumentAndPanel(page) can tell a redraw
 * in place from a reload or a panel drawn anew.
 */
export const rememberDocumentAndPanel = (page) => page.evaluate(() => {
  window.atomReviewTestPanel = document.querySelector('[data-atom-review="panel"]');
});
export const sameDocumentAndPanel = (page) => page.evaluate(() => Boolean(window.atomReviewTestPanel)
  && window.atomReviewTestPanel === document.querySelector('[data-atom-review="panel"]'));

// Clicks the dismiss buttons of `findings`, then ticks each checkbox numbered in `boxes`, a click
// every few milliseconds: run in two tabs at once, their writes overlap for the whole run.
export function actAtOnce(page, findings, boxes) {
  return page.evaluate(async ([selectors, indices]) => {
    const pause = () => new Promise((resolve) => { setTimeout(resolve, 2); });
    for (const selector of selectors) document.querySelector(`${selector} [data-atom-review="dismiss-button"]`).click();
    for (const index of indices) {
      document.querySelectorAll('[data-atom-review="checklist-item"]')[index].click();
      await pause();
    }
  }, [findings.map(findingSelector), boxes]);
}

export const shownFindingCount = (page) => page.$$eval('[data-atom-review="finding"]', (all) => all.length);
export const checkedBoxes = (page) => page.$$eval('[data-atom-review="checklist-item"]',
  (all) => all.flatMap((box, index) => (box.checked ? [index] : [])));

/** Waits (at most 15 s) until both of a two-tab run's pages show `findings` markers and `ticks` ticked items. */
export async function waitForBothTabs(pages, findings, ticks) {
  await Promise.all(pages.map((page) => waitUntil(page, ([n, t]) => document.querySelectorAll('[data-atom-review="finding"]').length === n
    && Array.from(document.querySelectorAll('[data-atom-review="checklist-item"]')).filter((box) => box.checked).length === t,
  [findings, ticks], { timeout: 15000 }).catch(() => {}))); // the assertions after say what is missing
}
