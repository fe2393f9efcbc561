// End to end: packs on the options page. A pack imported from a file, chosen for the repository,
// turns a built-in rule off and adds a pattern rule: the files page then shows the pattern rule's
// finding and none of the rule turned off (support/packs-flow.mjs, run in Firefox too). A files
// page already open follows every pack change (an override, an import, the choice, a pack
// switched off) in place, without a reload. Export downloads a pack with the user's overrides
// merged in. The rule id box offers the engine's rules with their measured status. A pack with a pattern RE2 rejects shows RE2's own words at the pattern's JSON path
// and nothing is stored.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { launchWithExtension } from './support/browser.mjs';
import { startFakeGitHub } from './support/fake-github.mjs';
import { importPack, openOptions, overrideRule } from './support/options-page.mjs';
import { CUSTOM_RULE, assertImportedPackShows, assertOpenPageFollowsPacks } from './support/packs-flow.mjs';
import { CLI_PATH, REPO_ROOT } from './support/paths.mjs';
import { DEMO_PR, demoDiff } from './support/pull-requests.mjs';
import { pullUrl } from './support/review-page.mjs';

let github;
let browser;

before(async () => {
  github = await startFakeGitHub();
  browser = await launchWithExtension({ port: github.port });
  github.addPullRequest({ ...DEMO_PR, diffBytes: demoDiff() });
});
after(async () => {
  await browser?.close();
  await github?.close();
});

test('an imported pack chosen for the repository: its custom rule fires, the rule it turns off does not',
  () => assertImportedPackShows(browser, DEMO_PR));

test('an open files page follows the options page in place: an override, an import, the choice, a pack switched off',
  () => assertOpenPageFollowsPacks(browser, DEMO_PR));

test('exporting a pack downloads it as the user runs it: their overrides merged into its rules', async () => {
  const options = await openOptions(browser);
  await overrideRule(options, 'built-in:atom', 'HK4', 'off');
  await overrideRule(options, 'built-in:atom', 'D1', 'warn');
  const [download] = await Promise.all([
    options.waitForEvent('download'),
    options.click('[data-options="pack"][data-pack-id="built-in:atom"] [data-options="pack-export"]'),
  ]);
  assert.equal(download.suggestedFilename(), 'ATOM.json');
  const exported = JSON.parse(readFileSync(await download.path(), 'utf8'));
  const builtIn = JSON.parse(readFileSync(join(REPO_ROOT, 'core', 'packs', 'atom.json'), 'utf8'));
  assert.deepEqual(exported, { ...builtIn, rules: { HK4: { enabled: false }, D1: { severity: 'warn' } } });
  await overrideRule(options, 'built-in:atom', 'HK4', '');
  await overrideRule(options, 'built-in:atom', 'D1', '');
  await options.close();
});

test('the rule id box offers the engine\'s catalogue with each rule\'s measured status; an override shows its rule\'s', async () => {
  const catalogue = JSON.parse(execFileSync(CLI_PATH, ['rules', '--format', 'json']).toString());
  const options = await openOptions(browser);
  await options.waitForFunction((count) => document.querySelectorAll('#override-rule-ids option').length === count,
    catalogue.length);
  const offered = await options.$$eval('#override-rule-ids option', (all) => all.map((option) => [option.value, option.label]));
  assert.deepEqual(offered.map(([id]) => id), catalogue.map((rule) => rule.id));
  const hk3 = catalogue.find((rule) => rule.id === 'HK3');
  const measured = hk3.labels > 0 ? `${Math.round(hk3.precision * 100)}% on ${hk3.labels} labels` : 'not measured yet';
  assert.equal(new Map(offered).get('HK3'), `${hk3.summary} (${hk3.status}, ${measured})`);
  await overrideRule(options, 'built-in:atom', 'HK3', 'off');
  assert.equal(await options.$eval('[data-options="rule-override"][data-rule="HK3"] [data-options="rule-status"]',
    (span) => span.textContent), `${hk3.status}, ${measured}`);
  await overrideRule(options, 'built-in:atom', 'HK3', '');
  await options.close();
});

test('trying the imported pack on a pasted diff lists its findings as text', async () => {
  const options = await openOptions(browser);
  await options.selectOption('#try-pack-pack', 'user:e2e pack');
  await options.fill('#try-pack-diff', demoDiff().toString('utf8'));
  await options.click('[data-options="try-pack-button"]');
  const finding = await options.waitForSelector(`[data-options="try-pack-finding"][data-rule="${CUSTOM_RULE}"]`, { timeout: 30000 });
  assert.match(await finding.textContent(), /torch\.cuda\.synchronize\(\).* added in atom\/model_engine\/model_runner\.py/);
  assert.equal(await finding.$('b'), null, 'the pack\'s words are text, never HTML');
  await options.close();
});

test('a pack whose pattern RE2 rejects: RE2\'s error at the pattern\'s path, and nothing stored', async () => {
  const stored = (await browser.localItems())['atomReview.userPacks'] ?? [];
  const options = await openOptions(browser);
  const refused = await importPack(options, {
    name: 'bad pack', repos: ['octo/demo'],
    custom_rules: [{ id: 'X-bad', pattern: 'print(', severity: 'note', problem: 'p', impact: 'i', action: 'a' }],
  });
  assert.equal(refused.ok, false);
  const errors = await options.$$eval('[data-options="pack-error"]', (items) => items.map((item) => ({ path: item.dataset.path, text: item.textContent })));
  const patternError = errors.find((error) => error.path === '/custom_rules/0/pattern');
  assert.ok(patternError, JSON.stringify(errors));
  assert.match(patternError.text, /RE2/);
  assert.match(patternError.text, /missing \)/, 'RE2\'s own message');
  assert.deepEqual((await browser.localItems())['atomReview.userPacks'] ?? [], stored, 'nothing stored');
  assert.equal(await options.locator('[data-options="pack"][data-pack-id="user:bad pack"]').count(), 0);
  await options.close();
});
