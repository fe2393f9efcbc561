// A reviewer's verdicts, end to end, for Chromium (field-labels.test.mjs) and Firefox
// (firefox.test.mjs): given on a finding, kept, counted in the panel, exported on their click with
// what reproduces the finding (the files from the cache: nothing downloaded again), imported by
// scripts/import-labels as a label the built engine gives again, and taken back.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from './paths.mjs';
import { demoDiff, demoDownloadsOnce, demoHeadFiles } from './pull-requests.mjs';
import { pullUrl, waitUntil } from './review-page.mjs';

const CLI = join(REPO_ROOT, 'build/native/atom-review');
const WHY = 'the caller passes a strided view';

/** The verdicts the extension stored for `pr`, any head. */
export const storedVerdicts = async (session, pr) => Object.entries(await session.localItems())
  .filter(([key]) => key.startsWith(`atom-review:pr:${pr.owner}/${pr.repo}#${pr.number}@`))
  .flatMap(([, state]) => state.verdicts ?? []);

export async function waitForVerdicts(session, pr, count) {
  for (let waited = 0; waited < 10000; waited += 100) {
    if ((await storedVerdicts(session, pr)).length === count) return;
    await new Promise((resolve) => { setTimeout(resolve, 100); });
  }
  throw new Error(`the extension never stored ${count} verdicts`);
}

const attribute = (page, selector, name) => page.$eval(selector, (element, attr) => element.getAttribute(attr), name);
const text = (page, selector) => page.$eval(selector, (element) => element.textContent);

// Where `target` is drawn: beside its line, or in the panel for a finding about the whole PR.
const findingOnPage = (target) => (target.line === null
  ? `[data-atom-review="panel-findings"] [data-atom-review="finding"][data-rule="${target.rule}"]:not([data-path])`
  : `tr [data-atom-review="finding"][data-rule="${target.rule}"][data-line="${target.line}"]`);

/**
 * `session`: a launched browser (browser.mjs or firefox.mjs); `pr`: a pull request of the fake
 * GitHub with the demo diff, a head commit and the demo's head files; `reference`: the engine's
 * result for it with those files; `target`: the finding judged (default: the first on a line).
 */
export async function assertVerdictExportedAndImported(session, github, pr, reference,
  target = reference.findings.find((finding) => finding.line !== null)) {
  assert.ok(target, 'the demo has a finding on a line');
  const finding = findingOnPage(target);
  const worth = `${finding} [data-atom-review="verdict-button"][data-verdict="TP"]`;
  const page = await session.newPage();
  const reviewed = () => waitUntil(page, (selector) => Boolean(document.querySelector(selector)
    && document.querySelector('[data-atom-review="review-files"][data-source="whole"]')), finding,
  { timeout: 60000, what: 'the finding and the files read whole', loading: true });
  await page.goto(pullUrl(pr, 'files'));
  await reviewed();
  const downloadsBefore = github.rawRequests(pr);
  assert.deepEqual(downloadsBefore, demoDownloadsOnce(reference));

  await page.click(`${finding} [data-atom-review="finding-marker"]`);
  assert.equal(await attribute(page, worth, 'aria-pressed'), 'false');
  await page.type(`${finding} [data-atom-review="dismiss-reason"]`, `  ${WHY.replace('passes', 'passes  ')} `);
  await page.click(worth);
  await waitForVerdicts(session, pr, 1);
  assert.deepEqual((await storedVerdicts(session, pr)).map(({ rule, path, line, side, verdict, why }) => ({ rule, path, line, side, verdict, why })),
    [{ rule: target.rule, path: target.path, line: target.line, side: target.side ?? 'new', verdict: 'TP', why: WHY }]);
  await waitUntil(page, (selector) => document.querySelector(selector)?.getAttribute('aria-pressed') === 'true', worth);
  await waitUntil(page, () => Boolean(document.querySelector('[data-atom-review="your-verdicts"]')));
  assert.equal(await page.$$eval(finding, (all) => all.length), 1, 'a verdict keeps the finding shown');
  assert.match(await text(page, '[data-atom-review="your-verdicts"]'), /Your verdicts \(1\)1 worth raising · 0 true, minor · 0 wrong; 1 not exported yet/);

  await page.reload();
  await waitUntil(page, (selector) => Boolean(document.querySelector(`${selector}[data-verdict="TP"]`)), finding,
    { timeout: 60000, what: 'the verdict after a reload', loading: true });
  await reviewed();
  const download = await session.nextDownload(page, () => page.click('[data-atom-review="export-verdicts"]'));
  assert.equal(download.name, `atom-review-labels-${pr.owner}-${pr.repo}-${pr.number}-${pr.headSha.slice(0, 10)}.json`);
  const exported = JSON.parse(download.text);
  assert.equal(exported.format, 'atom-review-field-labels/1');
  // The diff the review read: the page's, rebuilt from its rows (so without `index` lines).
  const changedLines = (diff) => diff.split('\n').filter((line) => /^[+-](?![+-]{2} )/.test(line));
  assert.deepEqual(changedLines(exported.diff), changedLines(demoDiff().toString('utf8')));
  assert.deepEqual(exported.pr, { repo: `${pr.owner}/${pr.repo}`, number: pr.number, title: pr.title,
    ...(pr.description !== undefined && { body: pr.description }), head_sha: pr.headSha, base_sha: pr.baseSha,
    ...(pr.baseRef !== undefined && { base_ref: pr.baseRef }) },
    'the PR as the rules read it: no author, comments or checks');
  const headFiles = demoHeadFiles();
  assert.deepEqual(Object.fromEntries(exported.head_files.map((file) => [file.path, 1])), demoDownloadsOnce(reference));
  for (const file of exported.head_files) assert.equal(file.text, headFiles[file.path].toString('utf8'));
  assert.deepEqual(exported.labels, [{ rule: target.rule, message_id: target.message_id, path: target.path, line: target.line,
    side: target.side ?? 'new', severity: target.severity, mode: 'whole', verdict: 'TP', why: WHY }]);
  await waitUntil(page, () => /Exported/.test(document.querySelector('[data-atom-review="export-status"]')?.textContent ?? ''));
  assert.match(await text(page, '[data-atom-review="export-status"]'),
    new RegExp(`Exported 1 verdict with the diff and ${exported.head_files.length} files? read whole`));
  assert.deepEqual(github.rawRequests(pr), downloadsBefore, 'the export downloads nothing again');
  await waitUntil(page, () => /; all exported\./.test(document.querySelector('[data-atom-review="your-verdicts"]')?.textContent ?? ''));
  const options = await session.openExtensionPage('options.html');
  const listed = `[data-options="verdict-pr"][data-pr="${pr.owner}/${pr.repo}#${pr.number}"]`;
  await waitUntil(options, (selector) => document.querySelector(selector)?.dataset.unexported === '0', listed,
    { what: 'the options page listing the pull request, all exported' });
  assert.match(await text(options, listed), /1 worth raising · 0 true, minor · 0 wrong; all exported/);
  await options.close();

  if (existsSync(CLI)) {
    const work = mkdtempSync(join(tmpdir(), 'field-labels-e2e-'));
    try {
      writeFileSync(join(work, 'export.json'), download.text);
      // A development build names its commit with `-dirty`; its rules are this tree's.
      const engine = /^[0-9a-f]{40}$/.test(exported.engine) ? [] : ['--engine', 'e'.repeat(40)];
      const run = spawnSync(join(REPO_ROOT, 'scripts/import-labels'), ['--labeler', 'e2e', ...engine, '--shared', join(work, 'shared'),
        '--out', join(work, 'labels.jsonl'), join(work, 'export.json')], { encoding: 'utf8' });
      assert.equal(run.status, 0, run.stderr);
      assert.match(run.stdout, /1 labels, 1 name a finding the engine gives now/);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }

  await page.click(`${finding} [data-atom-review="finding-marker"]`);
  assert.equal(await attribute(page, worth, 'aria-pressed'), 'true', 'a new page shows the verdict given');
  await page.click(worth); // pressed again: taken back
  await waitForVerdicts(session, pr, 0);
  await waitUntil(page, (selector) => !document.querySelector(`${selector}[data-verdict]`)
    && !document.querySelector('[data-atom-review="your-verdicts"]'), finding);
  await page.close();
}
