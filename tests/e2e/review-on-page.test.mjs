// End to end: the summary panel, the findings and the draft button on files pages of both UIs,
// against the engine's result for the same diff.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { launchWithExtension } from './support/browser.mjs';
import { startFakeGitHub } from './support/fake-github.mjs';
import { TYPED_REVIEW_TEXT, diffAnchor } from './support/fixture-pages.mjs';
import { sharedAvailable } from './support/paths.mjs';
import {
  DEMO_PR, FILES_TABS, backgroundMeta, corpusDiff, demoDiff, openFilesPage,
} from './support/pull-requests.mjs';
import { referenceReview } from './support/reference-review.mjs';

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

async function openConversationPage(pr) {
  const page = await browser.context.newPage();
  await page.goto(`https://github.com/${pr.owner}/${pr.repo}/pull/${pr.number}`);
  return page;
}

const findingKey = (f) => `${f.rule}|${f.severity}|${f.path ?? ''}|${f.line ?? ''}|${f.line == null ? '' : (f.side ?? '')}`;

// Where each finding element sits: 'panel', 'file-list', or 'row' (with the row's line check).
function readFindings(page) {
  return page.$$eval('[data-atom-review="finding"]', (elements) => elements.map((element) => {
    const { rule, severity, path = null, line = null, side = null } = element.dataset;
    const row = element.closest('tr');
    let rowShowsLine = false;
    if (row && line) {
      const letter = side === 'old' ? 'L' : 'R';
      const diffSide = side === 'old' ? 'left' : 'right';
      rowShowsLine = Boolean(row.querySelector(`[id$="${letter}${line}"], [data-line-anchor$="${letter}${line}"], `
        + `td[data-diff-side="${diffSide}"][data-line-number="${line}"]`));
    }
    return {
      rule, severity, path, line: line === null ? null : Number(line), side,
      place: row ? 'row' : element.closest('[data-atom-review="file-findings"]') ? 'file-list'
        : element.closest('[data-atom-review="panel"]') ? 'panel' : 'elsewhere',
      rowShowsLine,
      containerId: element.closest('[id^="diff-"]')?.id ?? null,
    };
  }));
}

async function expectFindingsInPlace(page, result) {
  const expected = result.findings ?? [];
  await page.waitForSelector('[data-atom-review="panel"]', { timeout: 30000 });
  await page.waitForFunction((count) => document.querySelectorAll('[data-atom-review="finding"]').length === count,
    expected.length, { timeout: 10000 });
  await page.waitForTimeout(300); // a debounced pass must not move or double anything
  const shown = await readFindings(page);
  assert.deepEqual(shown.map(findingKey).sort(), expected.map(findingKey).sort(), 'exactly one element per finding');
  for (const finding of shown) {
    const what = `${finding.rule} at ${finding.path}:${finding.line}`;
    assert.notEqual(finding.place, 'elsewhere', what);
    if (finding.path === null) assert.equal(finding.place, 'panel', `${what}: PR-level findings sit in the panel`);
    else assert.equal(finding.containerId, diffAnchor(finding.path), `${what}: inside its own file`);
    if (finding.place === 'row') assert.ok(finding.rowShowsLine, `${what}: the row shows that line`);
    if (finding.line === null && finding.path !== null) assert.equal(finding.place, 'file-list', what);
  }
  return shown;
}

test('a pull request whose diff cannot be fetched gets a panel that says so', async () => {
  const pr = { owner: 'ROCm', repo: 'ATOM', number: 404404, title: 'Diff gone' };
  github.addPullRequest({ ...pr, diffUnavailable: true });
  const page = await openFilesPage(browser.context, pr, 'files');
  const panel = await page.waitForSelector('[data-atom-review="panel"][data-state="error"]', { timeout: 30000 });
  assert.match(await panel.textContent(), /Could not review this pull request: not found \(404\)/);
  await page.close();
});

test('a diff download that stalls half way ends, and the panel says why', async () => {
  const pr = { owner: 'ROCm', repo: 'ATOM', number: 404405, title: 'Diff stalls' };
  github.addPullRequest({ ...pr, diffBytes: demoDiff(), diffStall: true });
  const page = await openConversationPage(pr); // no diff on the page: the background downloads it
  // The background gives up after 20 s (pr-diff.js DIFF_TIMEOUT_MS).
  const panel = await page.waitForSelector('[data-atom-review="panel"][data-state="error"]', { timeout: 40000 });
  assert.match(await panel.textContent(), /Could not review this pull request: the diff download got no answer within 20 s/);
  await page.close();
});

test('a diff over the size cap is not reviewed, and the panel says why', async () => {
  const pr = { owner: 'ROCm', repo: 'ATOM', number: 404406, title: 'Diff too big' };
  const huge = Buffer.concat([demoDiff(), Buffer.alloc(33 * 1024 * 1024, '+'.charCodeAt(0))]);
  github.addPullRequest({ ...pr, diffBytes: huge });
  const page = await openConversationPage(pr);
  const panel = await page.waitForSelector('[data-atom-review="panel"][data-state="error"]', { timeout: 40000 });
  assert.match(await panel.textContent(), /Could not review this pull request: the diff is larger than 32 MiB/);
  await page.close();
});

// A diff of many small new files (several MiB): reviewing it needs more memory than the engine
// starts with.
function manyFilesDiff(count) {
  const file = (i) => `diff --git a/pad/f${i}.txt b/pad/f${i}.txt\nnew file mode 100644\n--- /dev/null\n`
    + `+++ b/pad/f${i}.txt\n@@ -0,0 +1,400 @@\n${'+pad\n'.repeat(400)}`;
  return Buffer.from(Array.from({ length: count }, (_, i) => file(i)).join(''));
}

test('a pull request page tells the background to get its engine ready before it asks for the review', async () => {
  const pr = { owner: 'ROCm', repo: 'ATOM', number: 404412, title: 'Engine ready early' };
  github.addPullRequest({ ...pr, diffBytes: demoDiff() });
  const { result: reference } = await referenceReview(demoDiff(), backgroundMeta(pr));
  await browser.serviceWorker.evaluate(() => {
    globalThis.messagesSeen = [];
    chrome.runtime.onMessage.addListener((message) => {
      globalThis.messagesSeen.push({ type: message?.type, number: message?.number });
      return false;
    });
  });
  const page = await openConversationPage(pr);
  await page.waitForSelector('[data-atom-review="panel"]:not([data-state="error"])', { timeout: 30000 });
  assert.deepEqual(await page.$$eval('[data-atom-review="panel"]', (all) => all.map((p) => p.dataset.verdict)), [reference.verdict]);
  const seen = await browser.serviceWorker.evaluate((n) => globalThis.messagesSeen.filter((m) => m.number === n).map((m) => m.type), pr.number);
  assert.equal(seen[0], 'prepare-engine', seen.join(', '));
  assert.deepEqual(seen.filter((type) => type === 'prepare-engine'), ['prepare-engine'], 'once per page');
  assert.ok(seen.includes('review'), seen.join(', '));
  await page.close();
});

test('an engine that aborts is told in the panel, and the next pull request is reviewed on a new engine', async () => {
  const failing = { owner: 'ROCm', repo: 'ATOM', number: 404410, title: 'Engine aborts' };
  const next = { owner: 'ROCm', repo: 'ATOM', number: 404411, title: 'Engine back' };
  github.addPullRequest({ ...failing, diffBytes: manyFilesDiff(3000) });
  github.addPullRequest({ ...next, diffBytes: demoDiff() });
  const { result: reference } = await referenceReview(demoDiff(), backgroundMeta(next));
  const instances = () => browser.serviceWorker.evaluate(() => globalThis.engineInstances);
  // In the service worker: count the engine's instantiations, and let no WebAssembly memory grow, so
  // the review aborts the module as it would past its 320 MiB cap.
  await browser.serviceWorker.evaluate(() => {
    globalThis.engineInstances = 0;
    globalThis.realWebAssembly = { ...Object.fromEntries(['instantiate', 'instantiateStreaming'].map((name) => [name, WebAssembly[name]])),
      grow: WebAssembly.Memory.prototype.grow };
    for (const name of ['instantiate', 'instantiateStreaming']) {
      WebAssembly[name] = (...args) => { globalThis.engineInstances += 1; return globalThis.realWebAssembly[name](...args); };
    }
    WebAssembly.Memory.prototype.grow = () => { throw new RangeError('this test lets no memory grow'); };
  });
  try {
    const page = await openConversationPage(failing);
    const panel = await page.waitForSelector('[data-atom-review="panel"][data-state="error"]', { timeout: 40000 });
    assert.match(await panel.textContent(),
      /Could not review this pull request: The review engine failed \(.+\); it was restarted for the next review\.$/);
    await page.close();
    await browser.serviceWorker.evaluate(() => { WebAssembly.Memory.prototype.grow = globalThis.realWebAssembly.grow; });
    const before = await instances();

    const nextPage = await openConversationPage(next);
    await nextPage.waitForSelector('[data-atom-review="panel"]:not([data-state="error"])', { timeout: 30000 });
    assert.deepEqual(await nextPage.$$eval('[data-atom-review="panel"]', (all) => all.map((p) => p.dataset.verdict)), [reference.verdict]);
    assert.equal(await instances(), before + 1, 'one new engine');
    await nextPage.close();
  } finally {
    await browser.serviceWorker.evaluate(() => {
      const real = globalThis.realWebAssembly;
      Object.assign(WebAssembly, { instantiate: real.instantiate, instantiateStreaming: real.instantiateStreaming });
      WebAssembly.Memory.prototype.grow = real.grow;
    });
  }
});

test('without a comment box the draft is offered to copy, and the clipboard is written only on that click', async () => {
  const pr = { owner: 'ROCm', repo: 'ATOM', number: 404407, title: 'No comment box' };
  const diffBytes = demoDiff();
  github.addPullRequest({ ...pr, diffBytes });
  const { result: reference } = await referenceReview(diffBytes, backgroundMeta(pr));
  await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: 'https://github.com' });
  const page = await openFilesPage(browser.context, pr, 'files');
  await page.waitForSelector('[data-atom-review="draft-button"]', { timeout: 30000 });
  await page.evaluate(() => document.querySelector('.review-box')?.remove());
  await page.evaluate(() => navigator.clipboard.writeText('what the user copied'));
  await page.click('[data-atom-review="draft-button"]');
  assert.match(await page.textContent('[data-atom-review="draft-status"]'), /No comment box is open here/);
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), 'what the user copied', 'drafting left the clipboard alone');
  await page.click('[data-atom-review="copy-draft-button"]');
  // The clipboard write is asynchronous: the status changes once the browser has answered.
  await page.waitForFunction(() => !/No comment box/.test(
    document.querySelector('[data-atom-review="draft-status"]')?.textContent ?? ''), null, { timeout: 10000 });
  assert.equal(await page.textContent('[data-atom-review="draft-status"]'), 'Draft copied to the clipboard.');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), reference.draft);
  await page.close();
});

for (const { name, pr, diff, skip } of [
  { name: 'demo pull request', pr: DEMO_PR, diff: demoDiff },
  { name: 'real ATOM diff', pr: { owner: 'ROCm', repo: 'ATOM', number: 9002, title: 'Corpus diff' }, diff: corpusDiff,
    skip: !sharedAvailable() && 'needs ../shared' },
]) {
  describe(`summary panel and findings: ${name}`, { skip }, () => {
    let reference;
    before(async () => {
      const diffBytes = diff();
      github.addPullRequest({ ...pr, diffBytes });
      ({ result: reference } = await referenceReview(diffBytes, backgroundMeta(pr)));
    });

    for (const { ui, tab } of FILES_TABS) {
      test(`${ui} UI: one panel with the verdict; every finding once, in its row, file or the panel`, async () => {
        const page = await openFilesPage(browser.context, pr, tab);
        await expectFindingsInPlace(page, reference);
        const panels = await page.$$eval('[data-atom-review="panel"]', (all) => all.map((p) => p.dataset.verdict));
        assert.deepEqual(panels, [reference.verdict]);
        const label = await page.$eval('[data-atom-review="panel"] .atom-review-verdict', (element) => element.textContent);
        assert.equal(label, reference.verdict_label, 'the engine\'s verdict words');
        assert.ok(reference.draft.includes(` ${label}\n`), 'the same words as the card');
        // Each file with findings shows their count under its header.
        const counts = await page.$$eval('[data-atom-review="file-findings"]',
          (lists) => Object.fromEntries(lists.map((list) => [list.dataset.path, Number(list.dataset.count)])));
        const expectedCounts = {};
        for (const f of reference.findings ?? []) if (f.path !== null) expectedCounts[f.path] = (expectedCounts[f.path] ?? 0) + 1;
        assert.deepEqual(counts, expectedCounts);
        await page.close();
      });

      test(`${ui} UI: the draft button appends the card after what the review box holds`, async () => {
        const page = await openFilesPage(browser.context, pr, tab);
        await page.click('[data-atom-review="draft-button"]', { timeout: 30000 });
        const value = await page.$eval('.review-box textarea', (field) => field.value);
        assert.equal(value, `${TYPED_REVIEW_TEXT}\n\n${reference.draft}`);
        assert.match(value, new RegExp(`^${TYPED_REVIEW_TEXT}\\n\\n## ATOM PR #${pr.number}\\b`));
        // The insertion is an ordinary edit: undo takes the draft out and leaves what was typed.
        await page.focus('.review-box textarea');
        await page.evaluate(() => document.execCommand('undo'));
        assert.equal((await page.$eval('.review-box textarea', (field) => field.value)).trimEnd(), TYPED_REVIEW_TEXT);
        // Drafting again (twice) replaces the unedited previous draft, never the typed text.
        await page.click('[data-atom-review="draft-button"]');
        await page.click('[data-atom-review="draft-button"]');
        assert.equal(await page.$eval('.review-box textarea', (field) => field.value), `${TYPED_REVIEW_TEXT}\n\n${reference.draft}`);
        // Once the user edits the draft, a new draft goes after it instead.
        await page.click('[data-atom-review="draft-button"]');
        await page.$eval('.review-box textarea', (field) => {
          field.focus();
          field.setSelectionRange(field.value.length, field.value.length);
          document.execCommand('insertText', false, ' (edited)');
        });
        await page.click('[data-atom-review="draft-button"]');
        assert.equal(await page.$eval('.review-box textarea', (field) => field.value),
          `${TYPED_REVIEW_TEXT}\n\n${reference.draft} (edited)\n\n${reference.draft}`);
        await page.close();
      });
    }

    test('conversation page: the panel, and the draft button fills the new-comment box', async () => {
      const page = await browser.context.newPage();
      await page.goto(`https://github.com/${pr.owner}/${pr.repo}/pull/${pr.number}`);
      await page.click('[data-atom-review="draft-button"]', { timeout: 30000 });
      assert.deepEqual(await page.$$eval('[data-atom-review="panel"]', (all) => all.map((p) => p.dataset.verdict)),
        [reference.verdict]);
      assert.equal(await page.$eval('#new_comment_field', (field) => field.value), `${TYPED_REVIEW_TEXT}\n\n${reference.draft}`);
      // No files here: every finding is listed in the panel, once.
      await page.waitForFunction((count) => document.querySelectorAll('[data-atom-review="finding"]').length === count,
        (reference.findings ?? []).length);
      const shown = await readFindings(page);
      assert.deepEqual(shown.map(findingKey).sort(), (reference.findings ?? []).map(findingKey).sort());
      assert.ok(shown.every((finding) => finding.place === 'panel'));
      await page.close();
    });

    test('React UI: findings of a file GitHub unmounts wait in the panel, and move back when it returns', async (t) => {
      const inAFile = (reference.findings ?? []).find((finding) => finding.path !== null);
      if (!inAFile) return t.skip('the engine found nothing inside a file of this diff');
      const page = await openFilesPage(browser.context, pr, 'changes');
      await expectFindingsInPlace(page, reference);
      await page.evaluate((id) => {
        globalThis.unmountedEntry = document.getElementById(id).parentElement;
        globalThis.unmountedEntry.remove();
      }, diffAnchor(inAFile.path));
      await page.waitForTimeout(400);
      const whileAway = await readFindings(page);
      assert.deepEqual(whileAway.map(findingKey).sort(), reference.findings.map(findingKey).sort());
      assert.ok(whileAway.filter((f) => f.path === inAFile.path).every((f) => f.place === 'panel'));
      await page.evaluate(() => {
        const entry = globalThis.unmountedEntry; // remounted as React would: without our elements
        entry.querySelectorAll('[data-atom-review]').forEach((element) => element.remove());
        document.querySelector('[data-testid="progressive-diffs-list"]').append(entry);
      });
      await page.waitForTimeout(400);
      await expectFindingsInPlace(page, reference);
      await page.close();
    });

    test('React UI: rows re-rendered without our findings get them back, never twice', async () => {
      const page = await openFilesPage(browser.context, pr, 'changes');
      await expectFindingsInPlace(page, reference);
      await page.evaluate(() => {
        for (const row of document.querySelectorAll('tr')) {
          if (!row.querySelector('[data-atom-review="finding"]')) continue;
          const fresh = row.cloneNode(true); // as React would render it: without our element
          fresh.querySelectorAll('[data-atom-review]').forEach((element) => element.remove());
          row.replaceWith(fresh);
        }
      });
      await page.waitForTimeout(400);
      await expectFindingsInPlace(page, reference);
      await page.close();
    });
  });
}
