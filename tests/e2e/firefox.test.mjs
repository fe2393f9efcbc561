// End to end in Firefox: the same built extension (background scripts instead of a service
// worker) puts the right tier badges, one element per finding and the panel on both files pages,
// reviewing the diff the page shows with the touched files read whole at the head commit; and the
// checks the Chromium suites make with the same helpers: the packs flow and an open page following
// pack changes in place (packs.test.mjs), the
// request audit (request-audit.test.mjs), two tabs writing at once (review-state.test.mjs), a
// verdict exported and imported as a label (field-labels.test.mjs) and the off-rules switch
// (off-rules.test.mjs), and the review checked against the whole repository: asked, downloaded
// once through the codeload redirect, a second pull request downloading nothing
// (repository-snapshot.test.mjs).
// Skipped where Firefox ESR is not installed.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startFakeGitHub } from './support/fake-github.mjs';
import { diffAnchor } from './support/fixture-pages.mjs';
import { FIREFOX, firefoxAvailable, launchFirefoxWithExtension } from './support/firefox.mjs';
import { assertVerdictExportedAndImported } from './support/field-labels-flow.mjs';
import { assertOffRulesFollowTheSwitch, switchOffRules } from './support/off-rules-flow.mjs';
import { assertImportedPackShows, assertOpenPageFollowsPacks } from './support/packs-flow.mjs';
import { DEMO_PR, FILES_TABS, backgroundMeta, demoDiff, demoHeadFiles } from './support/pull-requests.mjs';
import { referenceReview } from './support/reference-review.mjs';
import { assertForeignHostAndWriteBreakAudit, assertReviewReadsGitHubOnly } from './support/request-audit-checks.mjs';
import { assertTwoTabsKeepEveryWrite } from './support/two-tabs.mjs';
import {
  assertAskedThenDownloadedOnce, assertSecondPullRequestDownloadsNothing, repositoryArchive, setPolicy,
} from './support/repository-snapshot.mjs';

const HEAD = 'f1ef000000000000000000000000000000000001';
const skip = !firefoxAvailable() && `needs ${FIREFOX}`;
// Each its own pull request, so no check sees another's dismissals or packs.
const AUDIT_PR = { ...DEMO_PR, number: 4261 };
const TWO_TABS_PR = { ...DEMO_PR, number: 4262 };
const PACKS_PR = { ...DEMO_PR, number: 4263 };
const LIVE_PR = { ...DEMO_PR, number: 4264 };
// Its own head commit too: the export is checked to download no file again.
const VERDICTS_PR = { ...DEMO_PR, number: 4265, headSha: 'f1ef000000000000000000000000000000004265', baseSha: 'ba5e000000000000000000000000000000000000' };
const OFF_RULES_PR = { ...DEMO_PR, number: 4266 };

describe('Firefox: the extension on the fake GitHub', { skip }, () => {
  let github;
  let browser;
  let reference;
  before(async () => {
    github = await startFakeGitHub();
    for (const pr of [DEMO_PR, AUDIT_PR, TWO_TABS_PR, PACKS_PR, LIVE_PR, OFF_RULES_PR]) {
      github.addPullRequest({ ...pr, diffBytes: demoDiff(), headSha: HEAD, headFiles: demoHeadFiles() });
    }
    github.addPullRequest({ ...VERDICTS_PR, diffBytes: demoDiff(), headFiles: demoHeadFiles() });
    ({ result: reference } = await referenceReview(demoDiff(), backgroundMeta(DEMO_PR), { headFiles: demoHeadFiles() }));
    browser = await launchFirefoxWithExtension({ port: github.port });
  });
  after(async () => {
    await browser?.close();
    await github?.close();
  });

  for (const { ui, tab } of FILES_TABS) {
    test(`${ui} UI: one badge per file with the reference tier`, async () => {
      const page = await browser.newPage();
      await page.goto(`https://github.com/${DEMO_PR.owner}/${DEMO_PR.repo}/pull/${DEMO_PR.number}/${tab}`);
      await page.waitForFunction((count) => document.querySelectorAll('[data-atom-review="tier-badge"]').length >= count,
        { timeout: 30000 }, reference.files.length);
      const badges = await page.$$eval('[data-atom-review="tier-badge"]', (all) => all.map((badge) => ({
        containerId: badge.closest('[id^="diff-"]')?.id, path: badge.dataset.path, tier: badge.dataset.tier,
      })));
      const expected = reference.files.map((file) => ({ containerId: diffAnchor(file.path), path: file.path, tier: String(file.tier) }));
      const byPath = (a, b) => a.path.localeCompare(b.path);
      assert.deepEqual(badges.sort(byPath), expected.sort(byPath));

      const findingKey = ({ rule, path, line, side }) => [rule, path ?? '', line ?? '', line == null ? '' : side].join('|');
      await page.waitForFunction((count) => document.querySelectorAll('[data-atom-review="finding"]').length === count
        && document.querySelector('[data-atom-review="panel"]'), { timeout: 30000 }, reference.findings.length);
      const shown = await page.$$eval('[data-atom-review="finding"]', (all) => all.map(({ dataset }) => ({
        rule: dataset.rule, path: dataset.path, line: dataset.line ? Number(dataset.line) : null, side: dataset.side,
      })));
      assert.deepEqual(shown.map(findingKey).sort(), reference.findings.map(findingKey).sort());
      assert.equal(await page.$eval('[data-atom-review="panel"]', (panel) => panel.dataset.verdict), reference.verdict);
      // The whole diff is on the page: reviewed from there, never downloaded.
      assert.equal(await page.$eval('[data-atom-review="review-source"]', (line) => line.dataset.source), 'page-rendered');
      assert.equal(github.requests.filter((r) => r.path.endsWith('.diff')).length, 0);
      assert.equal(await page.$eval('[data-atom-review="review-files"]', (line) => line.dataset.source), 'whole');
      await page.close();
    });
  }

  test('a repository outside every scope: nothing drawn, no request beyond the page', async () => {
    const outside = { owner: 'octo', repo: 'demo', number: 7, title: 'An unrelated repository', author: 'example-dev' };
    github.addPullRequest({ ...outside, diffBytes: demoDiff(), headSha: HEAD, headFiles: demoHeadFiles() });
    const from = github.requests.length;
    const page = await browser.newPage();
    const path = `/${outside.owner}/${outside.repo}/pull/${outside.number}/files`;
    await page.goto(`https://github.com${path}`);
    await new Promise((resolve) => { setTimeout(resolve, 3000); });
    assert.equal(await page.$$eval('[data-atom-review]', (all) => all.length), 0);
    assert.deepEqual(github.requests.slice(from).filter((r) => r.path !== path && r.path !== '/favicon.ico'), []);
    await page.close();
  });

  test('request audit: a review\'s requests, the background\'s too, go to GitHub\'s hosts and only read',
    () => assertReviewReadsGitHubOnly(browser, github, AUDIT_PR));

  test('request audit: a request to another host or a write to github.com breaks it',
    () => assertForeignHostAndWriteBreakAudit(browser, github));

  test('the whole repository: asked, downloaded once with progress, the cross-file finding; a second pull request downloads nothing',
    async () => {
      // B5r is measured off (core/rules/rule_status.json): the reviewer's switch runs it, as a note.
      await switchOffRules(browser, true);
      const options = await browser.openExtensionPage('options.html');
      await setPolicy((fn, arg) => options.evaluate(fn, arg), 'ask');
      await options.close();
      const { page } = await assertAskedThenDownloadedOnce({ newPage: browser.newPage, github, archive: repositoryArchive(), number: 4267 });
      await page.close();
      await assertSecondPullRequestDownloadsNothing({ newPage: browser.newPage, github, number: 4268 });
      await switchOffRules(browser, false);
    });

  test('two tabs on one pull request: every dismissal and tick made at the same time in either is kept and shown in both',
    () => assertTwoTabsKeepEveryWrite(browser, TWO_TABS_PR, reference));

  test('an imported pack chosen for the repository: its custom rule fires, the rule it turns off does not',
    () => assertImportedPackShows(browser, PACKS_PR));

  test('a verdict is kept, counted and exported with what reproduces the finding; the export imports as a label',
    () => assertVerdictExportedAndImported(browser, github, VERDICTS_PR, reference));

  test('an open files page follows the options page in place: an override, an import, the choice, a pack switched off',
    () => assertOpenPageFollowsPacks(browser, LIVE_PR));

  test('the off-rules switch: an open files page shows the off rules\' findings as notes while it is on, and not after',
    async () => {
      const meta = backgroundMeta(OFF_RULES_PR);
      const review = (extra) => referenceReview(demoDiff(), { ...meta, ...extra }, { headFiles: demoHeadFiles() }).then(({ result }) => result);
      await assertOffRulesFollowTheSwitch(browser, OFF_RULES_PR, { measured: await review({}), everyRule: await review({ all_rules: true }) });
    });
});
