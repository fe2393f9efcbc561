// The manifest asks for exactly what contract.md allows, and no more.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

const root = join(import.meta.dirname, '..', '..');
const manifest = JSON.parse(readFileSync(join(root, 'manifest.json'), 'utf8'));

test('permissions: storage and the four GitHub hosts; an Enterprise host only when the user adds it', () => {
  assert.equal(manifest.manifest_version, 3);
  assert.deepEqual(manifest.permissions, ['storage']);
  assert.deepEqual(manifest.host_permissions,
    ['https://github.com/*', 'https://patch-diff.githubusercontent.com/*', 'https://raw.githubusercontent.com/*',
      'https://codeload.github.com/*']);
  // Asked for on the options page, one host at a time, when the user adds an Enterprise host.
  assert.deepEqual(manifest.optional_host_permissions, ['https://*/*']);
  assert.deepEqual(manifest.optional_permissions, ['scripting']);
  assert.equal(manifest.web_accessible_resources, undefined);
  assert.equal(manifest.externally_connectable, undefined);
});

test('one content script, on github.com', () => {
  assert.equal(manifest.content_scripts.length, 1);
  assert.deepEqual(manifest.content_scripts[0].matches, ['https://github.com/*']);
});

test('an options page for both browsers', () => {
  assert.deepEqual(manifest.options_ui, { page: 'options.html', open_in_tab: true });
});

test('every permission is explained in extension/README.md', () => {
  const readme = readFileSync(join(root, 'extension', 'README.md'), 'utf8');
  for (const permission of [...manifest.permissions, ...manifest.host_permissions, ...manifest.optional_permissions,
    ...manifest.optional_host_permissions]) {
    assert.ok(readme.includes(`\`${permission}\``), `${permission} is not explained`);
  }
});

test('extension pages may compile WebAssembly and nothing may eval', () => {
  const csp = manifest.content_security_policy.extension_pages;
  assert.equal(csp, "script-src 'self' 'wasm-unsafe-eval'; object-src 'self'");
  assert.doesNotMatch(csp, /'unsafe-eval'/);
});

test('background for both browsers; Firefox id, minimum version, no data collection', () => {
  assert.equal(manifest.background.type, 'module');
  assert.equal(manifest.background.service_worker, 'background.js');
  assert.deepEqual(manifest.background.scripts, ['background.js']);
  const gecko = manifest.browser_specific_settings.gecko;
  assert.match(gecko.id, /^[\w.-]+@[\w.-]+$/);
  assert.ok(gecko.strict_min_version);
  assert.deepEqual(gecko.data_collection_permissions, { required: ['none'] });
});
