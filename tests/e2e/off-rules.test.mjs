// End to end in Chromium: the options' switch "Run the rules measured off too" makes the files
// page show those rules' findings, as notes that say what their labels made of them, with a panel
// line saying why they are there; a verdict on one exports and imports as a label like any other.
// Switched off again, the page is back to the measured statuses. An open page follows the switch
// without a reload.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { launchWithExtension } from './support/browser.mjs';
import { startFakeGitHub } from './support/fake-github.mjs';
import { assertVerdictExportedAndImported } from './support/field-labels-flow.mjs';
import { untilItDraws } from './support/options-page.mjs';
import { REPO_ROOT } from './support/paths.mjs';
import { labelsToStable } from '../../scripts/lib/precision/measure.mjs';
import { DEMO_PR, backgroundMeta, demoDiff, demoHeadFiles } from './support/pull-requests.mjs';
import { referenceReview } from './support/reference-review.mjs';
import { findingSelector, pullUrl, waitUntil } from './support/review-page.mjs';

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

const syncItems = () => browser.serviceWorker.evaluate(() => chrome.storage.sync.get(null));
const reviewOf = (pr, meta = {}) => referenceReview(demoDiff(), { ...backgroundMeta(pr), ...meta }, { headFiles: demoHeadFiles() })
  .then(({ result }) => result);
const key = (finding) => `${finding.rule} ${finding.path}:${finding.line}`;

async function switchOffRules(on) {
  const options = await browser.openExtensionPage('options.html');
  await options.waitForSelector('[data-options="off-rules-switch"]', { timeout: 15000 });
  await untilItDraws(options);
  assert.equal(await options.isChecked('[data-options="off-rules-switch"]'), !on);
  await options.click('[data-options="off-rules-switch"]');
  for (let waited = 0; (await syncItems())['atomReview.offRules'] !== on; waited += 100) {
    if (waited > 10000) throw new Error(`the switch never stored ${on}`);
    await new Promise((resolve) => { setTimeout(resolve, 100); });
  }
  await options.close();
}

// The findings drawn once the files were read whole: [{rule, path, line}] keys, sorted.
async function drawnFindings(page, expected) {
  await waitUntil(page, (count) => document.querySelectorAll('tr [data-atom-review="finding"]').length === count
    && Boolean(document.querySelector('[data-atom-review="review-files"][data-source="whole"]')), expected.length,
  { timeout: 60000, what: `${expected.length} findings, files read whole`, loading: true });
  return page.$$eval('tr [data-atom-review="finding"]', (all) => all.map((element) =>
    `${element.dataset.rule} ${element.dataset.path}:${element.dataset.line}`).sort());
}

test('the rules measured off run when the options ask for it, as notes saying so, and stop when switched off', async () => {
  const measured = await reviewOf(SHOWN_PR);
  const everyRule = await reviewOf(SHOWN_PR, { all_rules: true });
  const offRuleFinding = everyRule.findings.find((finding) => finding.line !== null && everyRule.rules[finding.rule]?.status === 'off');
  assert.ok(offRuleFinding, 'the demo has a finding of a rule measured off');
  assert.ok(!measured.findings.some((finding) => key(finding) === key(offRuleFinding)));

  const page = await browser.newPage();
  await page.goto(pullUrl(SHOWN_PR, 'files'));
  assert.deepEqual(await drawnFindings(page, measured.findings.filter((f) => f.line !== null)),
    measured.findings.filter((f) => f.line !== null).map(key).sort());
  assert.equal(await page.$('[data-atom-review="rules-run"]'), null);

  await switchOffRules(true); // the open page is reviewed again, in place
  const lined = everyRule.findings.filter((f) => f.line !== null);
  assert.deepEqual(await drawnFindings(page, lined), lined.map(key).sort());
  assert.match(await page.$eval('[data-atom-review="rules-run"]', (element) => element.textContent), /rules measured off ran too, as notes/);
  const shown = `tr ${findingSelector(offRuleFinding)}`;
  assert.equal(await page.$eval(shown, (element) => element.dataset.severity), 'note');
  await page.click(`${shown} [data-atom-review="finding-marker"]`);
  assert.match(await page.$eval(`${shown} .atom-review-track-record`, (element) => element.textContent),
    new RegExp(`hand-labelled ${offRuleFinding.rule} findings were worth raising .*: a rule that is off unless asked for`));

  await switchOffRules(false);
  assert.deepEqual(await drawnFindings(page, measured.findings.filter((f) => f.line !== null)),
    measured.findings.filter((f) => f.line !== null).map(key).sort());
  assert.equal(await page.$('[data-atom-review="rules-run"]'), null);
  await page.close();
});

test('a verdict on a finding of a rule measured off exports and imports as a label', async () => {
  await switchOffRules(true);
  try {
    const everyRule = await reviewOf(LABELLED_PR, { all_rules: true });
    const first = everyRule.findings.find((finding) => finding.line !== null);
    assert.equal(everyRule.rules[first.rule]?.status, 'off', 'the flow judges the first finding on a line: here an off rule\'s');
    await assertVerdictExportedAndImported(browser, github, LABELLED_PR, everyRule);
  } finally {
    await switchOffRules(false);
  }
});

test('the options page says where each rule stands and how many findings worth raising would move it', async () => {
  const measured = JSON.parse(readFileSync(join(REPO_ROOT, 'core/rules/rule_status.json'), 'utf8')).rules;
  const options = await browser.openExtensionPage('options.html');
  await options.waitForSelector('[data-options="rule-standings"]', { timeout: 15000 });
  await untilItDraws(options);
  await options.click('[data-options="rule-standings"] summary');
  const standing = (rule) => options.$eval(`[data-options="rule-standing"][data-rule="${rule}"]`, (element) => element.textContent);
  const preview = Object.entries(measured).find(([, entry]) => entry.status === 'preview' && entry.labels > 0);
  assert.ok(preview, 'a measured preview rule');
  const [rule, entry] = preview;
  assert.equal(await standing(rule), `${rule} preview, ${Math.round(entry.precision * 100)}% on ${entry.labels} labels: `
    + `stable after ${labelsToStable({ ...entry, rule })} more worth raising in a row`);
  const off = Object.entries(measured).find(([, candidate]) => candidate.status === 'off');
  if (off) assert.match(await standing(off[0]), /^\S+ off, \d+% on \d+ labels: back to preview after \d+ more worth raising in a row$/);
  const order = await options.$$eval('[data-options="rule-standing"]', (all) => all.map((element) => element.dataset.rule));
  assert.equal(order.length, Object.keys(measured).length, 'every rule');
  await options.close();
});
