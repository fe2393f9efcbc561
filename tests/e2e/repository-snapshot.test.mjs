// End to end: the review checked against the whole repository (issue 40). GitHub's archive
// (`/OWNER/REPO/archive/<sha>.tar.gz` on github.com, redirected to codeload.github.com, both the
// fake GitHub) serves a real `git archive` of tests/rules/B5r/fires_renamed_function.repo. The
// touched-files review is drawn first; the repository's replaces it, with the cross-file finding;
// a second pull request on the same base branch downloads nothing; failures and "never" keep the
// touched-files review and say why; the session cookie goes to github.com only.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { launchWithExtension } from './support/browser.mjs';
import { switchOffRules } from './support/off-rules-flow.mjs';
import { CODELOAD_HOST, startFakeGitHub } from './support/fake-github.mjs';
import {
  OWNER, REPO, addRenamePullRequest, assertAskedThenDownloadedOnce, assertSecondPullRequestDownloadsNothing, renameFindings,
  repositoryArchive, setPolicy, shaOf, waitForRepositoryLine,
} from './support/repository-snapshot.mjs';

let github;
let browser;
let archive;
const setPolicyTo = (policy) => setPolicy((fn, arg) => browser.serviceWorker.evaluate(fn, arg), policy);

before(async () => {
  archive = repositoryArchive();
  github = await startFakeGitHub();
  browser = await launchWithExtension({ port: github.port });
  // B5r is measured off (core/rules/rule_status.json): the reviewer's switch runs it, as a note.
  await switchOffRules(browser, true);
  await browser.context.addCookies([{ name: 'user_session', value: 'secret', domain: 'github.com', path: '/', secure: true, sameSite: 'None' }]);
});
after(async () => {
  await browser?.close();
  await github?.close();
});

async function openFiles(pr) {
  const page = await browser.newPage();
  await page.goto(`https://github.com/${pr.owner}/${pr.repo}/pull/${pr.number}/files`);
  return page;
}

describe('the whole repository', () => {
  test('ask: nothing is downloaded until the button; then one download with progress, the snapshot named, the cross-file finding shown', async () => {
    await setPolicyTo('ask');
    const { page, requests } = await assertAskedThenDownloadedOnce({ newPage: browser.newPage, github, archive, number: 8101 });
    // The browser hides a redirect's Location from a 'manual' fetch: github.com is asked again with the
    // redirect followed (background/snapshot-fetch.js), and codeload serves the one download.
    assert.ok(requests.every(({ host }) => host === CODELOAD_HOST || host === 'github.com'));
    assert.ok(requests.filter(({ host }) => host === 'github.com').length <= 2);
    for (const { host, cookie } of requests) {
      if (host === 'github.com') assert.match(cookie ?? '', /user_session=secret/, 'github.com gets the session');
      else assert.equal(cookie, null, `${host} gets no cookie`);
    }
    await page.close();
  });

  test('a second pull request on the same base branch downloads nothing and is checked at once', async () => {
    await assertSecondPullRequestDownloadsNothing({ newPage: browser.newPage, github, number: 8102 });
  });

  for (const { failure, reason } of [
    { failure: 'missing', reason: /^Read the touched files only: download failed: HTTP 404$/ },
    { failure: 'truncated', reason: /^Read the touched files only: download failed: the archive is cut short or corrupt after entry .*truncated/ },
    { failure: 'oversized', reason: /^Read the touched files only: too large: the archive is 200 MiB, more than 128 MiB$/ },
  ]) {
    test(`always: a ${failure} archive keeps the touched-files review and says why`, async () => {
      await setPolicyTo('always');
      const number = 8110 + ['missing', 'truncated', 'oversized'].indexOf(failure);
      const pr = addRenamePullRequest(github, number, { baseRef: `release-${failure}` });
      github.addArchive({ owner: OWNER, repo: REPO, sha: pr.baseSha, bytes: archive, failure });
      const page = await openFiles(pr);
      const line = await waitForRepositoryLine(page, 'touched-files', /: /);
      assert.match(line.text, reason);
      assert.equal(line.offer, 'Check against the whole repository', 'it may be tried again');
      assert.deepEqual(await renameFindings(page), []);
      assert.ok(await page.$('[data-atom-review="panel"][data-verdict]'), 'the touched-files review stands');
      const asked = github.archiveRequests({ owner: OWNER, repo: REPO, sha: pr.baseSha });
      assert.equal(asked.filter(({ host }) => host === CODELOAD_HOST).length, 1, 'asked once, not retried');
      await page.close();
    });
  }

  test('cancel stops the download; the touched-files review says so', async () => {
    await setPolicyTo('ask');
    const pr = addRenamePullRequest(github, 8120, { baseRef: 'release-stall' });
    github.addArchive({ owner: OWNER, repo: REPO, sha: pr.baseSha, bytes: archive, failure: 'stall' });
    const page = await openFiles(pr);
    await waitForRepositoryLine(page, 'touched-files');
    await page.click('[data-atom-review="repository-check"]');
    await waitForRepositoryLine(page, 'running');
    await page.click('[data-atom-review="repository-cancel"]');
    const line = await waitForRepositoryLine(page, 'touched-files', /cancelled/);
    assert.equal(line.text, 'Read the touched files only: cancelled');
    await page.close();
  });

  test('never: nothing is downloaded and the panel says why', async () => {
    await setPolicyTo('never');
    const pr = addRenamePullRequest(github, 8130, { baseRef: 'release-never' });
    github.addArchive({ owner: OWNER, repo: REPO, sha: pr.baseSha, bytes: archive });
    const page = await openFiles(pr);
    const line = await waitForRepositoryLine(page, 'touched-files', /never/);
    assert.equal(line.text, 'Read the touched files only: not allowed: "never" for this repository on the options page');
    assert.equal(line.offer, null);
    await page.waitForTimeout(500);
    assert.equal(github.archiveRequests({ owner: OWNER, repo: REPO, sha: pr.baseSha }).length, 0);
    assert.equal(github.archiveRequests({ owner: OWNER, repo: REPO, sha: shaOf('feed', 8130) }).length, 0);
    await page.close();
  });
});
