// The list adapters in Chromium: on the classic list GitHub rendered (../shared/github-html)
// and on React list markup (github-dom.md §4), parsed without running any page script.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import * as esbuild from 'esbuild';
import { chromium } from 'playwright-core';
import { CHROMIUM } from '../e2e/support/browser.mjs';
import { renderClassicList, renderReactList } from '../e2e/support/list-pages.mjs';
import { REPO_ROOT, SHARED_DIR, sharedAvailable } from '../e2e/support/paths.mjs';

let browser;
let page;

before(async () => {
  const bundle = await esbuild.build({
    entryPoints: [join(REPO_ROOT, 'extension', 'content', 'adapters', 'list-index.js')],
    bundle: true, write: false, format: 'iife', globalName: 'atomListAdapters',
  });
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  page = await browser.newPage();
  await page.addScriptTag({ content: bundle.outputFiles[0].text });
});
after(async () => browser?.close());

/** [{pr, headSha, title, rowTag, filterPlaceFound}] the adapters find in `html`. */
function rowsIn(html) {
  return page.evaluate((pageHtml) => {
    const doc = new DOMParser().parseFromString(pageHtml, 'text/html');
    const { findListRows, findListFilterPlace } = globalThis.atomListAdapters;
    const rows = findListRows(doc).map(({ row, pr, headSha, title, titleLink }) => ({
      pr: `${pr.owner}/${pr.repo}#${pr.number}`, headSha, title, rowTag: row.tagName.toLowerCase(),
      titleLinkInRow: row.contains(titleLink),
    }));
    return { rows, filterPlaceFound: Boolean(findListFilterPlace(doc)) };
  }, html);
}

test('the classic list GitHub rendered: every pull request row, its head commit and title',
  { skip: !sharedAvailable() && 'needs ../shared' }, async () => {
    const html = readFileSync(join(SHARED_DIR, 'github-html', 'classic-2024-pr-list-turbo-frame-fragment.html'), 'utf8');
    const { rows, filterPlaceFound } = await rowsIn(html);
    const expectedRows = (html.match(/class="[^"]*\bjs-issue-row\b/g) ?? []).length;
    assert.ok(expectedRows > 0);
    assert.equal(rows.length, expectedRows, 'one row per .js-issue-row');
    assert.equal(new Set(rows.map((r) => r.pr)).size, rows.length, 'no row twice');
    for (const row of rows) {
      assert.match(row.pr, /^commercetools\/merchant-center-frontend#\d+$/);
      assert.match(row.headSha, /^[0-9a-f]{40}$/, `${row.pr} shows its head commit`);
      assert.ok(row.title.length > 0 && row.titleLinkInRow);
    }
    assert.equal(rows[0].pr, 'commercetools/merchant-center-frontend#18003');
    assert.equal(rows[0].title, '[PoC] Migrate test runner from jest to vitest');
    assert.ok(filterPlaceFound);
  });

test('our generated classic and React lists are read the same way', async () => {
  const rows = [{ number: 11, title: 'One <b>', author: 'a', headSha: 'f'.repeat(40) }, { number: 12, title: 'Two', author: 'b' }];
  const classic = await rowsIn(renderClassicList({ owner: 'ROCm', repo: 'ATOM', rows }));
  assert.deepEqual(classic.rows.map((r) => [r.pr, r.headSha, r.title, r.rowTag]),
    [['ROCm/ATOM#11', 'f'.repeat(40), 'One <b>', 'div'], ['ROCm/ATOM#12', null, 'Two', 'div']]);
  const react = await rowsIn(renderReactList({ owner: 'ROCm', repo: 'ATOM', rows }));
  assert.deepEqual(react.rows.map((r) => [r.pr, r.headSha, r.title, r.rowTag]),
    [['ROCm/ATOM#11', null, 'One <b>', 'li'], ['ROCm/ATOM#12', null, 'Two', 'li']]);
  assert.ok(classic.filterPlaceFound && react.filterPlaceFound);
});

test('React issue lists: only links to a pull request make a row; other links are ignored', async () => {
  const { rows } = await rowsIn(`<ul>
    <li><a data-testid="issue-pr-title-link" href="/o/r/pull/5">A pull request</a></li>
    <li><a data-testid="issue-pr-title-link" href="/o/r/issues/6">An issue</a></li>
    <li><a href="/o/r/pull/7/files">Files of 7</a></li>
    <li><a href="https://evil.example/o/r/pull/8">Elsewhere</a></li>
    <li><a href="/o/r/pull/9#issuecomment-1">Comment</a> <a href="/o/r/pull/9">Nine</a></li>
  </ul>`);
  assert.deepEqual(rows.map((r) => r.pr), ['o/r#5', 'o/r#9']);
});
