// The built packages (after `node extension/build.mjs`): what each store receives.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { readZip } from './support/read-zip.mjs';

const root = join(import.meta.dirname, '..', '..');
const dist = join(root, 'dist');
const built = existsSync(join(dist, 'extension', 'manifest.json'));

describe('built extension packages', { skip: !built && 'run node extension/build.mjs first' }, () => {
  const source = JSON.parse(readFileSync(join(root, 'manifest.json'), 'utf8'));
  // Exactly what the extension needs, nothing else (no source maps, tests or sources).
  const FILES = ['background.js', 'content.css', 'content.js', 'manifest.json', 'options.css', 'options.html', 'options.js',
    'wasm/atom_engine.wasm'];

  test('the unpacked folder carries the manifest as written', () => {
    assert.deepEqual(JSON.parse(readFileSync(join(dist, 'extension', 'manifest.json'), 'utf8')), source);
  });

  test('Chrome package: service worker only, no Firefox settings', () => {
    const files = readZip(readFileSync(join(dist, 'atom-review-chrome.zip')));
    assert.deepEqual(Object.keys(files), FILES);
    const manifest = JSON.parse(files['manifest.json']);
    assert.deepEqual(manifest.background, { service_worker: 'background.js', type: 'module' });
    assert.equal(manifest.browser_specific_settings, undefined);
    assert.deepEqual(manifest.permissions, source.permissions);
  });

  test('Firefox package: background scripts and the gecko settings', () => {
    const files = readZip(readFileSync(join(dist, 'atom-review-firefox.zip')));
    assert.deepEqual(Object.keys(files), FILES);
    const manifest = JSON.parse(files['manifest.json']);
    assert.deepEqual(manifest.background, { scripts: ['background.js'], type: 'module' });
    assert.deepEqual(manifest.browser_specific_settings, source.browser_specific_settings);
  });

  test('the content script bundle holds no WebAssembly loader', () => {
    const content = readFileSync(join(dist, 'extension', 'content.js'), 'utf8');
    assert.doesNotMatch(content, /WebAssembly|createAtomEngine/);
  });
});
