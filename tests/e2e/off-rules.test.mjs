// End to end in Chromium: the options' switch "Run the rules measured off too" makes the files
// page show those rules' findings, as notes that say what their labels made of them, with a panel
// line saying why they are there; a verdict on one exports and imports as a label like any other.
// Switched off again, the page is back to the measured statuses. An open page follows the switch
// without a reload (support/off-rules-flow.mjs; firefox.test.mjs runs the same in Firefox).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { launchWithExtension } from './support/browser.mjs';
import { startFakeGitHub } from './support/fake-github.mjs';
import { assertVerdictExportedAndImported } from './support/field-labels-flow.mjs';
import { assertOffRulesFollowTheSwitch, switchOffRules } from './support/off-rules-flow.mjs';
import { untilItDraws } from './support/options-page.mjs';
import { REPO_ROOT } from './support/paths.mjs';
import { labelsToStable } from '../../scripts/lib/precision/measure.mjs';
import { DEMO_PR, backgroundMeta, demoDiff, demoHeadFiles } from './support/pull-requests.mjs';
import { referenceReview } from './support/reference-review.mjs';

const commit = (marker) => `${marker}${'0'.repeat(40 - marker.length)}`;
const SHOWN_PR = { ...DEMO_PR, number: 7310, headSha: commit('0ff1'), baseSha: commit('ba5e') };
const LABELLED_PR = { ...DEMO_PR, number: 7311, headSha: commit('0ff2'), baseSha: commit('ba5e') };

let github;
let browser;

before(async () => {
  github = await startFakeGitHub();
  browser = await launchWithExtension({ port: github.port });
  for (const pr of [SHOWN_PR, LABELLED_PR]) github.addPullRequest({ ...pr, headFiles: demoHeadFiles(), diffBytes: demoDiff() });
});
after(async () => {
  await browser?.close();
  await github?.close();
});

const reviewOf = (pr, meta = {}) => referenceReview(demoDiff(), { ...backgroundMeta(pr), ...meta }, { headFiles: demoHeadFiles() })
  .then(({ result }) => result);

test('the rules measured off run when the options ask for it, as notes saying so, and stop when switched off', async () => {
  await assertOffRulesFollowTheSwitch(browser, SHOWN_PR,
    { measured: await reviewOf(SHOWN_PR), everyRule: await reviewOf(SHOWN_PR, { all_rules: true }) });
});

test('a verdict on a finding of a rule measured off exports and imports as a label', async () => {
  await switchOffRules(browser, true);
  try {
    const everyRule = await reviewOf(LABELLED_PR, { all_rules: true });
    const first = everyRule.findings.find((finding) => finding.line !== null);
    assert.equal(everyRule.rules[first.rule]?.status, 'off', 'the flow judges the first finding on a line: here an off rule\'s');
    await assertVerdictExportedAndImported(browser, github, LABELLED_PR, everyRule);
  } finally {
    await switchOffRules(browser, false);
  }
});

test('the options page says where each rule stands and how many findings worth raising would move it', async () => {
  const measured = JSON.parse(readFileSync(join(REPO_ROOT, 'core/rules/rule_status.json'), 'utf8')).rules;
  const options = await browser.openExtensionPage('options.html');
  await options.waitForSelector('[data-options="rule-standings"]', { timeout: 15000 });
  await untilItDraws(options);
  await options.click('[data-options="rule-standings"] summary');
  const standing = (rule) => options.$eval(`[data-options="rule-standing"][data-rule="${rule}"]`,
    (row) => Array.from(row.cells, (cell) => cell.textContent));
  const preview = Object.entries(measured).find(([, entry]) => entry.status === 'preview' && entry.labels > 0);
  assert.ok(preview, 'a measured preview rule');
  const [rule, entry] = preview;
  assert.deepEqual(await standing(rule), [rule, `preview, ${Math.round(entry.precision * 100)}% on ${entry.labels} label${entry.labels === 1 ? '' : 's'}`,
    `stable after ${labelsToStable({ ...entry, rule })} more worth raising in a row`]);
  const off = Object.entries(measured).find(([, candidate]) => candidate.status === 'off');
  if (off) {
    const [id, now, next] = await standing(off[0]);
    assert.equal(id, off[0]);
    assert.match(now, /^off, \d+% on \d+ labels?$/);
    assert.match(next, /^back to preview after \d+ more worth raising in a row$/);
  }
  const order = await options.$$eval('[data-options="rule-standing"]', (all) => all.map((element) => element.dataset.rule));
  assert.equal(order.length, Object.keys(measured).length, 'every rule');
  await options.close();
});
