// End to end: packs on the options page. A pack imported from a file, chosen for the repository,
// turns a built-in rule off and adds a pattern rule: the files page then shows the pattern rule's
// finding and none of the rule turned off. A pack with a pattern RE2 rejects shows RE2's own words
// at the pattern's JSON path and nothing is stored.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchWithExtension } from './support/browser.mjs';
import { startFakeGitHub } from './support/fake-github.mjs';
import { DEMO_PR, demoDiff } from './support/pull-requests.mjs';

const CUSTOM_RULE = 'X-e2e-sync';
const PACK_NAME = 'e2e pack';

let github;
let browser;
let extensionOrigin;

before(async () => {
  github = await startFakeGitHub();
  browser = await launchWithExtension({ port: github.port });
  extensionOrigin = `chrome-extension://${new URL(browser.serviceWorker.url()).host}`;
  github.addPullRequest({ ...DEMO_PR, diffBytes: demoDiff() });
});
after(async () => {
  await browser?.close();
  await github?.close();
});

const localItems = () => browser.serviceWorker.evaluate(() => chrome.storage.local.get(null));

async function openOptions() {
  const page = await browser.context.newPage();
  await page.goto(`${extensionOrigin}/options.html`);
  await page.waitForSelector('[data-options="pack-import"]');
  return page;
}

// The rules of the findings a files page of the demo PR shows, once a finding with `waitForRule`
// (or any) is drawn.
async function findingRules(waitForRule = null) {
  const page = await browser.context.newPage();
  await page.goto(`https://github.com/${DEMO_PR.owner}/${DEMO_PR.repo}/pull/${DEMO_PR.number}/files`);
  await page.waitForSelector(waitForRule ? `[data-atom-review="finding"][data-rule="${waitForRule}"]` : '[data-atom-review="finding"]',
    { timeout: 30000 });
  await page.waitForTimeout(500); // every marker of the result is drawn
  const rules = await page.$$eval('[data-atom-review="finding"]', (elements) => elements.map((element) => element.dataset.rule));
  await page.close();
  return rules;
}

const packFile = (pack) => ({ name: 'pack.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(pack)) });

test('an imported pack chosen for the repository: its custom rule fires, the rule it turns off does not', async () => {
  const before = await findingRules();
  // Turn off a built-in rule the page shows now (the most frequent one).
  const counts = new Map();
  for (const rule of before) counts.set(rule, (counts.get(rule) ?? 0) + 1);
  const [offRule] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0];
  assert.ok(!before.includes(CUSTOM_RULE));

  const options = await openOptions();
  await options.setInputFiles('#import-pack', packFile({
    name: PACK_NAME, version: '1', repos: [`${DEMO_PR.owner}/${DEMO_PR.repo}`],
    rules: { [offRule]: { enabled: false } },
    custom_rules: [{ id: CUSTOM_RULE, pattern: 'torch\\.cuda\\.synchronize\\(\\)', paths: ['atom/**'], severity: 'warn',
      problem: '<b>{match}</b> added in {path}', impact: 'the whole device waits', action: 'synchronize only the stream' }],
  }));
  await options.waitForSelector('[data-options="pack-import-status"].flash-success');
  await options.waitForSelector('[data-options="pack"][data-pack-id="user:e2e pack"]');
  assert.equal((await localItems())['atomReview.userPacks'][0].pack.name, PACK_NAME);

  await options.fill('#pack-choice-repo', `${DEMO_PR.owner}/${DEMO_PR.repo}`);
  await options.selectOption('#pack-choice-pack', 'user:e2e pack');
  await options.click('[data-options="pack-choice-button"]');
  await options.waitForSelector('[data-options="pack-choice"][data-repo="rocm/atom"]');
  assert.match(await options.textContent('[data-options="pack-applies"]'), /e2e pack/);

  const after = await findingRules(CUSTOM_RULE);
  assert.ok(after.includes(CUSTOM_RULE), 'the custom rule\'s finding is shown');
  assert.equal(after.filter((rule) => rule === offRule).length, 0, `no finding of ${offRule}, which the pack turns off`);

  // The pack's words are text, never HTML.
  const page = await browser.context.newPage();
  await page.goto(`https://github.com/${DEMO_PR.owner}/${DEMO_PR.repo}/pull/${DEMO_PR.number}/files`);
  const finding = await page.waitForSelector(`[data-atom-review="finding"][data-rule="${CUSTOM_RULE}"]`, { timeout: 30000 });
  assert.equal(await finding.$('b'), null);
  await page.close();

  // Back to the default pack: the built-in rule's findings come back.
  await options.click('[data-options="pack-choice"][data-repo="rocm/atom"] button');
  await options.waitForFunction(() => !document.querySelector('[data-options="pack-choice"]'));
  const restored = await findingRules(offRule);
  assert.ok(!restored.includes(CUSTOM_RULE));
  await options.close();
});

test('trying the imported pack on a pasted diff lists its findings as text', async () => {
  const options = await openOptions();
  await options.selectOption('#try-pack-pack', 'user:e2e pack');
  await options.fill('#try-pack-diff', demoDiff().toString('utf8'));
  await options.click('[data-options="try-pack-button"]');
  const finding = await options.waitForSelector(`[data-options="try-pack-finding"][data-rule="${CUSTOM_RULE}"]`, { timeout: 30000 });
  assert.match(await finding.textContent(), /torch\.cuda\.synchronize\(\).* added in atom\/model_engine\/model_runner\.py/);
  assert.equal(await finding.$('b'), null, 'the pack\'s words are text, never HTML');
  await options.close();
});

test('a pack whose pattern RE2 rejects: RE2\'s error at the pattern\'s path, and nothing stored', async () => {
  const stored = (await localItems())['atomReview.userPacks'] ?? [];
  const options = await openOptions();
  await options.setInputFiles('#import-pack', packFile({
    name: 'bad pack', repos: ['octo/demo'],
    custom_rules: [{ id: 'X-bad', pattern: 'print(', severity: 'note', problem: 'p', impact: 'i', action: 'a' }],
  }));
  await options.waitForSelector('[data-options="pack-import-status"].flash-error');
  const errors = await options.$$eval('[data-options="pack-error"]', (items) => items.map((item) => ({ path: item.dataset.path, text: item.textContent })));
  const patternError = errors.find((error) => error.path === '/custom_rules/0/pattern');
  assert.ok(patternError, JSON.stringify(errors));
  assert.match(patternError.text, /RE2/);
  assert.match(patternError.text, /missing \)/, 'RE2\'s own message');
  assert.deepEqual((await localItems())['atomReview.userPacks'] ?? [], stored, 'nothing stored');
  assert.equal(await options.locator('[data-options="pack"][data-pack-id="user:bad pack"]').count(), 0);
  await options.close();
});
