// End to end in Chromium: a reviewer's verdict on a finding is kept per pull request and head
// commit, counted in the panel, exported on their click with what reproduces the finding, and
// imported by scripts/import-labels as a label the built engine gives again
// (support/field-labels-flow.mjs; firefox.test.mjs runs the same in Firefox).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchWithExtension } from './support/browser.mjs';
import { serveConversation } from './support/conversation-pages.mjs';
import { startFakeGitHub } from './support/fake-github.mjs';
import { assertVerdictExportedAndImported } from './support/field-labels-flow.mjs';
import { DEMO_PR, backgroundMeta, demoDiff, demoHeadFiles } from './support/pull-requests.mjs';
import { referenceReview } from './support/reference-review.mjs';

const PR = { ...DEMO_PR, number: 7300, headSha: `fa11${'0'.repeat(35)}1`, baseSha: 'ba5e000000000000000000000000000000000000' };
// A performance claim with no number: P1's finding is about the whole PR, drawn in the panel.
const CLAIM_PR = { ...PR, number: 7301, headSha: `fa12${'0'.repeat(35)}1`, title: 'Optimize fused MoE dispatch',
  description: 'Makes the MoE dispatch faster by fusing the two launches.', baseRef: 'main' };

let github;
let browser;

before(async () => {
  github = await startFakeGitHub();
  browser = await launchWithExtension({ port: github.port });
  for (const pr of [PR, CLAIM_PR]) github.addPullRequest({ ...pr, headFiles: demoHeadFiles(), diffBytes: demoDiff() });
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
