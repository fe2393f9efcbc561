// The repository snapshot flow's fixtures and steps, shared by the Chromium and Firefox suites: a
// pull request of ROCm/ATOM that renames `old_fn` (tests/rules/B5r/fires_renamed_function), the
// repository as GitHub's archive serves it (a real .tar.gz made by `git archive`), and the panel's
// repository line read back.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serveConversation } from './conversation-pages.mjs';
import { filesUnder } from './pull-requests.mjs';
import { REPO_ROOT } from './paths.mjs';

const FIXTURE = join(REPO_ROOT, 'tests', 'rules', 'B5r', 'fires_renamed_function');
export const RENAME_DIFF = () => readFileSync(`${FIXTURE}.diff`);
export const REPOSITORY_FILES = () => filesUnder(`${FIXTURE}.repo`);
export const OWNER = 'ROCm';
export const REPO = 'ATOM';

/** The fixture repository as `git archive --format=tar.gz` gives it, under GitHub's top folder `ATOM-<sha>/`. */
export function repositoryArchive() {
  const dir = mkdtempSync(join(tmpdir(), 'atom-review-archive-'));
  try {
    cpSync(`${FIXTURE}.repo`, dir, { recursive: true });
    const git = (...args) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args],
      { cwd: dir, env: { ...process.env, GIT_COMMITTER_DATE: '2025-06-01T12:00:00Z', GIT_AUTHOR_DATE: '2025-06-01T12:00:00Z' } });
    git('init', '-q');
    git('add', '.');
    git('commit', '-q', '-m', 'fixture');
    const sha = git('rev-parse', 'HEAD').toString().trim();
    return git('archive', '--format=tar.gz', `--prefix=${REPO}-${sha}/`, 'HEAD');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const shaOf = (tag, number) => `${tag}${String(number).padStart(40 - tag.length, '0')}`;

/**
 * Adds pull request `number` of ROCm/ATOM renaming `old_fn`, on base branch `baseRef` at
 * `baseSha`, with its conversation page (which names the base branch) and its head file on the
 * raw host. → the pr.
 */
export function addRenamePullRequest(github, number, { baseRef = 'main', baseSha = shaOf('ba5e', number) } = {}) {
  const headSha = shaOf('feed', number);
  const pr = { owner: OWNER, repo: REPO, number, title: `Rename old_fn (${number})`, author: 'example-dev', headSha, baseSha };
  const headFiles = { 'pkg/ops.py': REPOSITORY_FILES()['pkg/ops.py'] };
  github.addPullRequest({ ...pr, diffBytes: RENAME_DIFF(), headFiles });
  serveConversation(github, pr, { baseRef, commits: [{ sha: headSha, message: 'rename' }] });
  return pr;
}

/** Sets the snapshot policy of ROCm/ATOM ('never' | 'ask' | 'always') from a page of the extension or its worker. */
export const setPolicy = (evaluate, policy) => evaluate((value) => chrome.storage.sync.set({
  'atomReview.snapshotPolicies': value === 'ask' ? {} : { 'ROCm/ATOM': value },
}), policy);

/** The panel's repository line: {state, text, offer (the button's label or null)}, or null. */
export function readRepositoryLine(page) {
  return page.evaluate(() => {
    const line = document.querySelector('[data-atom-review="repository-read"]');
    if (!line) return null;
    const button = line.querySelector('[data-atom-review="repository-check"]');
    return { state: line.dataset.state, text: line.firstElementChild.textContent, offer: button ? button.textContent : null };
  });
}

/**
 * Waits until the panel's repository line is in `state` (and, when given, its text matches `text`).
 * Polls with evaluate, which Playwright's and Puppeteer's pages share.
 */
export async function waitForRepositoryLine(page, state, text = null, { timeoutMs = 60000 } = {}) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const line = await readRepositoryLine(page);
    if (line?.state === state && (!text || text.test(line.text))) return line;
    if (Date.now() > until) throw new Error(`the repository line is ${JSON.stringify(line)}, not ${state} ${text ?? ''}`);
    await new Promise((resolve) => { setTimeout(resolve, 100); });
  }
}

/** Waits until `count()` (async) is true. */
export async function waitUntil(check, what, { timeoutMs = 30000 } = {}) {
  const until = Date.now() + timeoutMs;
  while (!await check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => { setTimeout(resolve, 50); });
  }
}

/** The B5r findings the page shows: ['path:line:side']. */
export const renameFindings = (page) => page.evaluate(() => Array.from(
  document.querySelectorAll('[data-atom-review="finding"][data-rule="B5r"]'),
  (element) => `${element.dataset.path}:${element.dataset.line}:${element.dataset.side}`,
));

export const RENAME_FINDING = 'pkg/ops.py:4:old';
const hasRenameFinding = (page) => renameFindings(page).then((found) => found.length > 0);

async function openFiles(newPage, pr) {
  const page = await newPage();
  await page.goto(`https://github.com/${pr.owner}/${pr.repo}/pull/${pr.number}/files`);
  return page;
}

/**
 * Policy "ask" (set beforehand): pull request `number` is drawn from its touched files with the
 * offer and nothing downloaded; the offer taken, the archive downloads once with its progress in
 * bytes, the panel names the snapshot and the B5r finding joins. → {page, pr, requests} (the
 * archive requests).
 */
export async function assertAskedThenDownloadedOnce({ newPage, github, archive, number }) {
  const pr = addRenamePullRequest(github, number);
  github.addArchive({ owner: OWNER, repo: REPO, sha: pr.baseSha, bytes: archive, pauseMs: 1500 });
  const page = await openFiles(newPage, pr);
  const asked = await waitForRepositoryLine(page, 'touched-files');
  assert.equal(asked.text, 'Read the touched files only');
  assert.equal(asked.offer, 'Check against the whole repository', 'no size is known before the first download');
  assert.deepEqual(await renameFindings(page), [], 'the touched files alone do not show the rename\'s users');
  assert.equal(github.archiveRequests({ owner: OWNER, repo: REPO }).length, 0, 'nothing downloaded before the user asks');

  await page.click('[data-atom-review="repository-check"]');
  await waitForRepositoryLine(page, 'running');
  await waitUntil(() => page.evaluate(() => / of /.test(document.querySelector('[data-atom-review="repository-progress-text"]')?.textContent ?? '')),
    'the download\'s progress in bytes');
  const read = await waitForRepositoryLine(page, 'read');
  assert.match(read.text, new RegExp(`^Checked against the whole repository: main @ ${pr.baseSha.slice(0, 7)}, \\d+ d old, 6 files$`));
  await waitUntil(() => hasRenameFinding(page), 'the B5r finding');
  assert.deepEqual(await renameFindings(page), [RENAME_FINDING]);
  const marker = await page.evaluate(() => document.querySelector('[data-atom-review="finding"][data-rule="B5r"]').textContent);
  assert.match(marker, /old_fn.{0,3} is no longer defined in .{0,3}pkg\.ops/);
  const requests = github.archiveRequests({ owner: OWNER, repo: REPO });
  assert.equal(requests.filter(({ host }) => host === 'codeload.github.com').length, 1, 'one download');
  return { page, pr, requests };
}

/** Another pull request on main: checked against the kept snapshot at once, nothing downloaded. */
export async function assertSecondPullRequestDownloadsNothing({ newPage, github, number }) {
  const before = github.archiveRequests({ owner: OWNER, repo: REPO }).length;
  const pr = addRenamePullRequest(github, number);
  const page = await openFiles(newPage, pr);
  const read = await waitForRepositoryLine(page, 'read');
  assert.match(read.text, /^Checked against the whole repository: main @ [0-9a-f]{7}, .*6 files$/);
  await waitUntil(() => hasRenameFinding(page), 'the B5r finding');
  assert.deepEqual(await renameFindings(page), [RENAME_FINDING]);
  assert.equal(github.archiveRequests({ owner: OWNER, repo: REPO }).length, before, 'no archive request');
  await page.close();
}
