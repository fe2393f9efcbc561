// End to end: the summary panel's sections on the demo pull request (kinds of change, the five
// questions with evidence links, the reviewer prompts of a pull request that raises one, the checklist kept per pull request and reviewed diff, the
// collapse state), a page whose layout is not recognised, and screenshots in light and dark.
import assert from 'node:assert/strict';
import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { launchWithExtension } from './support/browser.mjs';
import { GITHUB_CSP, startFakeGitHub } from './support/fake-github.mjs';
import { diffAnchor, escapeHtml } from './support/fixture-pages.mjs';
import { REPO_ROOT } from './support/paths.mjs';
import { DEMO_PR, FILES_TABS, backgroundMeta, demoDiff } from './support/pull-requests.mjs';
import { referenceReview } from './support/reference-review.mjs';

const SCREENSHOT_DIR = join(REPO_ROOT, 'test-results');
const SAME_DIFF_OTHER_PR = { ...DEMO_PR, number: 4243 };
const UNRECOGNISED_PR = { ...DEMO_PR, number: 4244 };
const DISMISS_PR = { ...DEMO_PR, number: 4246 };
const FULL_STORAGE_PR = { ...DEMO_PR, number: 4247 };
const PROMPT_PR = { ...DEMO_PR, number: 4248, title: 'Keep the experts output in the static buffer' };
// A new `.copy_()` in a forward that takes `out=`: the changed line raises Step 7's copy question.
const PROMPT_DIFF = Buffer.from([
  'diff --git a/atom/model_ops/moe.py b/atom/model_ops/moe.py',
  'index 1111111..2222222 100644',
  '--- a/atom/model_ops/moe.py',
  '+++ b/atom/model_ops/moe.py',
  '@@ -40,3 +40,4 @@ class FusedMoE(nn.Module):',
  '     def forward(self, x, out=None):',
  '         y = self.experts(x)',
  '+        self.buf.copy_(y)',
  '         return self.buf',
  ''].join('\n'));

let github;
let browser;
let reference;
let promptReference;

before(async () => {
  github = await startFakeGitHub();
  browser = await launchWithExtension({ port: github.port });
  const diffBytes = demoDiff();
  for (const pr of [DEMO_PR, SAME_DIFF_OTHER_PR, UNRECOGNISED_PR, DISMISS_PR, FULL_STORAGE_PR]) github.addPullRequest({ ...pr, diffBytes });
  ({ result: reference } = await referenceReview(diffBytes, backgroundMeta(DEMO_PR)));
  github.addPullRequest({ ...PROMPT_PR, diffBytes: PROMPT_DIFF });
  ({ result: promptReference } = await referenceReview(PROMPT_DIFF, backgroundMeta(PROMPT_PR)));
});
after(async () => {
  await browser?.close();
  await github?.close();
});

const pullUrl = (pr, tab = '') => `https://github.com/${pr.owner}/${pr.repo}/pull/${pr.number}${tab && `/${tab}`}`;

// Resolves once the extension's storage satisfies `check` (what the content script writes is
// written asynchronously; the service worker sees the same storage).
async function waitForStored(check) {
  for (let waited = 0; waited < 5000; waited += 50) {
    if (check(await browser.serviceWorker.evaluate(() => chrome.storage.local.get(null)))) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the extension never stored the expected state');
}

async function openWithPanel(url) {
  const page = await browser.context.newPage();
  await page.goto(url);
  await page.waitForSelector('[data-atom-review="panel"] [data-atom-review="question"]', { timeout: 30000 });
  return page;
}

describe('panel sections', () => {
  test('kinds of change, the questions and the checklist are those of the engine', async () => {
    assert.ok(reference.questions.length > 0 && reference.checklist.length > 0 && reference.pr_types.length > 0);
    const page = await openWithPanel(pullUrl(DEMO_PR, 'files'));
    const shown = await page.evaluate(() => ({
      types: Array.from(document.querySelectorAll('[data-atom-review="pr-type"]'), (e) => e.dataset.type),
      typeEvidence: Array.from(document.querySelectorAll('[data-atom-review="pr-type"]'), (e) => [
        e.querySelector('[data-atom-review="evidence-link"]')?.textContent ?? null,
        e.querySelector('[data-atom-review="evidence-quote"]')?.textContent ?? null]),
      questions: Array.from(document.querySelectorAll('[data-atom-review="question"]'),
        (e) => [e.dataset.question, Array.from(e.querySelectorAll('[data-atom-review="evidence-link"]'), (l) => l.textContent),
          Array.from(e.querySelectorAll('[data-atom-review="evidence-quote"]'), (q) => q.textContent)]),
      checks: Array.from(document.querySelectorAll('[data-atom-review="checklist-item"]'),
        (e) => [e.dataset.path, e.parentElement.textContent.trim()]),
      floating: document.querySelector('[data-atom-review="panel"]').classList.contains('atom-review-panel-floating'),
    }));
    assert.deepEqual(shown.types, reference.pr_types.map((t) => t.id));
    // Evidence with a place in the diff is a link there; a quote of the PR's text is only text.
    const evidenceWhere = (q, placed) => (q.evidence ?? []).filter((_, i) => (q.evidence_at[i] !== null) === placed);
    assert.deepEqual(shown.questions, reference.questions.map((q) => [q.id, evidenceWhere(q, true), evidenceWhere(q, false)]));
    assert.deepEqual(shown.typeEvidence, reference.pr_types.map((t) => (t.at ? [t.evidence, null] : [null, t.evidence])));
    assert.deepEqual(shown.checks, reference.checklist.flatMap((entry) => entry.items.map((item) => [entry.path ?? '', item])));
    assert.equal(shown.floating, false, 'on a recognised page the panel sits in the flow, over none of GitHub\'s controls');
    await page.close();
  });

  test('the questions the changed lines raise are listed for the reviewer, linked to their line, not drafted', async () => {
    const prompts = promptReference.reviewer_prompts;
    assert.ok(prompts.length > 0, 'the fixture raises a prompt');
    const page = await openWithPanel(pullUrl(PROMPT_PR, 'files'));
    await page.waitForSelector('[data-atom-review="reviewer-prompt"]', { timeout: 30000 });
    const shown = await page.$$eval('[data-atom-review="reviewer-prompt"]', (all) => all.map((item) => {
      const link = item.querySelector('[data-atom-review="evidence-link"]');
      return [item.querySelector('span').textContent, link?.textContent, link?.dataset.path, Number(link?.dataset.line)];
    }));
    assert.deepEqual(shown, prompts.map((p) => [p.question, p.evidence, p.at.path, p.at.line]));
    for (const prompt of prompts) assert.ok(!promptReference.draft.includes(prompt.question), 'the drafted card leaves it out');
    await page.close();
  });

  test('the risk map has one labelled tile per file with its counts; a click brings the file into view', async () => {
    const page = await openWithPanel(pullUrl(DEMO_PR, 'changes'));
    const tiles = await page.$$eval('[data-atom-review="risk-tile"]', (all) => all.map((tile) => ({
      path: tile.dataset.path, tier: tile.dataset.tier, red: Number(tile.dataset.red), warn: Number(tile.dataset.warn),
      label: tile.textContent, title: tile.title, width: tile.getBoundingClientRect().width,
    })));
    assert.deepEqual(tiles.map((t) => t.path), reference.files.map((f) => f.path));
    for (const [index, file] of reference.files.entries()) {
      const tile = tiles[index];
      const mine = reference.findings.filter((f) => f.path === file.path);
      assert.equal(tile.tier, String(file.tier));
      assert.ok(tile.label.startsWith(`T${file.tier}`), `${file.path}: labelled with its tier, not only coloured`);
      assert.equal(tile.red, mine.filter((f) => f.severity === 'red').length);
      assert.equal(tile.warn, mine.filter((f) => f.severity === 'warn').length);
      assert.ok(tile.title.startsWith(file.path), `${file.path}: hover names the file`);
      const top = mine.find((f) => f.severity === 'red') ?? mine.find((f) => f.severity === 'warn') ?? mine[0];
      if (top) assert.ok(tile.title.includes(top.problem), `${file.path}: hover names its top finding`);
    }
    const changes = (f) => f.additions + f.deletions;
    const [most, least] = [...reference.files].sort((a, b) => changes(b) - changes(a)).filter((f, i, all) => i === 0 || i === all.length - 1);
    if (changes(most) > changes(least)) {
      assert.ok(tiles.find((t) => t.path === most.path).width >= tiles.find((t) => t.path === least.path).width,
        'a file with more changed lines gets a tile at least as wide');
    }
    const last = reference.files.at(-1);
    await page.click(`[data-atom-review="risk-tile"][data-path="${last.path}"]`);
    await page.waitForFunction((id) => {
      const box = document.getElementById(id).getBoundingClientRect();
      return box.top < window.innerHeight && box.bottom > 0;
    }, diffAnchor(last.path), { timeout: 5000 });
    await page.close();
  });

  for (const { ui, tab } of FILES_TABS) {
    test(`${ui} UI: an evidence link scrolls its line into view`, async () => {
      const placed = reference.questions.flatMap((q) => q.evidence_at).filter((at) => at?.line != null && at.side === 'new');
      assert.ok(placed.length > 0, 'a question has line evidence');
      const { path, line } = placed.at(-1);
      const page = await openWithPanel(pullUrl(DEMO_PR, tab));
      const rowSelector = `[id="${diffAnchor(path)}R${line}"], [data-line-anchor="${diffAnchor(path)}R${line}"]`;
      const rowInView = () => page.$eval(rowSelector, (cell) => {
        const box = cell.closest('tr').getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight;
      });
      assert.equal(await rowInView(), false, 'the line starts out of view');
      await page.click(`[data-atom-review="question"] [data-atom-review="evidence-link"][data-path="${path}"][data-line="${line}"]`);
      await page.waitForFunction((selector) => {
        const box = document.querySelector(selector).closest('tr').getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight;
      }, rowSelector, { timeout: 5000 });
      await page.close();
    });
  }

  test('ticked checklist items stay ticked for this pull request and diff only', async () => {
    const page = await openWithPanel(pullUrl(DEMO_PR, 'files'));
    const boxes = '[data-atom-review="checklist-item"]';
    await page.locator(boxes).nth(1).check();
    await waitForStored((stored) => Object.values(stored).some((state) => state?.checked?.length === 1));
    await page.reload();
    await page.waitForSelector(boxes);
    assert.deepEqual(await page.$$eval(boxes, (all) => all.map((box) => box.checked).slice(0, 3)), [false, true, false]);
    await page.goto(pullUrl(DEMO_PR)); // the conversation page of the same pull request
    await page.waitForSelector(boxes, { timeout: 30000 });
    assert.equal(await page.locator(boxes).nth(1).isChecked(), true);
    await page.close();
    const other = await openWithPanel(pullUrl(SAME_DIFF_OTHER_PR, 'files'));
    assert.deepEqual(await other.$$eval(boxes, (all) => all.filter((box) => box.checked).length), 0);
    await other.close();
  });

  test('a tick the full storage cannot keep is said in the panel, as an alert', async () => {
    const page = await openWithPanel(pullUrl(FULL_STORAGE_PR, 'files'));
    // The extension's storage.local filled to a few bytes under its quota: the tick's write is refused.
    await browser.serviceWorker.evaluate(async () => {
      const room = chrome.storage.local.QUOTA_BYTES - await chrome.storage.local.getBytesInUse(null);
      await chrome.storage.local.set({ 'test-filler': 'x'.repeat(room - 'test-filler'.length - 2 - 16) });
    });
    try {
      await page.locator('[data-atom-review="checklist-item"]').nth(0).check();
      const notice = page.locator('[data-atom-review="panel"] [data-atom-review="storage-problem"][role="alert"]');
      await notice.waitFor({ timeout: 10000 });
      assert.match(await notice.textContent(),
        /^Saving your review state failed: .*quota.*\. What you ticked or dismissed may not be kept\.$/i);
    } finally {
      await browser.serviceWorker.evaluate(() => chrome.storage.local.remove('test-filler'));
      await page.close();
    }
  });

  test('the panel collapses to its summary line and stays collapsed after a reload', async () => {
    const page = await openWithPanel(pullUrl(DEMO_PR, 'files'));
    const toggle = '[data-atom-review="panel-toggle"]';
    assert.equal(await page.getAttribute(toggle, 'aria-expanded'), 'true');
    await page.click(toggle);
    assert.equal(await page.getAttribute(toggle, 'aria-expanded'), 'false');
    assert.equal(await page.locator('#atom-review-panel-body').isVisible(), false);
    assert.equal(await page.locator('[data-atom-review="draft-button"]').isVisible(), true);
    await waitForStored((stored) => stored['atom-review:panel-collapsed'] === true);
    await page.reload();
    await page.waitForSelector('[data-atom-review="panel"][data-collapsed]', { timeout: 30000 });
    assert.equal(await page.getAttribute(toggle, 'aria-expanded'), 'false');
    await page.click(toggle); // leave it open for the other tests
    await waitForStored((stored) => stored['atom-review:panel-collapsed'] === false);
    await page.close();
  });
});

test('a dismissed finding leaves the page, the counts and the verdict as the engine says, stays listed, and comes back', async () => {
  const target = reference.findings.find((f) => f.severity === 'red' && f.line !== null)
    // A preview rule's red is a note (core/rules/rule_status.json); its trigger stays.
    ?? reference.findings.find((f) => f.line !== null && f.trigger);
  const dismissed = [{ rule: target.rule, path: target.path, line: target.line, reason: 'guarded by the caller' }];
  const { result: after } = await referenceReview(demoDiff(), { ...backgroundMeta(DISMISS_PR), dismissed });
  assert.equal(after.findings.length, reference.findings.length - 1, 'the engine takes the dismissed finding out');
  const page = await openWithPanel(pullUrl(DISMISS_PR, 'files'));
  const selector = `tr [data-atom-review="finding"][data-rule="${target.rule}"][data-line="${target.line}"]`;
  await page.click(`${selector} [data-atom-review="finding-marker"]`);
  await page.fill(`${selector} [data-atom-review="dismiss-reason"]`, 'guarded by the caller');
  const nextInPageOrder = await page.evaluate((sel) => {
    const shown = Array.from(document.querySelectorAll('[data-atom-review="finding"]')).filter((e) => e.getClientRects().length > 0);
    const index = shown.indexOf(document.querySelector(sel));
    const next = shown[index + 1] ?? shown[index - 1];
    return [next.dataset.rule, next.dataset.path, next.dataset.line, next.dataset.side].join(' ');
  }, selector);
  await page.click(`${selector} [data-atom-review="dismiss-button"]`);
  const dismissedItem = `[data-atom-review="dismissed-finding"][data-rule="${target.rule}"][data-line="${target.line}"]`;
  const expectState = async (findings, verdict, reds) => {
    await page.waitForFunction(([n, v]) => document.querySelectorAll('[data-atom-review="finding"]').length === n
      && document.querySelector('[data-atom-review="panel"]')?.dataset.verdict === v, [findings.length, verdict], { timeout: 30000 });
    await page.waitForTimeout(300);
    assert.equal(await page.locator('[data-atom-review="finding"]').count(), findings.length);
    assert.match(await page.textContent('[data-atom-review="panel"] .atom-review-panel-summary'), new RegExp(`(^|\\D)${reds} must fix`));
  };
  const reds = (findings) => findings.filter((f) => f.severity === 'red').length;
  await expectState(after.findings, after.verdict, reds(after.findings));
  assert.equal(await page.locator(selector).count(), 0);
  // The focus moves on to the finding that followed the dismissed one.
  await page.waitForFunction((want) => {
    const finding = document.activeElement?.closest('[data-atom-review="finding"]');
    return finding && [finding.dataset.rule, finding.dataset.path, finding.dataset.line, finding.dataset.side].join(' ') === want;
  }, nextInPageOrder, { timeout: 10000 });
  assert.match(await page.textContent(dismissedItem), /dismissed: guarded by the caller/);
  await page.reload();
  await page.waitForSelector(dismissedItem, { timeout: 30000 });
  await expectState(after.findings, after.verdict, reds(after.findings));
  await page.click(`${dismissedItem} [data-atom-review="restore-button"]`);
  await expectState(reference.findings, reference.verdict, reds(reference.findings));
  assert.equal(await page.locator(dismissedItem).count(), 0);
  await page.close();
});

test('a files page in a layout no adapter knows still gets the panel, listing every finding as file:line links', async () => {
  const url = pullUrl(UNRECOGNISED_PR, 'files');
  const title = `${UNRECOGNISED_PR.title} by ${UNRECOGNISED_PR.author} · Pull Request #${UNRECOGNISED_PR.number} · ROCm/ATOM`;
  await browser.context.route(url, (route) => route.fulfill({
    status: 200,
    headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': GITHUB_CSP },
    body: `<!DOCTYPE html><html><head><title>${escapeHtml(title)}</title></head><body>
<main class="future-review-layout"><section class="file-card"><h2>atom/model_engine/model_runner.py</h2><pre>+ code</pre></section></main></body></html>`,
  }));
  const page = await browser.context.newPage();
  await page.goto(url);
  const notice = page.locator('[data-atom-review="panel"] [data-atom-review="layout-notice"]');
  await notice.waitFor({ state: 'visible', timeout: 30000 });
  assert.match(await notice.textContent(), /did not recognise the layout/);
  await page.waitForFunction((n) => document.querySelectorAll('[data-atom-review="finding"]').length === n,
    reference.findings.length);
  await page.waitForFunction(() => Array.from(document.querySelectorAll('[data-atom-review="finding"][data-path]'))
    .every((finding) => finding.querySelector('[data-atom-review="finding-where"]').hasAttribute('href'))); // hashed asynchronously
  const listed = await page.$$eval('[data-atom-review="finding"]', (all) => all.map((element) => ({
    inPanel: Boolean(element.closest('[data-atom-review="panel"]')),
    where: element.querySelector('[data-atom-review="finding-where"]').textContent,
    href: element.querySelector('[data-atom-review="finding-where"]').getAttribute('href'),
  })));
  const expected = reference.findings.map((f) => (f.path === null ? 'whole pull request' : f.line === null ? f.path : `${f.path}:${f.line}`));
  assert.deepEqual(listed.map((l) => l.where).sort(), [...expected].sort());
  assert.ok(listed.every((l) => l.inPanel));
  for (const f of reference.findings.filter((finding) => finding.path !== null && finding.line !== null)) {
    const link = listed.find((l) => l.where === `${f.path}:${f.line}`);
    assert.equal(link.href, `#${diffAnchor(f.path)}${f.side === 'old' ? 'L' : 'R'}${f.line}`);
  }
  await page.close();
  await browser.context.unroute(url);
});

// Primer's variables as GitHub defines them, which the fixture page does not: the screenshots
// must show our colours as they look in each theme.
const PRIMER_THEMES = {
  light: '',
  dark: `:root { --bgColor-default: #0d1117; --bgColor-muted: #151b23; --fgColor-default: #f0f6fc; --fgColor-muted: #9198a1;
    --borderColor-default: #3d444d; --fgColor-accent: #4493f8; --fgColor-danger: #f85149; --fgColor-attention: #d29922; }
    body, .file-header, [class*=DiffFileHeader-module__diff-file-header], td { background: #0d1117 !important; color: #f0f6fc !important; }`,
};

for (const scheme of ['light', 'dark']) {
  test(`screenshot, ${scheme}: files page with the panel, badges and an opened finding`, async () => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    const page = await browser.context.newPage();
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(pullUrl(DEMO_PR, 'files'));
    await page.waitForSelector('tr [data-atom-review="finding-marker"]', { timeout: 30000 });
    await page.evaluate(([mode, css]) => {
      document.documentElement.dataset.colorMode = mode;
      const style = document.createElement('style');
      style.textContent = css;
      document.head.append(style);
    }, [scheme, PRIMER_THEMES[scheme]]);
    await page.click('tr [data-atom-review="finding-marker"]');
    const colours = await page.$eval('[data-atom-review="panel"]', (panel) => {
      const style = getComputedStyle(panel);
      return [style.color, style.backgroundColor];
    });
    assert.notEqual(colours[0], colours[1], 'panel text differs from its background');
    const file = join(SCREENSHOT_DIR, `page-files-${scheme}.png`);
    await page.screenshot({ path: file, fullPage: true });
    assert.ok(statSync(file).size > 10_000, `${file} was written`);
    await page.close();
  });
}
