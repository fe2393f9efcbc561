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

  // What each store package asks the user for, spelled out here rather than read from manifest.json,
  // so that a new permission anywhere fails until it is written down.
  for (const [browser, zipName] of [['Chrome', 'atom-review-chrome.zip'], ['Firefox', 'atom-review-firefox.zip']]) {
    test(`${browser} package asks for exactly storage and the four GitHub hosts, and an Enterprise host only when added`, () => {
      const manifest = JSON.parse(readZip(readFileSync(join(dist, zipName)))['manifest.json']);
      assert.deepEqual(manifest.permissions, ['storage']);
      assert.deepEqual(manifest.host_permissions,
        ['https://github.com/*', 'https://patch-diff.githubusercontent.com/*', 'https://raw.githubusercontent.com/*',
          'https://codeload.github.com/*']);
      assert.deepEqual(manifest.optional_permissions, ['scripting']);
      assert.deepEqual(manifest.optional_host_permissions, ['https://*/*']);
      for (const key of ['web_accessible_resources',
        'externally_connectable', 'content_security_policy.sandbox']) {
        assert.equal(key.split('.').reduce((value, part) => value?.[part], manifest), undefined, `${key} is not asked for`);
      }
      assert.deepEqual(manifest.content_scripts.map((script) => script.matches), [['https://github.com/*']]);
      assert.deepEqual(manifest.content_security_policy, { extension_pages: "script-src 'self' 'wasm-unsafe-eval'; object-src 'self'" });
    });
  }

  test('the content script bundle holds no WebAssembly loader', () => {
    const content = readFileSync(join(dist, 'extension', 'content.js'), 'utf8');
    assert.doesNotMatch(content, /WebAssembly|createAtomEngine/);
  });
});
