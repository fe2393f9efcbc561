// End to end: the pull request's context read from its conversation page — on that page itself
// and, from the files page, by fetching it once through the background — reaches the engine:
// the description makes a P rule fire, and the panel shows the linked issue, the human review
// comments and the failing checks as the engine classified them. Also the page reader itself, on
// a generated page and on a page GitHub rendered (../shared, skipped when absent).
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import * as esbuild from 'esbuild';
import { launchWithExtension } from './support/browser.mjs';
import { serveConversation } from './support/conversation-pages.mjs';
import { startFakeGitHub } from './support/fake-github.mjs';
import { REPO_ROOT, SHARED_DIR } from './support/paths.mjs';
import { referenceReview } from './support/reference-review.mjs';

const PR = { owner: 'ROCm', repo: 'ATOM', number: 4250, title: 'MLA decode: reorder graph capture', author: 'example-dev' };
const MLA = 'atom/model_ops/attention_mla.py';
// Touches no docs input: a failing docs build is probably unrelated to it.
const DIFF = `diff --git a/${MLA} b/${MLA}
index 1111111..2222222 100644
--- a/${MLA}
+++ b/${MLA}
@@ -10,4 +10,7 @@ class MLAAttention:
     def forward(self, q, kv):
         out = self.decode(q, kv)
+        if self.use_fast_path:
+            out = self.fast_decode(q, kv)
+        out = out.contiguous()
         return out
 
`;
const HEAD_SHA = 'b'.repeat(40);
const GPU_LOG = '/ROCm/ATOM/actions/runs/13/job/14';
const CONVERSATION = {
  description: 'Fixes #12\n\nMakes MLA decode faster by capturing the largest batch first.\n\n## Test Plan\nRan the unit tests.',
  labels: ['perf', 'mla'],
  baseRef: 'main',
  commits: [{ sha: 'a'.repeat(40), message: 'MLA fast path' }, { sha: HEAD_SHA, message: 'contiguous output' }],
  comments: [
    { author: 'alice', body: 'Could you add numbers for the decode latency?' },
    { author: 'github-actions[bot]', body: 'Benchmark job queued.', bot: true },
  ],
  reviews: [
    { author: 'bob', body: 'Two notes on the fast path.', threads: [{ path: MLA, line: 13, comments: [
      { author: 'bob', body: 'Is fast_decode safe under cudagraph capture?' }, { author: 'carol', body: 'It is not, see #40.' }] }] },
    { author: 'Copilot', body: 'Copilot reviewed 1 out of 1 changed files.', threads: [{ path: MLA, line: 12, comments: [
      { author: 'Copilot', body: 'Consider a guard here.' }] }] },
  ],
  checks: [
    { name: 'docs/readthedocs.org:atom', state: 'failure', url: 'https://readthedocs.org/projects/atom/builds/77/' },
    { name: 'CI / unit (pull_request)', state: 'failure', url: 'https://github.com/ROCm/ATOM/actions/runs/11/job/12' },
    { name: 'CI / gpu (pull_request)', state: 'failure', url: `https://github.com${GPU_LOG}` },
    { name: 'CI / lint (pull_request)', state: 'success', url: 'https://github.com/ROCm/ATOM/actions/runs/15/job/16' },
  ],
};
const BASE_CHECKS = [{ name: 'CI / unit (pull_request)', state: 'failure' }, { name: 'CI / lint (pull_request)', state: 'success' }];

// What the conversation page says, in the engine meta's spelling, written out by hand.
const PAGE_CONTEXT = {
  title: PR.title, author: PR.author,
  body: 'Fixes #12\n\nMakes MLA decode faster by capturing the largest batch first.\n\nTest Plan\n\nRan the unit tests.',
  labels: ['perf', 'mla'],
  comments: [
    { author: 'alice', body: 'Could you add numbers for the decode latency?', kind: 'comment' },
    { author: 'github-actions[bot]', body: 'Benchmark job queued.', kind: 'comment', bot: true },
    { author: 'bob', body: 'Two notes on the fast path.', kind: 'review' },
    { author: 'bob', body: 'Is fast_decode safe under cudagraph capture?', kind: 'inline', path: MLA, line: 13 },
    { author: 'carol', body: 'It is not, see #40.', kind: 'inline', path: MLA, line: 13 },
    { author: 'Copilot', body: 'Copilot reviewed 1 out of 1 changed files.', kind: 'review', bot: true },
    { author: 'Copilot', body: 'Consider a guard here.', kind: 'inline', path: MLA, line: 12, bot: true },
  ],
  checks: [
    { name: 'docs/readthedocs.org:atom', state: 'failure', url: 'https://readthedocs.org/projects/atom/builds/77/' },
    { name: 'CI / unit (pull_request)', workflow: 'CI', state: 'failure', url: 'https://github.com/ROCm/ATOM/actions/runs/11/job/12' },
    { name: 'CI / gpu (pull_request)', workflow: 'CI', state: 'failure', url: `https://github.com${GPU_LOG}` },
    { name: 'CI / lint (pull_request)', workflow: 'CI', state: 'success', url: 'https://github.com/ROCm/ATOM/actions/runs/15/job/16' },
  ],
  base_ref: 'main',
  head_sha: HEAD_SHA,
};
// ... and what the extension adds from the base branch's checks page and the Details pages.
const ENGINE_META = {
  repo: 'ROCm/ATOM', number: PR.number, ...PAGE_CONTEXT,
  checks: PAGE_CONTEXT.checks.map((check) => ({
    ...check,
    ...(BASE_CHECKS.some((b) => b.name === check.name) && { base_state: BASE_CHECKS.find((b) => b.name === check.name).state }),
    ...(check.url === `https://github.com${GPU_LOG}` && { logs_expired: true }),
  })),
};

let github;
let browser;
let reference;
let withoutContext;
let readerBundle;
let viewBundle;

before(async () => {
  github = await startFakeGitHub();
  browser = await launchWithExtension({ port: github.port });
  const diffBytes = Buffer.from(DIFF);
  for (const pr of [PR, { ...PR, number: PR.number + 1 }]) {
    github.addPullRequest({ ...pr, diffBytes });
    serveConversation(github, pr, CONVERSATION, { baseChecks: BASE_CHECKS, expiredLogs: [GPU_LOG] });
  }
  github.addPullRequest({ ...HOSTILE_PR, diffBytes });
  serveConversation(github, HOSTILE_PR, hostileConversation(HOSTILE_PR), { baseChecks: BASE_CHECKS });
  github.addPullRequest({ ...OWN_HEAD_PR, diffBytes, headSha: OWN_HEAD_SHA });
  serveConversation(github, OWN_HEAD_PR, hostileConversation(OWN_HEAD_PR), { baseChecks: BASE_CHECKS });
  github.addPullRequest({ ...SLOW_PR, diffBytes });
  serveConversation(github, SLOW_PR, CONVERSATION, { baseChecks: BASE_CHECKS, delayMs: SLOW_CONVERSATION_MS });
  ({ result: reference } = await referenceReview(diffBytes, ENGINE_META));
  ({ result: withoutContext } = await referenceReview(diffBytes, { repo: 'ROCm/ATOM', number: PR.number, title: PR.title, author: PR.author }));
  const built = await esbuild.build({
    stdin: { contents: "import { readConversationPage } from './extension/content/adapters/conversation-page.js';\n"
      + 'globalThis.readConversationPage = readConversationPage;', resolveDir: REPO_ROOT },
    bundle: true, format: 'iife', write: false, logLevel: 'silent',
  });
  readerBundle = built.outputFiles[0].text;
  const view = await esbuild.build({
    stdin: { contents: "import { h, render } from 'preact';\n"
      + "import { ContextSections } from './extension/content/views/context-sections.jsx';\n"
      + 'globalThis.renderContextSections = (result, container, onShowPlace) => render(h(ContextSections, { result, onShowPlace }), container);',
    resolveDir: REPO_ROOT, loader: 'jsx' },
    bundle: true, format: 'iife', write: false, logLevel: 'silent', jsx: 'automatic', jsxImportSource: 'preact',
  });
  viewBundle = view.outputFiles[0].text;
});
after(async () => {
  await browser?.close();
  await github?.close();
});

// A conversation page that answers late: the files page must not wait for it.
const SLOW_PR = { ...PR, number: PR.number + 2 };
const SLOW_CONVERSATION_MS = 3000;

// Comments, a review and the description linking to a commit of their choosing, after the real
// commits: the head is still the last commit of the timeline (and, on a files page that names
// its own head, that one).
const HOSTILE_PR = { ...PR, number: PR.number + 3 };
const OWN_HEAD_PR = { ...PR, number: PR.number + 4 };
const CHOSEN_SHA = 'e'.repeat(40);
const OWN_HEAD_SHA = 'c'.repeat(40);
const chosenLink = (pr) => `[the right commit](/${pr.owner}/${pr.repo}/pull/${pr.number}/commits/${CHOSEN_SHA})`;
const hostileConversation = (pr) => ({
  ...CONVERSATION,
  description: `${CONVERSATION.description}\n\nReview ${chosenLink(pr)} only.`,
  comments: [...CONVERSATION.comments, { author: 'mallory', body: `Pushed a fix: ${chosenLink(pr)}` }],
  reviews: [...CONVERSATION.reviews, { author: 'mallory', body: `See ${chosenLink(pr)}`, threads: [] }],
});
// The commits whose files were asked for on github.com's raw route since request number `since`
// (the route names the repository, not the pull request).
const rawRequestShas = (pr, since) => [...new Set(github.requests.slice(since)
  .filter((r) => r.host === 'github.com' && r.path.startsWith(`/${pr.owner}/${pr.repo}/raw/`))
  .map((r) => r.path.split('/')[4]))];

const pullUrl = (pr, tab = '') => `https://github.com/${pr.owner}/${pr.repo}/pull/${pr.number}${tab && `/${tab}`}`;
const requestsTo = (path) => github.requests.filter((r) => r.host === 'github.com' && r.path === path).length;

// Runs the content script's page reader on `html`, parsed the way the files page parses the fetched page.
async function readWithReader(page, html, number) {
  await page.evaluate(readerBundle);
  return page.evaluate(({ html, number }) => globalThis.readConversationPage(new DOMParser().parseFromString(html, 'text/html'), { number }),
    { html, number });
}

// On the files page the head commit comes with the fetched context, which may take the
// conversation page's budget and then the check history's (pr-context/index.js: 10 s + 8 s) on a
// busy machine before the review that reads the head files runs: the default wait covers both.
// `explain()` says, on a timeout, what was there instead.
const CONTEXT_WAIT_MS = 30000;
async function waitFor(condition, timeoutMs = CONTEXT_WAIT_MS, explain = async () => '') {
  for (const started = Date.now(); !condition(); await new Promise((resolve) => setTimeout(resolve, 50))) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting${await explain()}`);
  }
}

async function openWithPanel(url) {
  const page = await browser.context.newPage();
  await page.goto(url);
  await page.waitForSelector('[data-atom-review="panel"][data-verdict]', { timeout: 30000 });
  return page;
}

const prLevelRules = (result) => (result.findings ?? []).filter((f) => f.path == null).map((f) => f.rule).sort();
const shownPrLevelRules = (page) => page.$$eval('[data-atom-review="panel"] [data-atom-review="finding"]',
  (all) => all.filter((f) => !f.dataset.path).map((f) => f.dataset.rule).sort());

// What the context sections show, to compare with the engine's `context` and `ci`.
function readContextSections(page) {
  return page.evaluate(() => {
    const summary = document.querySelector('[data-atom-review="review-summary"]');
    return {
      issues: Array.from(document.querySelectorAll('[data-atom-review="linked-issue"]'), (a) => [a.textContent, a.href, a.rel, a.target]),
      total: summary ? Number(summary.dataset.total) : null,
      inline: summary ? Number(summary.dataset.inline) : null,
      summaryText: summary?.textContent ?? '',
      places: Array.from(document.querySelectorAll('[data-atom-review="review-comment-place"]'), (b) => b.textContent),
      ci: Array.from(document.querySelectorAll('[data-atom-review="ci-check"]'), (li) => ({
        name: li.dataset.name, class: li.dataset.class, text: li.textContent, details: li.querySelector('a')?.href ?? null,
      })),
    };
  });
}

const prTypes = (result) => (result.pr_types ?? []).map((type) => type.id);
const shownPrTypes = (page) => page.$$eval('[data-atom-review="pr-type"]', (all) => all.map((e) => e.dataset.type));

// The description reached the engine: it fires P1 (a speed claim without numbers) and finds the
// kinds of change the description names, as it does given the page's context outside the browser.
async function expectEngineGotContext(page) {
  assert.ok(prLevelRules(reference).includes('P1'), 'the engine fires P1 on a speed claim without numbers');
  assert.ok(!prLevelRules(withoutContext).includes('P1'), 'without the description P1 does not run');
  await page.waitForSelector('[data-atom-review="finding"][data-rule="P1"]', { timeout: 10000 });
  assert.deepEqual(await shownPrLevelRules(page), prLevelRules(reference), 'the PR-level findings are those of the engine given the page\'s context');
  assert.notDeepEqual(prTypes(reference), prTypes(withoutContext));
  assert.deepEqual(await shownPrTypes(page), prTypes(reference), 'the kinds of change the description names');
}

async function expectContextSections(page) {
  const shown = await readContextSections(page);
  assert.deepEqual(shown.issues, [['#12', 'https://github.com/ROCm/ATOM/issues/12', 'noopener noreferrer', '_blank']]);
  const review = reference.context.review_comments;
  assert.equal(shown.total, review.total);
  assert.equal(shown.inline, review.inline);
  assert.deepEqual([...review.authors].sort(), ['alice', 'bob', 'carol'], 'bots and Copilot are not human reviewers');
  assert.ok(!/Copilot|github-actions/.test(shown.summaryText));
  assert.ok(shown.places.includes(`${MLA}:13`), 'an inline comment links to its line');
  const classes = Object.fromEntries(shown.ci.map((check) => [check.name, check.class]));
  assert.deepEqual(classes, {
    'docs/readthedocs.org:atom': 'unrelated', 'CI / unit (pull_request)': 'baseline', 'CI / gpu (pull_request)': 'stale',
  }, 'failing checks only, each with its class');
  for (const check of shown.ci) assert.match(check.text, /probably unrelated|base branch|logs expired|worth a look/, 'the class is a word too');
  assert.equal(shown.ci.find((c) => c.class === 'unrelated').details, 'https://readthedocs.org/projects/atom/builds/77/');
}

describe('pull request context', () => {
  test('the reader takes title, author, description, labels, comments, checks, base and head from a conversation page', async () => {
    const page = await browser.context.newPage();
    await page.goto(pullUrl(PR));
    const html = await page.content();
    assert.deepEqual(await readWithReader(page, html, PR.number), PAGE_CONTEXT);
    assert.deepEqual(await page.evaluate(() => globalThis.readConversationPage(document, { number: 4250 })), PAGE_CONTEXT,
      'the live page reads the same as its parsed copy');
    await page.close();
  });

  test('a commit link in a comment, a review or the description does not choose the head', async () => {
    const page = await browser.context.newPage();
    await page.goto(pullUrl(HOSTILE_PR));
    const links = await page.$$eval(`a[href$="/commits/${CHOSEN_SHA}"]`, (all) => all.length);
    assert.equal(links, 3, 'the page does hold the chosen links, after the commits');
    const read = await readWithReader(page, await page.content(), HOSTILE_PR.number);
    assert.equal(read.head_sha, HEAD_SHA);
    await page.close();
  });

  test('the head files are read at the timeline\'s head, not at a commit a comment links to', async () => {
    const since = github.requests.length;
    const page = await openWithPanel(pullUrl(HOSTILE_PR, 'files'));
    await waitFor(() => rawRequestShas(HOSTILE_PR, since).length > 0, CONTEXT_WAIT_MS, async () => `: no raw file asked for; the panel says ${
      JSON.stringify(await page.evaluate(() => document.querySelector('[data-atom-review="review-files"]')?.textContent ?? null))}; requests since: ${
      github.requests.slice(since).map((r) => `${r.host}${r.path}`).join(' ')}`);
    await page.waitForTimeout(500);
    assert.deepEqual(rawRequestShas(HOSTILE_PR, since), [HEAD_SHA]);
    await page.close();
  });

  test('the head the files page names itself wins over the conversation page\'s', async () => {
    const since = github.requests.length;
    const page = await openWithPanel(pullUrl(OWN_HEAD_PR, 'files'));
    await waitFor(() => rawRequestShas(OWN_HEAD_PR, since).length > 0);
    await page.waitForTimeout(500); // the re-run with the conversation's context, if any, has asked too
    assert.deepEqual(rawRequestShas(OWN_HEAD_PR, since), [OWN_HEAD_SHA]);
    await page.close();
  });

  test('the reader on a conversation page GitHub rendered (2021, classic)', async (t) => {
    const saved = join(SHARED_DIR, 'github-html', 'classic-2021-pr-conversation-loggedout.html');
    if (!existsSync(saved)) return t.skip('../shared is absent');
    const page = await browser.context.newPage();
    const read = await readWithReader(page, readFileSync(saved, 'utf8'), 1);
    await page.close();
    assert.equal(read.title, 'Update popular-cat-names.js');
    assert.equal(read.author, 'stefanbuck');
    assert.equal(read.base_ref, 'master');
    assert.equal(read.body, '', 'GitHub\'s "No description provided." placeholder is not a description');
    assert.match(read.head_sha, /^[0-9a-f]{40}$/);
    // Its three review threads, each ending on the commented line (the new side's number).
    assert.deepEqual(read.comments.map((c) => [c.author, c.kind, c.path, c.line, c.bot]), [
      ['stefanbuck', 'inline', 'sourcereader/popular-cat-names.js', 3, undefined],
      ['stefanbuck', 'inline', 'sourcereader/popular-rabbit-names.js', 5, undefined],
      ['stefanbuck', 'inline', 'sourcereader/popular-cat-names.js', 3, undefined],
    ]);
    assert.match(read.comments[2].body, /^Suggested change\n/, 'block structure survives in a comment body');
  });

  test('the context sections show a hand-made engine answer, links built only from validated parts', async () => {
    const page = await browser.context.newPage();
    await page.goto(pullUrl(PR));
    await page.evaluate(viewBundle);
    const shown = await page.evaluate(async () => {
      const container = document.createElement('div');
      document.body.append(container);
      const places = [];
      globalThis.renderContextSections({
        pr: { repo: 'ROCm/ATOM' },
        context: {
          linked_issues: ['#12', 'ROCm/aiter#45', 'x"><img src=x>#3'],
          review_comments: { total: 3, inline: 2, authors: ['alice', 'bob'], items: [
            { author: 'alice', kind: 'comment', path: null, line: null, excerpt: 'Numbers, please <img src=x onerror=alert(1)>' },
            { author: 'bob', kind: 'inline', path: 'atom/model_ops/moe.py', line: 98, excerpt: 'Is this safe?' },
            { author: 'bob', kind: 'inline', path: 'atom/config.py', line: null, excerpt: 'Whole file.' }] },
        },
        ci: [
          { name: 'docs/readthedocs.org:atom', state: 'failure', class: 'unrelated', reason: 'the PR touches no docs input', url: 'https://readthedocs.org/b/1/' },
          { name: 'CI / unit', state: 'failure', class: 'worth_a_look', reason: 'passes on main', url: 'javascript:alert(1)' },
          { name: 'CI / lint', state: 'success', class: 'worth_a_look', reason: '', url: null },
        ],
      }, container, (place) => { places.push(place); return null; });
      container.querySelector('[data-atom-review="review-comment-place"][data-line="98"]').click();
      await new Promise((resolve) => setTimeout(resolve, 50)); // Preact renders state changes after the event
      return {
        issues: Array.from(container.querySelectorAll('[data-atom-review="linked-issue"]'), (a) => [a.textContent, a.getAttribute('href'), a.rel, a.target]),
        summary: container.querySelector('[data-atom-review="review-summary"]').textContent,
        places: Array.from(container.querySelectorAll('[data-atom-review="review-comment-place"]'), (b) => b.textContent),
        clicked: places,
        images: container.querySelectorAll('img').length,
        excerpt: container.querySelector('[data-atom-review="review-comment"]').textContent,
        ci: Array.from(container.querySelectorAll('[data-atom-review="ci-check"]'), (li) => [li.dataset.name, li.dataset.class,
          li.querySelector('.atom-review-ci-class').textContent, li.querySelector('a')?.getAttribute('href') ?? null,
          li.querySelector('a')?.rel ?? null]),
        status: container.querySelector('[role="status"]')?.textContent ?? null,
      };
    });
    await page.close();
    assert.deepEqual(shown.issues, [
      ['#12', '/ROCm/ATOM/issues/12', 'noopener noreferrer', '_blank'],
      ['ROCm/aiter#45', '/ROCm/aiter/issues/45', 'noopener noreferrer', '_blank'],
    ], 'a reference that is not owner/repo#N gets no link');
    assert.equal(shown.summary, '3 human comments, 2 inline — by alice, bob');
    assert.deepEqual(shown.places, ['atom/model_ops/moe.py:98', 'atom/config.py']);
    assert.deepEqual(shown.clicked, [{ path: 'atom/model_ops/moe.py', line: 98, side: 'new' }]);
    assert.equal(shown.status, 'atom/model_ops/moe.py is not shown on this page.');
    assert.equal(shown.images, 0, 'page text stays text');
    assert.match(shown.excerpt, /<img src=x onerror=alert\(1\)>/);
    assert.deepEqual(shown.ci, [
      ['docs/readthedocs.org:atom', 'unrelated', 'probably unrelated', 'https://readthedocs.org/b/1/', 'noopener noreferrer'],
      ['CI / unit', 'worth_a_look', 'worth a look', null, null],
    ], 'failing checks only; a Details link only when https');
  });

  test('on the conversation page the engine gets the page\'s context', async (t) => {
    const page = await openWithPanel(pullUrl(PR));
    await expectEngineGotContext(page);
    await t.test('the panel shows the engine\'s reading of it', () => expectContextSections(page));
    await page.close();
  });

  test('on the files page the conversation page is fetched once, and the engine gets its context', async (t) => {
    const pr = { ...PR, number: PR.number + 1 };
    const before = requestsTo(`/ROCm/ATOM/pull/${pr.number}`);
    const logsBefore = requestsTo(GPU_LOG);
    const page = await openWithPanel(pullUrl(pr, 'files'));
    await page.waitForSelector('[data-atom-review="tier-badge"]', { timeout: 10000 });
    await page.waitForTimeout(500);
    assert.equal(requestsTo(`/ROCm/ATOM/pull/${pr.number}`) - before, 1, 'one fetch of the conversation page per visit, not per feature');
    assert.ok(requestsTo('/ROCm/ATOM/commit/main/checks') >= 1, 'the base branch\'s checks were asked for');
    assert.equal(requestsTo(GPU_LOG) - logsBefore, 1, 'a failing check\'s Details page in this repository is read for expired logs');
    assert.equal(requestsTo('/ROCm/ATOM/actions/runs/15/job/16'), 0, 'a passing check\'s is not');
    await expectEngineGotContext(page);
    await t.test('the panel shows the engine\'s reading of it', () => expectContextSections(page));
    await page.close();
  });

  test('a late conversation page does not hold the files page back; its context arrives after', async () => {
    const page = await browser.context.newPage();
    await page.goto(pullUrl(SLOW_PR, 'files'));
    await page.waitForSelector('[data-atom-review="panel"]', { timeout: 10000 });
    await page.waitForSelector('[data-atom-review="tier-badge"]', { timeout: 10000 });
    const early = await page.evaluate(() => ({
      badges: document.querySelectorAll('[data-atom-review="tier-badge"]').length,
      p1: document.querySelectorAll('[data-atom-review="finding"][data-rule="P1"]').length,
      pending: document.querySelector('[data-atom-review="context-pending"]')?.textContent ?? null,
    }));
    assert.ok(early.badges > 0, 'tier badges are up before the conversation page answers');
    assert.equal(early.p1, 0, 'the description is not known yet');
    assert.match(early.pending ?? '', /Still reading the conversation page/, 'the panel says the review will update');
    await expectEngineGotContext(page);
    await expectContextSections(page);
    assert.equal(await page.locator('[data-atom-review="context-pending"]').count(), 0, 'and stops saying so');
    assert.equal(await page.locator('[data-atom-review="panel"]').count(), 1);
    assert.equal(requestsTo(`/ROCm/ATOM/pull/${SLOW_PR.number}`), 1, 'fetched once, also across the re-run');
    await page.close();
  });
});
