// The options' "Run the rules measured off too" switch, end to end, for Chromium (off-rules.test.mjs)
// and Firefox (firefox.test.mjs): only page calls Playwright and Puppeteer share.
import assert from 'node:assert/strict';
import { untilItDraws } from './options-page.mjs';
import { findingSelector, pullUrl, waitUntil } from './review-page.mjs';

const SWITCH = '[data-options="off-rules-switch"]';
const key = (finding) => `${finding.rule} ${finding.path}:${finding.line}`;
const lined = (result) => result.findings.filter((finding) => finding.line !== null);

/** Flips the switch on the options page of `session`, from `!on` to `on`, and waits until it shows `on`. */
export async function switchOffRules(session, on) {
  const options = await session.openExtensionPage('options.html');
  await options.waitForSelector(SWITCH, { timeout: 15000 });
  await untilItDraws(options);
  assert.equal(await options.$eval(SWITCH, (input) => input.checked), !on);
  await options.click(SWITCH);
  await options.close();
  // A new options page reads the switch from storage.
  const again = await session.openExtensionPage('options.html');
  await again.waitForSelector(SWITCH, { timeout: 15000 });
  await waitUntil(again, (wanted) => document.querySelector('[data-options="off-rules-switch"]')?.checked === wanted, on,
    { what: `the switch stored as ${on}` });
  await again.close();
}

// The findings drawn once the files were read whole: {rule, path, line} keys, sorted.
async function drawnFindings(page, expected) {
  await waitUntil(page, (count) => document.querySelectorAll('tr [data-atom-review="finding"]').length === count
    && Boolean(document.querySelector('[data-atom-review="review-files"][data-source="whole"]')), expected.length,
  { timeout: 60000, what: `${expected.length} findings, files read whole`, loading: true });
  return page.$$eval('tr [data-atom-review="finding"]', (all) => all.map((element) =>
    `${element.dataset.rule} ${element.dataset.path}:${element.dataset.line}`).sort());
}

/**
 * `pr`: a pull request of the fake GitHub with the demo diff and head files; `measured` and
 * `everyRule`: the engine's results for it without and with meta.all_rules. An open files page
 * shows the off rules' findings once the switch is on, as notes whose track record says so, with
 * the panel's line, and loses them once it is off, without a reload.
 */
export async function assertOffRulesFollowTheSwitch(session, pr, { measured, everyRule }) {
  const offRuleFinding = lined(everyRule).find((finding) => everyRule.rules[finding.rule]?.status === 'off');
  assert.ok(offRuleFinding, 'the demo has a finding of a rule measured off');
  assert.ok(!measured.findings.some((finding) => key(finding) === key(offRuleFinding)));

  const page = await session.newPage();
  await page.goto(pullUrl(pr, 'files'));
  assert.deepEqual(await drawnFindings(page, lined(measured)), lined(measured).map(key).sort());
  assert.equal(await page.$('[data-atom-review="rules-run"]'), null);

  await switchOffRules(session, true); // the open page is reviewed again, in place
  assert.deepEqual(await drawnFindings(page, lined(everyRule)), lined(everyRule).map(key).sort());
  assert.match(await page.$eval('[data-atom-review="rules-run"]', (element) => element.textContent), /rules measured off ran too, as notes/);
  const shown = `tr ${findingSelector(offRuleFinding)}`;
  assert.equal(await page.$eval(shown, (element) => element.dataset.severity), 'note');
  await page.click(`${shown} [data-atom-review="finding-marker"]`);
  assert.match(await page.$eval(`${shown} .atom-review-track-record`, (element) => element.textContent),
    new RegExp(`hand-labelled ${offRuleFinding.rule} findings were worth raising .*: a rule that is off unless asked for`));

  await switchOffRules(session, false);
  assert.deepEqual(await drawnFindings(page, lined(measured)), lined(measured).map(key).sort());
  assert.equal(await page.$('[data-atom-review="rules-run"]'), null);
  await page.close();
}
