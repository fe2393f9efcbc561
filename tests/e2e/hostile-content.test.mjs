// End to end: a pull request whose author controls everything the extension shows (file paths,
// diff lines, title, description, comments, check names) and a pack whose name and rule message
// are just as hostile: HTML, <script>, javascript: links, a right-to-left override, @team and
// @user mentions, #N references and 100 KB tokens without a space. On every surface (tier badges,
// line markers, the panel and its tooltips, the options page, the drafted review) they are inert
// text: no payload ran (it would set window.__atomPwned), none of our elements came from one, the
// draft mentions and links nobody, the hostile words are shown as text where they are shown, and
// a long token does not push the panel off the screen or widen a tier badge or the options page.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchWithExtension } from './support/browser.mjs';
import { serveConversation } from './support/conversation-pages.mjs';
import { startFakeGitHub } from './support/fake-github.mjs';
import { renderClassicList, renderReactList } from './support/list-pages.mjs';
import { DEMO_PR, demoDiff } from './support/pull-requests.mjs';

const RLO = '\u202e';
const LONG_TOKEN = 'W'.repeat(100_000);
// Each payload would set the flag if it ever became markup or a link that is followed.
const payloads = (n) => `<img src=x onerror=__atomPwned=${n}> <script>__atomPwned=${n + 1}</script> `
  + `[go](javascript:__atomPwned=${n + 2}) @ROCm/atom-maintainers @octocat #123 ${RLO}txt.exe`;
// A removed line a rule quotes (D4: a deleted check), so it reaches the line's marker, with a long token.
const HOSTILE_LINE = `assert topk <= 8 <img src=x onerror=__atomPwned=5> <script>__atomPwned=6</script> @ROCm/atom-maintainers ${RLO}x`;
const LINE_TOKEN = 'V'.repeat(20_000);
const HOSTILE_FILE = `atom/model_ops/moe<img src=x onerror=__atomPwned=1> @ROCm/atom-maintainers #123 ${RLO}gpj.py`;
const LONG_FILE = `atom/${'L'.repeat(100_000)}.py`;
const PR = {
  ...DEMO_PR, number: 4260, author: 'example-dev',
  title: `Fix <img src=x onerror=__atomPwned=20> <script>__atomPwned=21</script> [x](javascript:__atomPwned=22) @ROCm/atom-maintainers #123 ${RLO}`,
};
// The engine refuses a pack name that is not plain words (issue #42); this one is plain yet would
// autolink and reference an issue in a drafted review if it were not escaped.
const PACK = {
  name: 'www.evil.example GH-5', version: '<b>1</b>', description: payloads(31),
  repos: [`${PR.owner}/${PR.repo}`],
  custom_rules: [{ id: 'X-hostile', pattern: '__atomPwned=2', paths: ['atom/**'], severity: 'warn',
    problem: `<img src=x onerror=__atomPwned=40> {match} @ROCm/atom-maintainers #9 [x](javascript:__atomPwned=41) ${RLO}`,
    // The engine refuses a message over 2000 bytes: the longest token it takes.
    impact: payloads(42), action: 'W'.repeat(1990) }],
};

// The demo diff with moe.py renamed to HOSTILE_FILE, two of its blank lines holding payloads and
// a long token, its removed check holding HOSTILE_LINE and LINE_TOKEN, and a new file with a 100 KB path.
function hostileDiff() {
  const lines = demoDiff().toString('utf8').replaceAll('atom/model_ops/moe.py', HOSTILE_FILE).split('\n');
  const check = lines.indexOf('-    assert topk <= 8');
  assert.ok(check > 0, 'the demo diff changed: pick another removed line');
  lines[check] = `-    ${HOSTILE_LINE} ${LINE_TOKEN}`;
  const hunk = lines.indexOf('@@ -42,0 +46,13 @@');
  assert.deepEqual([lines[hunk + 8], lines[hunk + 9]], ['+', '+'], 'the demo diff changed: pick other lines');
  lines[hunk + 8] = `+# ${payloads(2)}`;
  lines[hunk + 9] = `+# ${LONG_TOKEN}`;
  return Buffer.from(`${lines.join('\n')}diff --git a/${LONG_FILE} b/${LONG_FILE}\nnew file mode 100644\nindex 0000000..1111111\n`
    + `--- /dev/null\n+++ b/${LONG_FILE}\n@@ -0,0 +1 @@\n+x = 1\n`);
}

const CONVERSATION = {
  description: `${payloads(50)}\n\n${LONG_TOKEN}`,
  commits: [{ sha: 'b'.repeat(40), message: payloads(60) }],
  comments: [{ author: 'mallory', body: payloads(70) }, { author: 'mallory', body: LONG_TOKEN }],
  reviews: [{ author: 'mallory', body: payloads(80), threads: [{ path: HOSTILE_FILE, line: 56, comments: [{ author: 'mallory', body: payloads(90) }] }] }],
  checks: [{ name: payloads(100), state: 'failure' }, { name: LONG_TOKEN, state: 'failure' }],
};

let github;
let browser;
let extensionOrigin;

before(async () => {
  github = await startFakeGitHub();
  browser = await launchWithExtension({ port: github.port });
  extensionOrigin = `chrome-extension://${new URL(browser.serviceWorker.url()).host}`;
  github.addPullRequest({ ...PR, diffBytes: hostileDiff() });
  serveConversation(github, PR, CONVERSATION);
  const rows = [{ ...PR, title: `${PR.title} ${LONG_TOKEN}`, author: 'mallory' }];
  github.addPage(`/${PR.owner}/${PR.repo}/pulls`, renderClassicList({ owner: PR.owner, repo: PR.repo, rows }));
  github.addPage(`/${PR.owner}/${PR.repo}/pulls?react=1`, renderReactList({ owner: PR.owner, repo: PR.repo, rows }));
});
after(async () => {
  await browser?.close();
  await github?.close();
});

// What must hold on a page (or the options page) for its `ours` elements: nothing ran, no element
// or attribute a payload would bring, every link a plain one, the hostile words there as text.
// `own`: the page's own elements that would count as foreign (the options page's forms and script).
function inspect(page, ours, own = null) {
  return page.evaluate(([selector, ownSelector]) => {
    const roots = Array.from(document.querySelectorAll(selector));
    const elements = roots.flatMap((root) => [root, ...root.querySelectorAll('*')]);
    return {
      pwned: window.__atomPwned ?? null,
      roots: roots.length,
      foreignElements: elements.filter((element) => /^(img|script|iframe|object|embed|frame|form|svg|math|b|details)$/i
        .test(element.localName) && !(ownSelector && element.matches(ownSelector))).map((element) => element.outerHTML.slice(0, 120)),
      handlers: elements.flatMap((element) => element.getAttributeNames().filter((name) => name.startsWith('on'))
        .map((name) => `${element.localName}[${name}]`)),
      links: elements.filter((element) => element.hasAttribute('href'))
        .map((element) => element.getAttribute('href'))
        .filter((href) => !/^(#|\/(?!\/)|https:\/\/github\.com\/)/.test(href)),
      // A bidi control reorders no more than the run it is in: its element is isolated.
      bidiLeaks: elements.filter((element) => Array.from(element.childNodes).some((node) => node.nodeType === 3
        && node.data.includes('\u202e')) && !/isolate|plaintext/.test(getComputedStyle(element).unicodeBidi))
        .map((element) => element.localName),
      text: roots.map((root) => `${root.textContent} ${Array.from(root.querySelectorAll('[title], [aria-label]'),
        (element) => `${element.title} ${element.getAttribute('aria-label') ?? ''}`).join(' ')}`).join('\n'),
    };
  }, [ours, own]);
}

function assertInert(shown, where) {
  assert.equal(shown.pwned, null, `${where}: a payload ran`);
  assert.ok(shown.roots > 0, `${where}: the extension drew something`);
  assert.deepEqual(shown.foreignElements, [], `${where}: elements from a payload`);
  assert.deepEqual(shown.handlers, [], `${where}: event handler attributes`);
  assert.deepEqual(shown.links, [], `${where}: links elsewhere`);
  assert.deepEqual(shown.bidiLeaks, [], `${where}: a bidi control not isolated`);
}

const OURS = '[data-atom-review]:not([data-atom-review] [data-atom-review])';

for (const tab of ['files', 'changes']) {
  test(`${tab} page: badges, markers, the panel and its tooltips show the hostile words as text, and the panel fits the screen`, async () => {
    const page = await browser.context.newPage();
    await page.goto(`https://github.com/${PR.owner}/${PR.repo}/pull/${PR.number}/${tab}`);
    await page.waitForSelector('[data-atom-review="finding"][data-rule="D1"] [data-atom-review="finding-marker"]', { timeout: 30000 });
    await page.waitForFunction(() => document.querySelectorAll('[data-atom-review="tier-badge"]').length >= 7, null, { timeout: 30000 });
    await page.click('[data-atom-review="finding"][data-rule="D1"] [data-atom-review="finding-marker"]'); // its details open
    const shown = await inspect(page, OURS);
    assertInert(shown, tab);
    assert.ok(shown.text.includes(HOSTILE_FILE), 'the hostile path is shown, as text');
    assert.ok(shown.text.includes(LONG_FILE.slice(0, 1000)), 'the long path is shown, as text');
    const layout = await page.evaluate(() => {
      const box = document.querySelector('[data-atom-review="panel"]').getBoundingClientRect();
      return { left: box.left, right: box.right, viewport: document.documentElement.clientWidth };
    });
    assert.ok(layout.left >= 0 && layout.right <= layout.viewport, `the panel stays on the screen: ${JSON.stringify(layout)}`);
    const badge = await page.$eval(`[data-atom-review="tier-badge"][data-path="${LONG_FILE}"]`, (element) => element.getBoundingClientRect().width);
    assert.ok(badge > 0 && badge < 300, `the long path's tier badge is bounded (${badge} px)`);
    await page.close();
  });

  test(`${tab} page: a hostile diff line reaches its line marker as inert text`, async () => {
    const page = await browser.context.newPage();
    await page.goto(`https://github.com/${PR.owner}/${PR.repo}/pull/${PR.number}/${tab}`);
    const marker = '[data-atom-review="finding"][data-rule="D4"][data-line="41"] [data-atom-review="finding-marker"]';
    await page.waitForSelector(marker, { timeout: 30000 });
    await page.click(marker); // its details open
    const shown = await inspect(page, OURS);
    assertInert(shown, `${tab} D4`);
    const text = await page.$eval('[data-atom-review="finding"][data-rule="D4"][data-line="41"]', (element) => element.textContent);
    assert.ok(text.includes(`the check \`${HOSTILE_LINE} ${LINE_TOKEN}\` is deleted`), 'the line is shown, as text');
    // The 20,000-character token wraps inside the opened finding (nothing overflows its box) and
    // the marker's summary is cut short.
    const layout = await page.$eval('[data-atom-review="finding"][data-rule="D4"][data-line="41"]', (element) => ({
      overflow: element.scrollWidth - element.clientWidth,
      marker: element.querySelector('[data-atom-review="finding-marker"]').getBoundingClientRect().width,
    }));
    assert.ok(layout.overflow <= 1 && layout.marker > 0 && layout.marker < 900, `the finding holds its text: ${JSON.stringify(layout)}`);
    await page.close();
  });
}

test('conversation page: the panel is inert text and the drafted review mentions, references and links nobody', async () => {
  const page = await browser.context.newPage();
  await page.goto(`https://github.com/${PR.owner}/${PR.repo}/pull/${PR.number}`);
  await page.waitForSelector('[data-atom-review="draft-button"]', { timeout: 30000 });
  await page.waitForFunction(() => !document.querySelector('[data-atom-review="review-source"]')?.textContent.includes('context is on its way'),
    null, { timeout: 5000 }).catch(() => {});
  await page.click('[data-atom-review="draft-button"]');
  const draft = await page.inputValue('#new_comment_field');
  assertInert(await inspect(page, OURS), 'conversation');
  assert.ok(draft.length > 0, 'a draft was written');
  // GitHub renders nothing inside a code span: no mention, reference, link or HTML. Outside them
  // every hostile word must be neutralised.
  const outsideCode = draft.replace(/(`+)[\s\S]*?[^`]\1(?!`)/g, ' ');
  assert.ok(!/`/.test(outsideCode), 'every code span is closed');
  for (const live of ['@ROCm/atom-maintainers', '@octocat', '#123', '#9 ']) {
    assert.ok(!outsideCode.includes(live), `the draft has no live ${live}`);
  }
  assert.doesNotMatch(outsideCode, /(^|[^\\])<(img|script|details)/i, 'no HTML in the draft');
  assert.doesNotMatch(outsideCode, /(^|[^\\])\]\((javascript:|https?:)/i, 'no link in the draft');
  assert.doesNotMatch(outsideCode, /!\[/, 'no image in the draft');
  assert.match(draft, /atomPwned/, 'the hostile words are in the draft, as text');
  // Where they are shown, as text: the title heads the draft (escaped, so GitHub renders it as
  // typed); the panel lists the failing check by name and the human comments by excerpt.
  assert.ok(draft.startsWith(`## ATOM PR #${PR.number} — Fix \\<img src=x onerror=\\_\\_atomPwned=20\\> \\<script\\>\\_\\_atomPwned=21\\</script\\>`),
    draft.slice(0, 200));
  const panel = await page.evaluate(() => ({
    checks: Array.from(document.querySelectorAll('[data-atom-review="ci-check"]'), (check) => check.dataset.name),
    checkText: document.querySelector('[data-atom-review="ci-check"]')?.textContent ?? '',
    comments: Array.from(document.querySelectorAll('[data-atom-review="review-comment"]'), (comment) => comment.textContent),
  }));
  assert.deepEqual(panel.checks, [CONVERSATION.checks[0].name], 'the hostile check (the 100 KB one is over the cap)');
  assert.ok(panel.checkText.includes(CONVERSATION.checks[0].name), 'the check name is shown, as text');
  assert.ok(panel.comments.some((text) => text.includes('<img src=x onerror=__atomPwned=70> <script>__atomPwned=71</script>')),
    `the comment is shown, as text: ${JSON.stringify(panel.comments).slice(0, 300)}`);
  const layout = await page.evaluate(() => {
    const box = document.querySelector('[data-atom-review="panel"]').getBoundingClientRect();
    return { left: box.left, right: box.right, viewport: document.documentElement.clientWidth };
  });
  assert.ok(layout.left >= 0 && layout.right <= layout.viewport, `the panel stays on the screen: ${JSON.stringify(layout)}`);
  await page.close();
});

for (const query of ['', '?react=1']) {
  test(`pull request list${query && ' (React)'}: the badge of a hostile row is inert and fits its row`, async () => {
    const page = await browser.context.newPage();
    await page.goto(`https://github.com/${PR.owner}/${PR.repo}/pulls${query}`);
    await page.waitForSelector('[data-atom-review="list-badge"][data-state="done"]', { timeout: 30000 });
    assertInert(await inspect(page, OURS), 'list');
    const box = await page.$eval('[data-atom-review="list-badge"]', (badge) => badge.getBoundingClientRect().toJSON());
    assert.ok(box.width < 400 && box.right <= await page.evaluate(() => document.documentElement.clientWidth) + 1,
      `the badge is bounded: ${JSON.stringify(box)}`);
    await page.close();
  });
}

test('options page: a hostile pack\'s name, version, description and rule message are text', async () => {
  const options = await browser.context.newPage();
  await options.goto(`${extensionOrigin}/options.html`);
  await options.waitForSelector('[data-options="pack-import"]');
  const hostileName = { ...PACK, name: `<img src=x onerror=__atomPwned=30> @octocat #5 ${RLO}` };
  await options.setInputFiles('#import-pack', { name: 'pack.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(hostileName)) });
  await options.waitForSelector('[data-options="pack-error"][data-path="/name"]', { timeout: 30000 });
  await options.setInputFiles('#import-pack', { name: 'pack.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(PACK)) });
  await options.click('[data-options="pack-import-confirm-button"]', { timeout: 30000 });
  await options.waitForSelector('[data-options="pack-import-status"].flash-success', { timeout: 30000 });
  await options.waitForSelector('[data-options="pack-name"]');
  await options.selectOption('#try-pack-pack', `user:${PACK.name}`);
  await options.fill('#try-pack-diff', hostileDiff().toString('utf8'));
  await options.click('[data-options="try-pack-button"]');
  await options.waitForSelector('[data-options="try-pack-finding"][data-rule="X-hostile"]', { timeout: 30000 });
  const shown = await inspect(options, 'body', 'main form, script[type="module"][src="options.js"], details[data-options="rule-standings"]');
  assert.equal(shown.pwned, null, 'a payload ran');
  assert.deepEqual(shown.foreignElements, [], 'elements from a payload');
  assert.deepEqual(shown.handlers, [], 'event handler attributes');
  assert.deepEqual(shown.links, [], 'links elsewhere');
  assert.ok(shown.text.includes(PACK.name), 'the pack\'s name is shown, as text');
  assert.ok(shown.text.includes('<img src=x onerror=__atomPwned=40>'), 'the rule\'s message is shown, as text');
  const width = await options.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(width <= 0, `the long token does not widen the options page (${width} px too wide)`);
  await options.close();
});

