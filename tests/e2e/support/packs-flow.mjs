// The packs flow a user goes through on the options page (packs.test.mjs in Chromium,
// firefox.test.mjs in Firefox): a pack imported from a file and chosen for the repository turns a
// built-in rule off and adds a pattern rule; the files page then shows the pattern rule's finding
// (its words as text) and none of the rule turned off; back on the default pack, the rule's
// findings return. The imported pack stays (packs.test.mjs tries it on a pasted diff next).
// And a files page already open follows every pack change (an override, an import, the choice, a
// pack switched off) in place, without a reload.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  choosePack, importPack, openOptions, overrideRule, removePack, setPackEnabled,
} from './options-page.mjs';
import { REPO_ROOT } from './paths.mjs';
import {
  pullUrl, rememberDocumentAndPanel, sameDocumentAndPanel, shownRules, waitForRuleCount, waitUntil,
} from './review-page.mjs';

export const CUSTOM_RULE = 'X-e2e-sync';
export const PACK_NAME = 'e2e pack';
const LIVE_RULE = 'X-e2e-live';

/** The rule shown most often among `rules`. */
export function mostFrequent(rules) {
  const counts = new Map();
  for (const rule of rules) counts.set(rule, (counts.get(rule) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0][0];
}

// The rules of the findings a fresh files page of `pr` shows, once a finding of `waitForRule`
// (or any) is drawn.
async function findingRules(session, pr, waitForRule = null) {
  const page = await session.newPage();
  await page.goto(pullUrl(pr, 'files'));
  await page.waitForSelector(waitForRule ? `[data-atom-review="finding"][data-rule="${waitForRule}"]` : '[data-atom-review="finding"]',
    { timeout: 30000 });
  await new Promise((resolve) => { setTimeout(resolve, 500); }); // every marker of the result is drawn
  const rules = await page.$$eval('[data-atom-review="finding"]', (elements) => elements.map((element) => element.dataset.rule));
  const markup = await page.$$eval(`[data-atom-review="finding"][data-rule="${CUSTOM_RULE}"] b`, (elements) => elements.length);
  await page.close();
  assert.equal(markup, 0, 'the pack\'s words are text, never HTML');
  return rules;
}

export async function assertImportedPackShows(session, pr) {
  const before = await findingRules(session, pr);
  // Turn off a built-in rule the page shows now (the most frequent one).
  const offRule = mostFrequent(before);
  assert.ok(!before.includes(CUSTOM_RULE));

  const options = await openOptions(session);
  assert.deepEqual(await importPack(options, {
    name: PACK_NAME, version: '1', repos: [`${pr.owner}/${pr.repo}`],
    rules: { [offRule]: { enabled: false } },
    custom_rules: [{ id: CUSTOM_RULE, pattern: 'torch\\.cuda\\.synchronize\\(\\)', paths: ['atom/**'], severity: 'warn',
      problem: '<b>{match}</b> added in {path}', impact: 'the whole device waits', action: 'synchronize only the stream' }],
  }), { ok: true });
  await options.waitForSelector(`[data-options="pack"][data-pack-id="user:${PACK_NAME}"]`);

  const repo = `${pr.owner}/${pr.repo}`;
  await choosePack(options, repo, `user:${PACK_NAME}`);
  await options.waitForSelector(`[data-options="pack-choice"][data-repo="${repo.toLowerCase()}"]`);
  assert.match(await options.$eval('[data-options="pack-applies"]', (line) => line.textContent), new RegExp(PACK_NAME));

  const after = await findingRules(session, pr, CUSTOM_RULE);
  assert.ok(after.includes(CUSTOM_RULE), 'the custom rule\'s finding is shown');
  assert.equal(after.filter((rule) => rule === offRule).length, 0, `no finding of ${offRule}, which the pack turns off`);

  // Back to the default pack: the built-in rule's findings come back.
  await options.click(`[data-options="pack-choice"][data-repo="${repo.toLowerCase()}"] button`);
  await waitUntil(options, () => !document.querySelector('[data-options="pack-choice"]'), null, { what: 'the choice gone' });
  const restored = await findingRules(session, pr, offRule);
  assert.ok(!restored.includes(CUSTOM_RULE));
  await options.close();
}

export async function assertOpenPageFollowsPacks(session, pr) {
  const page = await session.newPage();
  await page.goto(pullUrl(pr, 'files'));
  await page.waitForSelector('[data-atom-review="panel"] [data-atom-review="question"]', { timeout: 30000 });
  await page.waitForSelector('[data-atom-review="finding"]', { timeout: 30000 });
  const before = await shownRules(page);
  const offRule = mostFrequent(before);
  const offCount = before.filter((rule) => rule === offRule).length;
  await rememberDocumentAndPanel(page);
  const options = await openOptions(session);
  const repo = `${pr.owner}/${pr.repo}`;

  // A rule of the built-in pack turned off, then back to the pack's own: its markers go and come back.
  await overrideRule(options, 'built-in:atom', offRule, 'off');
  await waitForRuleCount(page, offRule, 0);
  assert.equal((await shownRules(page)).length, before.length - offCount, 'only that rule\'s markers left');
  await overrideRule(options, 'built-in:atom', offRule, '');
  await waitForRuleCount(page, offRule, offCount);

  // A pack of its own (the built-in one's knowledge, that rule off), chosen for the repository;
  // then imported again with a custom rule; then switched off (the built-in pack applies again).
  const builtIn = JSON.parse(readFileSync(join(REPO_ROOT, 'core', 'packs', 'atom.json'), 'utf8'));
  const livePack = { ...builtIn, name: 'live pack', rules: { [offRule]: { enabled: false } } };
  assert.deepEqual(await importPack(options, livePack), { ok: true });
  await choosePack(options, repo, 'user:live pack');
  await waitForRuleCount(page, offRule, 0);
  assert.deepEqual(await importPack(options, { ...livePack, custom_rules: [{ id: LIVE_RULE, pattern: 'torch\\.cuda\\.synchronize\\(\\)',
    severity: 'warn', problem: '{match} added', impact: 'the whole device waits', action: 'synchronize only the stream' }] }), { ok: true });
  await waitForRuleCount(page, LIVE_RULE, 1);
  await setPackEnabled(options, 'live pack', false);
  await waitForRuleCount(page, LIVE_RULE, 0);
  await waitForRuleCount(page, offRule, offCount);
  assert.deepEqual((await shownRules(page)).sort(), before.sort(), 'the built-in pack\'s findings again');

  assert.ok(await sameDocumentAndPanel(page), 'no reload, and the panel redrawn in place');
  await removePack(options, 'live pack');
  await options.close();
  await page.close();
}
