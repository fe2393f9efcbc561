// End to end: the background reads each file whose head version the engine needs (the modified
// ones: an added file is whole in the diff) at the PR's head commit from the raw route (github.com
// redirecting to raw.githubusercontent.com), once per file and commit, and the engine reviews the
// files whole: the panel says so and the findings are those of
// `atom-review review --repo DIR` with the same files. A file whose download fails (404, or no
// answer at all) keeps its hunks, and the panel names it with the reason.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { launchWithExtension } from './support/browser.mjs';
import { startFakeGitHub } from './support/fake-github.mjs';
import { DEMO_PR, backgroundMeta, demoDiff, demoDownloadsOnce, demoHeadFiles } from './support/pull-requests.mjs';
import { referenceReview } from './support/reference-review.mjs';

// Each pull request gets its own head commit: the background caches files per commit.
const headOf = (number) => `feed${String(number).padStart(36, '0')}`;
const BASE = 'ba5e000000000000000000000000000000000000';

let github;
let browser;
let nextNumber = 7000;

before(async () => {
  github = await startFakeGitHub();
  browser = await launchWithExtension({ port: github.port });
});
after(async () => {
  await browser?.close();
  await github?.close();
});

function addDemoPullRequest(extra = {}) {
  const number = nextNumber++;
  const pr = { ...DEMO_PR, number, headSha: headOf(number), baseSha: BASE, headFiles: demoHeadFiles(), ...extra };
  github.addPullRequest({ ...pr, diffBytes: demoDiff() });
  return pr;
}

const findingKey = (f) => `${f.rule}|${f.path ?? ''}|${f.line ?? ''}|${f.line == null ? '' : (f.side ?? '')}|${f.severity}`;

// Opens the PR's files page and waits for the panel's files line and every expected finding.
async function openReviewed(pr, tab, reference) {
  const page = await browser.context.newPage();
  await page.goto(`https://github.com/${pr.owner}/${pr.repo}/pull/${pr.number}/${tab}`);
  await page.waitForFunction((n) => document.querySelectorAll('[data-atom-review="finding"]').length === n
    && document.querySelector('[data-atom-review="review-files"]'), reference.findings.length, { timeout: 60000 });
  await page.waitForTimeout(300); // a debounced pass must not move or double anything
  const shown = await page.evaluate(() => {
    const line = document.querySelector('[data-atom-review="review-files"]');
    return {
      source: line.dataset.source, text: line.textContent,
      findings: Array.from(document.querySelectorAll('[data-atom-review="finding"]'), (element) => {
        const { rule, path = '', line: at = '', side = '', severity } = element.dataset;
        return `${rule}|${path}|${at}|${at === '' ? '' : side}|${severity}`;
      }).sort(),
    };
  });
  return { page, ...shown };
}

describe('whole files from the raw route', () => {
  test('each modified file is fetched once; the panel says whole files; the findings are the --repo review\'s', async () => {
    const pr = addDemoPullRequest();
    const { result: reference } = await referenceReview(demoDiff(), backgroundMeta(pr), { headFiles: demoHeadFiles() });
    assert.deepEqual(reference.errors, [], 'the fixture\'s head files agree with the diff');
    const oneRequestEach = demoDownloadsOnce(reference);
    const shown = await openReviewed(pr, 'files', reference);
    assert.equal(shown.source, 'whole', shown.text);
    assert.match(shown.text, /^Whole files: 5 files read as at the head commit/);
    assert.deepEqual(shown.findings, reference.findings.map(findingKey).sort());
    assert.deepEqual(github.rawRequests(pr), oneRequestEach,
      'one request per modified file; none for the added file (whole in the diff) or the deleted one');
    await shown.page.close();

    // Another visit, in the other UI (whose diff is read from the page's data and so reviewed
    // afresh), and a reload: the files come from the cache.
    const again = await openReviewed(pr, 'changes', reference);
    assert.equal(again.source, 'whole');
    await again.page.reload();
    await again.page.waitForSelector('[data-atom-review="review-files"][data-source="whole"]', { timeout: 60000 });
    assert.deepEqual(github.rawRequests(pr), oneRequestEach, 'a second visit fetches nothing');
    await again.page.close();
  });

  test('a file that is not found or never answers keeps its hunks, named with the reason', async () => {
    const missing = 'atom/model_ops/moe.py';
    const stalled = 'atom/model_ops/attention_mla.py';
    const pr = addDemoPullRequest({ rawFailures: { [missing]: 'missing', [stalled]: 'stall' } });
    const fetched = Object.fromEntries(Object.entries(demoHeadFiles()).filter(([path]) => path !== missing && path !== stalled));
    const { result: reference } = await referenceReview(demoDiff(), backgroundMeta(pr), { headFiles: fetched });
    const shown = await openReviewed(pr, 'files', reference);
    assert.equal(shown.source, 'hunks', shown.text);
    assert.match(shown.text, /^Whole files: 3 files; diff only for /);
    assert.ok(shown.text.includes(`${missing} (not found (404))`), shown.text);
    assert.ok(shown.text.includes(`${stalled} (no answer within 8 s)`), shown.text);
    assert.deepEqual(shown.findings, reference.findings.map(findingKey).sort());
    await shown.page.close();
  });

  test('without a head commit on the page the diff alone is reviewed, and the panel says why', async () => {
    const pr = addDemoPullRequest({ headSha: undefined, baseSha: undefined });
    const { result: reference } = await referenceReview(demoDiff(), backgroundMeta(pr));
    const shown = await openReviewed(pr, 'files', reference);
    assert.equal(shown.source, 'hunks');
    assert.equal(shown.text, 'Diff only: the page names no head commit');
    assert.deepEqual(shown.findings, reference.findings.map(findingKey).sort());
    await shown.page.close();
  });
});
