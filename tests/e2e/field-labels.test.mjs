// End to end in Chromium: a reviewer's verdict on a finding is kept per pull request and head
// commit, counted in the panel, exported on their click with what reproduces the finding, and
// imported by scripts/import-labels as a label the built engine gives again
// (support/field-labels-flow.mjs; firefox.test.mjs runs the same in Firefox).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchWithExtension } from './support/browser.mjs';
import { serveConversation } from './support/conversation-pages.mjs';
import { startFakeGitHub } from './support/fake-github.mjs';
import { assertVerdictExportedAndImported, storedVerdicts, waitForVerdicts } from './support/field-labels-flow.mjs';
import { pullUrl, waitUntil } from './support/review-page.mjs';
import { DEMO_PR, backgroundMeta, demoDiff, demoHeadFiles } from './support/pull-requests.mjs';
import { referenceReview } from './support/reference-review.mjs';

const PR = { ...DEMO_PR, number: 7300, headSha: `fa11${'0'.repeat(35)}1`, baseSha: 'ba5e000000000000000000000000000000000000' };
// A performance claim with no number: P1's finding is about the whole PR, drawn in the panel.
const CLAIM_PR = { ...PR, number: 7301, headSha: `fa12${'0'.repeat(35)}1`, title: 'Optimize fused MoE dispatch',
  description: 'Makes the MoE dispatch faster by fusing the two launches.', baseRef: 'main' };
const KEYS_PR = { ...PR, number: 7302, headSha: `fa13${'0'.repeat(35)}1` };

let github;
let browser;

before(async () => {
  github = await startFakeGitHub();
  browser = await launchWithExtension({ port: github.port });
  for (const pr of [PR, CLAIM_PR, KEYS_PR]) github.addPullRequest({ ...pr, headFiles: demoHeadFiles(), diffBytes: demoDiff() });
  // Its conversation page gives the description P1 reads.
  serveConversation(github, CLAIM_PR, { description: CLAIM_PR.description, baseRef: CLAIM_PR.baseRef,
    commits: [{ sha: CLAIM_PR.headSha, message: 'Fuse the MoE launches' }] });
});
after(async () => {
  await browser?.close();
  await github?.close();
});

test('a verdict is kept, counted and exported with what reproduces the finding; the export imports as a label', async () => {
  const { result: reference } = await referenceReview(demoDiff(), backgroundMeta(PR), { headFiles: demoHeadFiles() });
  await assertVerdictExportedAndImported(browser, github, PR, reference);
});

test('a verdict on a finding about the whole PR (in the panel) exports and imports the same way', async () => {
  const meta = { ...backgroundMeta(CLAIM_PR), body: CLAIM_PR.description };
  const { result: reference } = await referenceReview(demoDiff(), meta, { headFiles: demoHeadFiles() });
  const claim = reference.findings.find((finding) => finding.rule === 'P1');
  assert.ok(claim && claim.line === null && claim.path === null, 'P1 judges the PR as a whole');
  await assertVerdictExportedAndImported(browser, github, CLAIM_PR, reference, claim);
});

test('on a finding, 1 / 2 / 3 give its verdict and the same key again takes it back; in the reason field they are typed', async () => {
  const page = await browser.newPage();
  await page.goto(pullUrl(KEYS_PR, 'files'));
  const marker = 'tr [data-atom-review="finding"] [data-atom-review="finding-marker"]';
  await waitUntil(page, (selector) => Boolean(document.querySelector(selector)), marker,
    { timeout: 60000, what: 'a finding on a line', loading: true });
  await page.keyboard.press('Alt+j');
  const focused = await page.evaluate(() => {
    const finding = document.activeElement?.closest('[data-atom-review="finding"]');
    return finding && { rule: finding.dataset.rule, line: Number(finding.dataset.line) };
  });
  assert.ok(focused, 'Alt+J puts the focus on a finding');
  const judged = async () => (await storedVerdicts(browser, KEYS_PR)).map(({ rule, line, verdict, why }) => ({ rule, line, verdict, why }));
  const waitForJudged = async (expected) => {
    for (let waited = 0; JSON.stringify(await judged()) !== JSON.stringify(expected); waited += 100) {
      if (waited > 10000) assert.deepEqual(await judged(), expected);
      await new Promise((resolve) => { setTimeout(resolve, 100); });
    }
  };
  await page.keyboard.press('3');
  await waitForJudged([{ ...focused, verdict: 'FP', why: '' }]);
  await page.keyboard.press('1');
  await waitForJudged([{ ...focused, verdict: 'TP', why: '' }]);
  // The verdict is stored before the finding redraws: wait until TP, and only TP, shows as pressed.
  await waitUntil(page, () => Array.from(document.activeElement.closest('[data-atom-review="finding"]')
    ?.querySelectorAll('[data-atom-review="verdict-button"][aria-pressed="true"]') ?? [],
  (button) => button.dataset.verdict).join() === 'TP', undefined, { what: 'TP, and only TP, pressed on the focused finding' });
  await page.keyboard.press('1'); // the same verdict again: taken back
  await waitForVerdicts(browser, KEYS_PR, 0);

  // Two presses at once: the second reads the verdict the first gave, not the finding as last drawn,
  // so it takes it back. Another finding's verdict, saved after both (one queue per pull request), shows it.
  await page.evaluate(() => {
    for (let press = 0; press < 2; press += 1) {
      document.activeElement.dispatchEvent(new KeyboardEvent('keydown', { key: '2', code: 'Digit2', bubbles: true, cancelable: true }));
    }
  });
  await page.keyboard.press('Alt+j');
  const next = await page.evaluate(() => {
    const finding = document.activeElement?.closest('[data-atom-review="finding"]');
    return finding && { rule: finding.dataset.rule, line: Number(finding.dataset.line) };
  });
  assert.notDeepEqual(next, focused, 'the demo has a second finding on a line');
  await page.keyboard.press('3');
  await waitForJudged([{ ...next, verdict: 'FP', why: '' }]);
  await page.keyboard.press('3');
  await waitForVerdicts(browser, KEYS_PR, 0);
  await page.keyboard.press('Alt+k');

  await page.keyboard.press('Enter'); // opens the focused finding's details
  const reason = await page.evaluateHandle(() => document.activeElement.closest('[data-atom-review="finding"]')
    .querySelector('[data-atom-review="dismiss-reason"]'));
  await reason.focus();
  await page.keyboard.press('2');
  assert.equal(await reason.evaluate((input) => input.value), '2', 'typed, not a verdict');
  await new Promise((resolve) => { setTimeout(resolve, 500); });
  assert.deepEqual(await judged(), []);
  await page.close();
});
