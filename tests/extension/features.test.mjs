// shared/features.js is the one list of features: every feature the code runs is registered with a
// switch and a description, and each is drawn on fixture pages that an e2e test uses.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import * as esbuild from 'esbuild';
import { FEATURES, FEATURE_IDS } from '../../extension/shared/features.js';
import { isFeatureOn, loadSettings, setFeatureOn } from '../../extension/shared/settings.js';
import { fakeStorage } from './support/fake-storage.mjs';

const root = join(import.meta.dirname, '..', '..');
const e2eDir = join(root, 'tests', 'e2e');
const read = (path) => readFileSync(path, 'utf8');

function filesUnder(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

async function contentPageFeatureIds() {
  const bundle = await esbuild.build({
    entryPoints: [join(root, 'extension', 'content', 'page-features.js')], bundle: true, write: false, format: 'esm',
    platform: 'neutral', jsx: 'automatic', jsxImportSource: 'preact', logLevel: 'silent', mainFields: ['module', 'main'],
  });
  const { PAGE_FEATURES } = await import(`data:text/javascript;base64,${Buffer.from(bundle.outputFiles[0].text).toString('base64')}`);
  return PAGE_FEATURES.map((feature) => feature.id);
}

test('every feature has a unique id, a title, a one-line description and a place it runs', () => {
  assert.equal(new Set(FEATURE_IDS).size, FEATURE_IDS.length);
  for (const feature of FEATURES) {
    assert.match(feature.id, /^[a-z]+(?:-[a-z]+)*$/, feature.id);
    assert.ok(feature.title?.trim(), `${feature.id}: title`);
    assert.ok(feature.description?.trim(), `${feature.id}: description`);
    assert.doesNotMatch(feature.description, /\n/, `${feature.id}: one line`);
    assert.ok(['content', 'background'].includes(feature.runsIn), `${feature.id}: runsIn`);
    if (feature.partOf) assert.ok(FEATURE_IDS.includes(feature.partOf), `${feature.id}: part of a registered feature`);
  }
});

test('the content script runs exactly the registered content features', async () => {
  const registered = FEATURES.filter((feature) => feature.runsIn === 'content' && !feature.partOf).map((feature) => feature.id);
  assert.deepEqual((await contentPageFeatureIds()).sort(), registered.sort());
});

test('every feature that is not a page feature of its own is switched where it acts', () => {
  const code = filesUnder(join(root, 'extension')).filter((path) => /\.(js|jsx)$/.test(path)
    && !path.endsWith(join('shared', 'features.js')));
  for (const feature of FEATURES.filter((entry) => entry.partOf || entry.runsIn === 'background')) {
    const where = code.filter((path) => new RegExp(`(?:featureOn|isFeatureOn)\\([^)]*'${feature.id}'`).test(read(path)));
    assert.ok(where.length > 0, `${feature.id}: no code asks whether it is on`);
  }
});

test('every feature has a switch: it can be turned off and on again', async () => {
  const storage = fakeStorage();
  for (const id of FEATURE_IDS) {
    await setFeatureOn(storage, id, false);
    assert.equal(isFeatureOn(await loadSettings(storage), id), false, id);
    await setFeatureOn(storage, id, true);
    assert.equal(isFeatureOn(await loadSettings(storage), id), true, id);
  }
});

test('every feature names fixture pages that exist and an e2e test that uses them', () => {
  const support = filesUnder(join(e2eDir, 'support')).filter((path) => path.endsWith('.mjs'));
  const fakeGitHub = read(join(e2eDir, 'support', 'fake-github.mjs'));
  for (const feature of FEATURES) {
    assert.ok(feature.fixtures?.length > 0, `${feature.id}: no fixture page`);
    for (const { page, e2e } of feature.fixtures) {
      const exporters = support.filter((path) => new RegExp(`export (?:async )?function ${page}\\b`).test(read(path)));
      assert.equal(exporters.length, 1, `${feature.id}: ${page} is rendered by one tests/e2e/support module`);
      const testFile = join(e2eDir, e2e);
      assert.ok(existsSync(testFile), `${feature.id}: ${e2e} exists`);
      const source = read(testFile);
      // Files and conversation pages are served by the fake GitHub for each PR a test adds.
      const served = /addPullRequest\(/.test(source) && fakeGitHub.includes(`${page}(`);
      assert.ok(source.includes(`${page}(`) || served,
        `${feature.id}: ${e2e} uses ${page} (${relative(root, exporters[0])})`);
    }
  }
});
