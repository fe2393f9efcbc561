// The repository snapshot flow's fixtures and steps, shared by the Chromium and Firefox suites: a
// pull request of ROCm/ATOM that renames `old_fn` (tests/rules/B5r/fires_renamed_function), the
// repository as GitHub's archive serves it (a real .tar.gz made by `git archive`), and the panel's
// repository line read back.
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

/** Waits until the panel's repository line is in `state` (and, when given, its text matches `text`). */
export async function waitForRepositoryLine(page, state, text = null) {
  await page.waitForFunction(([wanted, pattern]) => {
    const line = document.querySelector('[data-atom-review="repository-read"]');
    return line?.dataset.state === wanted && (!pattern || new RegExp(pattern).test(line.textContent));
  }, [state, text?.source ?? null], { timeout: 60000, polling: 100 });
  return readRepositoryLine(page);
}

/** The B5r findings the page shows: ['path:line:side']. */
export const renameFindings = (page) => page.evaluate(() => Array.from(
  document.querySelectorAll('[data-atom-review="finding"][data-rule="B5r"]'),
  (element) => `${element.dataset.path}:${element.dataset.line}:${element.dataset.side}`,
));
