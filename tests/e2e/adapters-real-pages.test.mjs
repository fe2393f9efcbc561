// The GitHub UI adapters against HTML that GitHub itself rendered (../shared/github-html),
// parsed in Chromium. Our own fixture pages are modelled on these; this keeps the model honest.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import * as esbuild from 'esbuild';
import { chromium } from 'playwright-core';
import { CHROMIUM } from './support/browser.mjs';
import { REPO_ROOT, SHARED_DIR, sharedAvailable } from './support/paths.mjs';

const SAVED = join(SHARED_DIR, 'github-html');
const anchorOf = (path) => `diff-${createHash('sha256').update(path).digest('hex')}`;

describe('GitHub UI adapters on saved GitHub pages', { skip: !sharedAvailable() && 'needs ../shared' }, () => {
  let browser;
  let page;

  before(async () => {
    const bundle = await esbuild.build({
      entryPoints: [join(REPO_ROOT, 'extension', 'content', 'adapters', 'index.js')],
      bundle: true, write: false, format: 'iife', globalName: 'atomAdapters',
    });
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
    page = await browser.newPage();
    await page.addScriptTag({ content: bundle.outputFiles[0].text });
  });
  after(async () => browser?.close());

  // Runs `probe(adapters, doc, extra)` in the browser on a saved page parsed without running its scripts.
  function onSavedPage(fileName, probe, extra = null) {
    const html = readFileSync(join(SAVED, fileName), 'utf8');
    return page.evaluate(([source, pageHtml, arg]) => {
      const doc = new DOMParser().parseFromString(pageHtml, 'text/html');
      return (0, eval)(`(${source})`)(globalThis.atomAdapters, doc, arg);
    }, [probe.toString(), html, extra]);
  }

  function describeContainers(adapters, doc) {
    return adapters.findFileContainers(doc).map(({ adapter, container }) => {
      const slot = adapter.headerBadgeSlot(container);
      return {
        ui: adapter.id,
        anchor: adapter.containerAnchor(container),
        path: adapter.pathOfContainer(container),
        slotHoldsPathLink: Boolean(slot?.querySelector(`a[href="#${container.id}"]`)),
      };
    });
  }

  test('classic files page: one container, its path, anchor and badge slot', async () => {
    const found = await onSavedPage('classic-2021-pr-files-unified-loggedout.html', describeContainers);
    const path = 'sourcereader/popular-cat-names.js';
    assert.deepEqual(found, [{ ui: 'classic', anchor: anchorOf(path), path, slotHoldsPathLink: true }]);
  });

  test('classic files page: rows of new and old lines', async () => {
    const rows = await onSavedPage('classic-2021-pr-files-unified-loggedout.html', (adapters, doc) => {
      const [{ adapter, container }] = adapters.findFileContainers(doc);
      const text = (line, side) => adapter.rowOfLine(container, line, side)?.querySelector('.blob-code-inner')?.textContent.trim() ?? null;
      return { new3: text(3, 'new'), old3: text(3, 'old'), new1: text(1, 'new'), missing: text(999, 'new') };
    });
    assert.deepEqual(rows, { new3: 'Kitt', old3: 'Tigger', new1: '// Most popular cat names', missing: null });
  });

  test('React files page: one region, its path, anchor and badge slot', async () => {
    const found = await onSavedPage('react-2026-pr-files-diff-panel-EXCERPT.html', describeContainers);
    const path = 'apps/dashboard/src/app/[locale]/(authenticated)/[company]/transport/tools/[id]/car-test-archive/page.tsx';
    assert.deepEqual(found, [{ ui: 'react', anchor: anchorOf(path), path, slotHoldsPathLink: true }]);
  });

  test('React files page: rows of new lines, by line anchor', async () => {
    const rows = await onSavedPage('react-2026-pr-files-diff-panel-EXCERPT.html', (adapters, doc) => {
      const [{ adapter, container }] = adapters.findFileContainers(doc);
      const anchorOfRow = (line, side) => adapter.rowOfLine(container, line, side)
        ?.querySelector('td.diff-text-cell')?.getAttribute('data-line-anchor') ?? null;
      return { new6: anchorOfRow(6, 'new'), new2: anchorOfRow(2, 'new'), old2: anchorOfRow(2, 'old'), missing: anchorOfRow(999, 'new') };
    });
    const anchor = anchorOf('apps/dashboard/src/app/[locale]/(authenticated)/[company]/transport/tools/[id]/car-test-archive/page.tsx');
    // Old line 2 is a context line: its row is the one that shows new line 2.
    assert.deepEqual(rows, { new6: `${anchor}R6`, new2: `${anchor}R2`, old2: `${anchor}R2`, missing: null });
  });

  test('React file header: the path without the button attribute, bidi marks stripped', async () => {
    const paths = await onSavedPage('react-2026-pr-files-file-header.html', (adapters, doc) => {
      const react = adapters.ADAPTERS.find((adapter) => adapter.id === 'react');
      const wrapper = doc.body;
      const withAttribute = react.pathOfContainer(wrapper);
      wrapper.querySelectorAll('[data-file-path]').forEach((element) => element.removeAttribute('data-file-path'));
      return { withAttribute, fromShownName: react.pathOfContainer(wrapper), slot: Boolean(react.headerBadgeSlot(wrapper)) };
    });
    const path = 'apps/dashboard/src/app/[locale]/(authenticated)/[company]/transport/tools/[id]/car-test-archive/page.tsx';
    assert.deepEqual(paths, { withAttribute: path, fromShownName: path, slot: true });
  });

  for (const fileName of ['classic-2021-pr-conversation-loggedout.html', 'classic-2024-pr-list-turbo-frame-fragment.html',
    'react-2026-pr-files-toolbar.html', 'react-2026-pr-tabs-nav.html']) {
    test(`${fileName}: no file containers (no false positives)`, async () => {
      assert.deepEqual(await onSavedPage(fileName, describeContainers), []);
    });
  }
});
