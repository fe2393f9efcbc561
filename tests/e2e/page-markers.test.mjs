// End to end: the finding markers on files pages of both UIs, unified and split: one per
// finding, in the row showing its line; compact until opened; reachable from the keyboard.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { launchWithExtension } from './support/browser.mjs';
import { startFakeGitHub } from './support/fake-github.mjs';
import { diffAnchor } from './support/fixture-pages.mjs';
import { DEMO_PR, FILES_TABS, backgroundMeta, demoDiff } from './support/pull-requests.mjs';
import { referenceReview } from './support/reference-review.mjs';
import { trackRecordText } from '../../extension/content/views/track-record.js';

let github;
let browser;
let reference;

before(async () => {
  github = await startFakeGitHub();
  browser = await launchWithExtension({ port: github.port });
  const diffBytes = demoDiff();
  github.addPullRequest({ ...DEMO_PR, diffBytes });
  ({ result: reference } = await referenceReview(diffBytes, backgroundMeta(DEMO_PR)));
});
after(async () => {
  await browser?.close();
  await github?.close();
});

const findingKey = (f) => `${f.rule}|${f.path ?? ''}|${f.line ?? ''}|${f.line == null ? '' : (f.side ?? '')}`;

// For each finding element: its key, and whether it sits in a row whose own cells show its line.
function readMarkers(page) {
  return page.$$eval('[data-atom-review="finding"]', (elements) => elements.map((element) => {
    const { rule, path = null, line = null, side = null } = element.dataset;
    const row = element.closest('tr');
    const letter = side === 'old' ? 'L' : 'R';
    const diffSide = side === 'old' ? 'left' : 'right';
    const rowShowsLine = Boolean(row && line && row.querySelector(`[id$="${letter}${line}"], `
      + `[data-line-anchor$="${letter}${line}"], td[data-diff-side="${diffSide}"][data-line-number="${line}"]`));
    const marker = element.querySelector('[data-atom-review="finding-marker"]');
    return {
      key: `${rule}|${path ?? ''}|${line ?? ''}|${line === null ? '' : (side ?? '')}`,
      inRow: Boolean(row), rowShowsLine, containerId: element.closest('[id^="diff-"]')?.id ?? null, path,
      expanded: marker?.getAttribute('aria-expanded'), label: marker?.getAttribute('aria-label') ?? '',
      detailsHidden: element.querySelector('.atom-review-finding-details')?.hidden,
    };
  }));
}

async function waitForAllMarkers(page) {
  const count = reference.findings.length;
  await page.waitForFunction((n) => document.querySelectorAll('[data-atom-review="finding"]').length === n
    && document.querySelectorAll('[data-atom-review="tier-badge"]').length > 0, count, { timeout: 30000 });
  await page.waitForTimeout(300); // a debounced pass must not move or double anything
}

const lineFindings = () => reference.findings.filter((f) => f.path !== null && f.line !== null);

for (const { ui, tab } of FILES_TABS) {
  for (const view of ['unified', 'split']) {
    describe(`${ui} UI, ${view} view`, () => {
      test('one compact marker per finding, each line finding in the row that shows its line', async () => {
        assert.ok(lineFindings().length > 0, 'the demo diff has findings on lines');
        const page = await browser.context.newPage();
        await page.goto(`https://github.com/${DEMO_PR.owner}/${DEMO_PR.repo}/pull/${DEMO_PR.number}/${tab}${view === 'split' ? '?diff=split' : ''}`);
        await waitForAllMarkers(page);
        const markers = await readMarkers(page);
        assert.deepEqual(markers.map((m) => m.key).sort(), reference.findings.map(findingKey).sort());
        for (const finding of lineFindings()) {
          const shown = markers.find((m) => m.key === findingKey(finding));
          assert.ok(shown.inRow && shown.rowShowsLine, `${shown.key}: in the row of its line`);
          assert.equal(shown.containerId, diffAnchor(finding.path), `${shown.key}: inside its file`);
        }
        for (const marker of markers) {
          assert.equal(marker.expanded, 'false', `${marker.key}: starts closed`);
          assert.equal(marker.detailsHidden, true, `${marker.key}: details hidden`);
          assert.match(marker.label, /^(Must fix|Check|Note) \(/, `${marker.key}: labelled with its severity`);
        }
        await page.close();
      });
    });
  }
}

test('a marker opens to problem, impact, action, tag, trigger and the rule\'s track record, and closes with Escape', async () => {
  const page = await browser.context.newPage();
  await page.goto(`https://github.com/${DEMO_PR.owner}/${DEMO_PR.repo}/pull/${DEMO_PR.number}/files`);
  await waitForAllMarkers(page);
  const finding = reference.findings.find((f) => f.severity === 'red' && f.line !== null)
    // A preview rule's red is a note (core/rules/rule_status.json); its trigger stays.
    ?? reference.findings.find((f) => f.line !== null && f.trigger);
  const selector = `tr [data-atom-review="finding"][data-rule="${finding.rule}"][data-line="${finding.line}"]`;
  await page.click(`${selector} [data-atom-review="finding-marker"]`);
  const details = page.locator(`${selector} .atom-review-finding-details`);
  assert.equal(await details.isVisible(), true);
  const text = await details.textContent();
  for (const part of [finding.problem, finding.impact, finding.action, finding.trigger, finding.tag]) {
    assert.ok(text.includes(part), `details carry: ${part}`);
  }
  const record = reference.rules[finding.rule];
  assert.ok(record, `the reference review carries ${finding.rule}'s record`);
  assert.ok(text.includes(`Track record: ${trackRecordText(finding.rule, record)}`), 'details carry the track record');
  assert.equal(await page.getAttribute(`${selector} [data-atom-review="finding-marker"]`, 'aria-expanded'), 'true');
  await page.keyboard.press('Escape');
  assert.equal(await details.isVisible(), false);
  assert.equal(await page.getAttribute(`${selector} [data-atom-review="finding-marker"]`, 'aria-expanded'), 'false');
  await page.close();
});

test('Alt+J and Alt+K walk the findings in page order; plain J outside our elements stays GitHub\'s', async () => {
  const page = await browser.context.newPage();
  await page.goto(`https://github.com/${DEMO_PR.owner}/${DEMO_PR.repo}/pull/${DEMO_PR.number}/changes`);
  await waitForAllMarkers(page);
  const order = await page.$$eval('[data-atom-review="finding-marker"]',
    (markers) => markers.filter((m) => m.getClientRects().length > 0).map((m) => m.getAttribute('aria-controls')));
  assert.ok(order.length >= 2, 'at least two visible findings');
  const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-controls') ?? null);
  await page.evaluate(() => document.activeElement?.blur());
  await page.keyboard.press('j');
  assert.equal(await focused(), null, 'plain J with the focus on the page moves nothing of ours');
  await page.keyboard.press('Alt+j');
  assert.equal(await focused(), order[0]);
  await page.keyboard.press('Alt+j');
  assert.equal(await focused(), order[1]);
  await page.keyboard.press('k'); // the focus is on a finding now: plain K is ours
  assert.equal(await focused(), order[0]);
  await page.keyboard.press('Alt+k');
  assert.equal(await focused(), order.at(-1), 'wraps around');
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement.getAttribute('aria-expanded')), 'true');
  await page.close();
});

test('Alt+J / Alt+K are left alone while the user types: in a field, in contenteditable, while composing', async () => {
  const page = await browser.context.newPage();
  await page.goto(`https://github.com/${DEMO_PR.owner}/${DEMO_PR.repo}/pull/${DEMO_PR.number}/files`);
  await waitForAllMarkers(page);
  // Fields the page might have (a comment box, a search input, a select, a rich editor).
  await page.evaluate(() => {
    const place = document.createElement('div');
    place.id = 'typing-fields';
    for (const html of ['textarea', 'input', 'select', 'div']) {
      const field = document.createElement(html);
      field.id = `field-${html}`;
      if (html === 'div') field.contentEditable = 'true';
      if (html === 'select') field.append(new Option('one'), new Option('two'));
      place.append(field);
    }
    document.body.prepend(place);
  });
  const focusedId = () => page.evaluate(() => document.activeElement?.id ?? null);
  for (const id of ['field-textarea', 'field-input', 'field-select', 'field-div']) {
    await page.focus(`#${id}`);
    for (const key of ['Alt+j', 'Alt+k']) {
      await page.keyboard.press(key);
      assert.equal(await focusedId(), id, `${key} in #${id} keeps the focus there`);
    }
  }
  await page.evaluate(() => document.activeElement?.blur());
  const taken = await page.evaluate(() => {
    const event = new KeyboardEvent('keydown', { code: 'KeyJ', key: 'j', altKey: true, isComposing: true, bubbles: true, cancelable: true });
    document.body.dispatchEvent(event);
    return { prevented: event.defaultPrevented, focused: document.activeElement?.dataset?.atomReview ?? null };
  });
  assert.deepEqual(taken, { prevented: false, focused: null }, 'a key of an input method composing is not ours');
  await page.keyboard.press('Alt+j');
  assert.equal(await page.evaluate(() => document.activeElement?.dataset?.atomReview ?? null), 'finding-marker',
    'outside the fields Alt+J still moves to a finding');
  await page.close();
});
