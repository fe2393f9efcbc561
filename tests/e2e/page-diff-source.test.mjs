// End to end: the review reads the diff the files page already shows when the page holds all of
// it (no `.diff` download, and the same files, tiers and findings as the `.diff` gives), fetches
// the `.diff` when the page holds part of it or shows part of the pull request (and the panel says
// why), follows a classic "Load diff" click, and keeps dismissals per head commit.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { pageShowable, withoutUnshownHeaders } from '../extension/support/page-rows.mjs';
import { readTierBadges } from './support/badges.mjs';
import { launchWithExtension } from './support/browser.mjs';
import { startFakeGitHub } from './support/fake-github.mjs';
import { diffAnchor, filesForDisplay, renderClassicFileContent } from './support/fixture-pages.mjs';
import { SHARED_DIR, sharedAvailable } from './support/paths.mjs';
import { DEMO_PR, backgroundMeta, demoDiff } from './support/pull-requests.mjs';
import { referenceReview } from './support/reference-review.mjs';

const HEAD = 'c0ffee0000000000000000000000000000000001';
const NEXT_HEAD = 'c0ffee0000000000000000000000000000000002';
const BASE = 'ba5e000000000000000000000000000000000000';

let github;
let browser;
let nextNumber = 5000;
const references = new Map(); // diff name → the `.diff`'s review

// Real ATOM diffs a page can show whole, one per shape worth covering; each is small enough to
// render quickly.
function corpusPicks() {
  if (!sharedAvailable()) return [];
  const dir = join(SHARED_DIR, 'corpus', 'atom');
  const shapes = {
    'a renamed file': (text) => /^rename from /m.test(text),
    'an added file': (text) => /^new file mode /m.test(text),
    'a deleted file': (text) => /^deleted file mode /m.test(text),
    'many hunks': (text) => (text.match(/^@@ /gm) ?? []).length >= 12,
  };
  const picks = new Map(); // name → shapes
  const covered = new Set();
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.diff')).sort()) {
    const text = readFileSync(join(dir, name), 'utf8');
    if (text.length > 60_000 || !pageShowable(text)) continue;
    for (const [shape, has] of Object.entries(shapes)) {
      if (covered.has(shape) || !has(text)) continue;
      covered.add(shape);
      picks.set(name, [...(picks.get(name) ?? []), shape]);
    }
  }
  return [...picks].map(([name, shapes]) => ({ name: `corpus ${name} (${shapes.join(', ')})`, bytes: readFileSync(join(dir, name)) }));
}

const DIFFS = [{ name: 'the demo PR', bytes: demoDiff() }, ...corpusPicks()];

function addPullRequest(bytes, extra = {}) {
  const pr = { ...DEMO_PR, number: nextNumber++, headSha: HEAD, baseSha: BASE, ...extra };
  github.addPullRequest({ ...pr, diffBytes: bytes });
  return pr;
}

const pullPath = (pr) => `/${pr.owner}/${pr.repo}/pull/${pr.number}`;
const diffRequests = (pr) => github.requests.filter((r) => r.path === `${pullPath(pr)}.diff`).length;
const findingKey = (f) => `${f.rule}|${f.path ?? ''}|${f.line ?? ''}|${f.line == null ? '' : (f.side ?? '')}|${f.severity}`;

before(async () => {
  github = await startFakeGitHub();
  browser = await launchWithExtension({ port: github.port });
  for (const { name, bytes } of DIFFS) references.set(name, (await referenceReview(bytes, backgroundMeta(DEMO_PR))).result);
  // Keeps the diff text each review request carries, by pull request number.
  await browser.serviceWorker.evaluate(() => {
    globalThis.pageDiffsSent = {};
    chrome.runtime.onMessage.addListener((message) => {
      if (message?.diff?.text) globalThis.pageDiffsSent[message.number] = message.diff.text;
      return false;
    });
  });
});
const pageDiffSent = (pr) => browser.serviceWorker.evaluate((n) => globalThis.pageDiffsSent[n] ?? null, pr.number);
after(async () => {
  await browser?.close();
  await github?.close();
});

// Opens `address`, waits until every finding and a tier badge per shown file are up, and reads
// what the review put on the page.
async function openReviewed(address, reference) {
  const page = await browser.context.newPage();
  await page.goto(`https://github.com${address}`);
  await page.waitForFunction((n) => document.querySelectorAll('[data-atom-review="finding"]').length === n
    && document.querySelector('[data-atom-review="review-source"]')
    && document.querySelectorAll('[data-atom-review="tier-badge"]').length > 0, reference.findings.length, { timeout: 60000 });
  await page.waitForTimeout(300); // a debounced pass must not move or double anything
  const shown = await page.evaluate(() => ({
    source: document.querySelector('[data-atom-review="review-source"]').dataset.source,
    sourceText: document.querySelector('[data-atom-review="review-source"]').textContent,
    scope: document.querySelector('[data-atom-review="review-scope"]')?.textContent ?? null,
    findings: Array.from(document.querySelectorAll('[data-atom-review="finding"]'), (element) => {
      const { rule, path = '', line = '', side = '', severity } = element.dataset;
      return `${rule}|${path}|${line}|${line === '' ? '' : side}|${severity}`;
    }).sort(),
  }));
  return { page, ...shown, badges: await readTierBadges(page) };
}

function assertSameReview(shown, reference, what) {
  assert.deepEqual(shown.findings, reference.findings.map(findingKey).sort(), `${what}: the same findings as the .diff`);
  const tiers = new Map(reference.files.map((file) => [file.path, String(file.tier)]));
  assert.ok(shown.badges.length > 0, `${what}: tier badges shown`);
  for (const badge of shown.badges) assert.equal(badge.tier, tiers.get(badge.path), `${what}: ${badge.path} tier`);
}

// Each diff in both UIs and both views; the corpus diffs in two of the four to keep the run short.
const combos = [['classic', 'unified'], ['react', 'split'], ['classic', 'split'], ['react', 'unified']];
describe('a page holding the whole diff is reviewed as it is, with no download', () => {
  DIFFS.forEach(({ name, bytes }, index) => {
    const chosen = index === 0 ? combos : [combos[(index * 2) % 4], combos[(index * 2 + 1) % 4]];
    for (const [ui, view] of chosen) {
      test(`${name}: ${ui} UI, ${view} view`, async () => {
        const pr = addPullRequest(bytes);
        const reference = references.get(name);
        const tab = ui === 'react' ? 'changes' : 'files';
        const shown = await openReviewed(`${pullPath(pr)}/${tab}${view === 'split' ? '?diff=split' : ''}`, reference);
        const files = filesForDisplay(bytes.toString('utf8')).length;
        assert.equal(shown.source, 'page-rendered');
        assert.equal(shown.sourceText, `Reviewed the diff shown on this page (${files} file${files === 1 ? '' : 's'}) — no download`);
        assert.equal(shown.scope, null, 'no notice on a view of the whole pull request');
        assert.equal(diffRequests(pr), 0, 'the .diff was not requested');
        assert.equal(await pageDiffSent(pr), withoutUnshownHeaders(bytes.toString('utf8')),
          'the diff read off the page is the .diff, less the header lines a page does not show');
        assertSameReview(shown, reference, `${name} ${ui} ${view}`);
        await shown.page.close();
      });
    }
  });
});

describe('a page holding part of the diff, or showing part of the PR: the .diff is fetched and the panel says why', () => {
  const demo = () => filesForDisplay(demoDiff().toString('utf8'));
  const cases = [
    { what: 'classic: a file behind "Load diff"', tab: 'files', page: () => ({ loadDiff: [demo()[1].path] }),
      reason: new RegExp(`^Reviewed the PR's \\.diff: ${demo()[1].path.replaceAll('.', '\\.')}: its diff is behind "Load diff"$`) },
    { what: 'classic: files still to come behind a progressive loader', tab: 'files', page: () => ({ loadedFiles: 2 }),
      reason: /^Reviewed the PR's \.diff: more files are still loading on the page$/ },
    { what: 'React: a file not rendered yet', tab: 'changes', page: () => ({ unmounted: [demo()[2].path] }),
      reason: /^Reviewed the PR's \.diff: 1 file of \d+ not rendered yet \(/ },
    { what: 'classic with whitespace hidden (?w=1)', tab: 'files?w=1',
      reason: /this view hides whitespace changes$/, scope: /^This view shows no whitespace changes; the review covers the whole pull request\.$/ },
    { what: 'classic commit range', tab: 'files/abc1234..def5678',
      reason: /this view shows only some commits \(abc1234\.\.def5678\)$/, scope: /^This view shows only commits abc1234\.\.def5678; the review covers the whole pull request\.$/ },
    { what: 'React single commit', tab: 'changes/abc1234def', reason: /only some commits \(abc1234def\)/, scope: /covers the whole pull request/ },
  ];
  for (const { what, tab, page: partial, reason, scope = null } of cases) {
    test(what, async () => {
      const pr = addPullRequest(demoDiff(), partial ? { page: partial() } : {});
      const reference = references.get('the demo PR');
      const shown = await openReviewed(`${pullPath(pr)}/${tab}`, reference);
      assert.equal(shown.source, 'fetched');
      assert.match(shown.sourceText, reason);
      if (scope) assert.match(shown.scope ?? '', scope); else assert.equal(shown.scope, null);
      assert.ok(diffRequests(pr) >= 1, 'the .diff was requested');
      assert.deepEqual(shown.findings, reference.findings.map(findingKey).sort());
      await shown.page.close();
    });
  }
});

test('classic "Load diff": the file\'s findings wait in its list, then move into the rows it reveals', async () => {
  const reference = references.get('the demo PR');
  const byPath = new Map();
  for (const f of reference.findings.filter((x) => x.path !== null && x.line !== null)) byPath.set(f.path, [...(byPath.get(f.path) ?? []), f]);
  const [path, lineFindings] = [...byPath].sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]))[0];
  const pr = addPullRequest(demoDiff(), { page: { loadDiff: [path] } });
  const shown = await openReviewed(`${pullPath(pr)}/files`, reference);
  const { page } = shown;
  const container = `#${diffAnchor(path)}`;
  const ofFile = reference.findings.filter((f) => f.path === path).length;
  const waiting = await page.evaluate(([sel, p]) => {
    const list = Array.from(document.querySelectorAll(`${sel} [data-atom-review="file-findings"]`)).find((l) => l.dataset.path === p);
    return { count: list?.querySelector('.atom-review-file-findings-count')?.textContent ?? null,
      inList: list?.querySelectorAll('[data-atom-review="finding"]').length ?? 0,
      inRows: document.querySelectorAll(`${sel} tr [data-atom-review="finding"]`).length };
  }, [container, path]);
  assert.equal(waiting.inList, ofFile, 'every finding of the file waits in its list');
  assert.equal(waiting.inRows, 0);
  assert.match(waiting.count ?? '', new RegExp(`\\b${ofFile}\\b`), 'the list shows the count');

  await page.click(`${container} .js-diff-load`);
  // What GitHub's own script does after the click (the fake page may not run scripts): fetch the
  // file's rows and render them in place of the placeholder, inside the same `.file`.
  await page.evaluate(([sel, html]) => {
    const template = document.createElement('template');
    template.innerHTML = html;
    document.querySelector(`${sel} .js-diff-load-container`).replaceWith(template.content);
  }, [container, renderClassicFileContent(demoDiff().toString('utf8'), path)]);
  await page.waitForFunction(([sel, n]) => document.querySelectorAll(`${sel} tr [data-atom-review="finding"]`).length === n,
    [container, lineFindings.length], { timeout: 30000 });
  await page.waitForTimeout(300);
  const placed = await page.evaluate((sel) => Array.from(document.querySelectorAll(`${sel} tr [data-atom-review="finding"]`), (element) => {
    const letter = element.dataset.side === 'old' ? 'L' : 'R';
    return { line: element.dataset.line, rowShowsLine: Boolean(element.closest('tr').querySelector(`[id$="${letter}${element.dataset.line}"]`)) };
  }), container);
  assert.ok(placed.every((p) => p.rowShowsLine), 'each marker sits in the row of its line');
  assert.equal(await page.locator('[data-atom-review="finding"]').count(), reference.findings.length, 'still one element per finding');
  await page.close();
});

describe('state is kept per pull request and head commit, read from the page', () => {
  const storedKeys = () => browser.serviceWorker.evaluate(async () => Object.keys(await chrome.storage.local.get(null)));

  for (const { ui, tab } of [{ ui: 'classic', tab: 'files' }, { ui: 'react', tab: 'changes' }]) {
    test(`${ui} UI: a dismissal survives a reload; a new head starts afresh`, async () => {
      const reference = references.get('the demo PR');
      const pr = addPullRequest(demoDiff());
      const target = reference.findings.find((f) => f.line !== null);
      const selector = `tr [data-atom-review="finding"][data-rule="${target.rule}"][data-line="${target.line}"]`;
      const dismissedItem = `[data-atom-review="dismissed-finding"][data-rule="${target.rule}"][data-line="${target.line}"]`;
      const { page } = await openReviewed(`${pullPath(pr)}/${tab}`, reference);
      await page.click(`${selector} [data-atom-review="finding-marker"]`);
      await page.click(`${selector} [data-atom-review="dismiss-button"]`);
      await page.waitForSelector(dismissedItem, { timeout: 30000 });
      const key = `atom-review:pr:${pr.owner}/${pr.repo}#${pr.number}@${HEAD}`;
      assert.ok((await storedKeys()).includes(key), `the state is stored under the page's head commit (${key})`);

      await page.reload();
      await page.waitForSelector(dismissedItem, { timeout: 30000 });
      assert.equal(await page.locator(selector).count(), 0, 'still dismissed after a reload');

      github.addPullRequest({ ...pr, headSha: NEXT_HEAD, diffBytes: demoDiff() });
      await page.reload();
      await page.waitForSelector(selector, { timeout: 30000 });
      assert.equal(await page.locator(dismissedItem).count(), 0, 'a new head commit starts afresh');
      await page.close();
    });
  }
});
