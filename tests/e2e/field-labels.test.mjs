// End to end in Chromium: a reviewer's verdict on a finding is kept per pull request and head
// commit, counted in the panel, exported on their click with what reproduces the finding, and
// imported by scripts/import-labels as a label the built engine gives again
// (support/field-labels-flow.mjs; firefox.test.mjs runs the same in Firefox).
import { after, before, test } from 'node:test';
import { launchWithExtension } from './support/browser.mjs';
import { startFakeGitHub } from './support/fake-github.mjs';
import { assertVerdictExportedAndImported } from './support/field-labels-flow.mjs';
import { DEMO_PR, backgroundMeta, demoDiff, demoHeadFiles } from './support/pull-requests.mjs';
import { referenceReview } from './support/reference-review.mjs';

const PR = { ...DEMO_PR, number: 7300, headSha: `fa11${'0'.repeat(35)}1`, baseSha: 'ba5e000000000000000000000000000000000000' };

let github;
let browser;

before(async () => {
  github = await startFakeGitHub();
  browser = await launchWithExtension({ port: github.port });
  github.addPullRequest({ ...PR, headFiles: demoHeadFiles(), diffBytes: demoDiff() });
});
after(async () => {
  await browser?.close();
  await github?.close();
});

test('a verdict is kept, counted and exported with what reproduces the finding; the export imports as a label', async () => {
  const { result: reference } = await referenceReview(demoDiff(), backgroundMeta(PR), { headFiles: demoHeadFiles() });
  await assertVerdictExportedAndImported(browser, github, PR, reference);
});
